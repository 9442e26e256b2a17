// A pair's health as the alerts see it, from its last stored connection test
// (server/repos/pairTests.ts). Part 1 of issue 25 puts the health rules in one
// home (cc_pair_status ACTIVE / PAUSED / INVALID); once merged, this is the one
// function to point at those rules.
export type AlertedPairState = 'ACTIVE' | 'INVALID';

/**
 * INVALID when the last test failed, ACTIVE when it passed; null when the pair
 * was never tested or a check could not run (nothing is known, nothing alerts).
 */
export function pairStateFromLastTest(lastTestOk: number | null): AlertedPairState | null {
  if (lastTestOk === null) return null;
  return lastTestOk === 1 ? 'ACTIVE' : 'INVALID';
}
