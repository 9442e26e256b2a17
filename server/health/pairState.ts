// A pair's health as the alerts see it, from its last stored connection test
// (server/repos/pairTests.ts): the health rules' own word for it
// (attention.ts, lastTestStatus), so the alerts and the status route agree.
import { lastTestStatus } from './attention';

export type AlertedPairState = 'ACTIVE' | 'INVALID';

/**
 * INVALID when the last test failed, ACTIVE when it passed; null when the pair
 * was never tested or a check could not run (nothing is known, nothing alerts).
 */
export function pairStateFromLastTest(lastTestOk: number | null): AlertedPairState | null {
  return lastTestStatus(lastTestOk === null ? null : lastTestOk === 1);
}
