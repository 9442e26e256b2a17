// The one home of a pair's health: its status in Onyx's words and
// why it needs attention, from what is stored about it. Pure functions, so the
// status route, the panel's answers and the alerts (which compare a pair's
// health before and after a re-test to find a change of state) read the same rules.
import { failedChecks, type PairTest } from '../../src/contract/connectionChecks';
import type { Attention, CcPairStatus } from '../../src/contract/health';

/** Why a pair is "not tested" at once (D15). */
export const NOT_TESTED_SINCE_CHANGE =
  'Not tested since a change: its credential was replaced without a test, or its address was edited. Test it now, or wait for the background re-test.';

/** A paused pair needs attention after this long (it indexes nothing meanwhile). */
export const PAUSED_ATTENTION_DAYS = 30;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** What is stored about a pair that its health depends on. */
export interface PairFacts {
  /** The connector's own: ACTIVE or PAUSED. */
  connectorStatus: string;
  /** When the connector was paused (null when running, or paused before 0013 recorded it). */
  pausedAt: string | null;
  /** When the pair was made (a pair never tested counts from then). */
  pairCreated: string;
  lastTest: PairTest | null;
  /** D15: since when a change (a swap without a test, an address edited) left no test behind it; null otherwise. */
  untestedSince?: string | null;
}

export interface HealthSettings {
  /** SOURCEDESK_RETEST_HOURS: a pair untested for twice this needs attention; 0 turns the rule off. */
  retestHours: number;
  now: Date;
}

export interface PairHealth {
  cc_pair_status: CcPairStatus;
  needs_attention: Attention[];
}

/**
 * What a last test says of a pair: INVALID when it failed, ACTIVE when it
 * passed; null when nothing is known (never tested, or not all checked). The
 * alerts compare this before and after a re-test (server/watch/alertSweep.ts).
 */
export function lastTestStatus(ok: boolean | null | undefined): 'ACTIVE' | 'INVALID' | null {
  if (ok === true) return 'ACTIVE';
  return ok === false ? 'INVALID' : null;
}

/** PAUSED while its connector is paused (the last test kept); INVALID when the last test failed; else ACTIVE. */
export function pairStatus(facts: PairFacts): CcPairStatus {
  if (facts.connectorStatus === 'PAUSED') return 'PAUSED';
  return lastTestStatus(facts.lastTest?.ok) ?? 'ACTIVE';
}

/** When the clock alone makes the pair "not tested" (ms since the epoch); null when it never does. */
function notTestedAfter(facts: PairFacts, settings: HealthSettings): number | null {
  // A paused pair is not re-tested; being paused long is its own reason.
  if (facts.connectorStatus === 'PAUSED' || settings.retestHours <= 0) return null;
  const tested = facts.lastTest?.time ?? facts.pairCreated;
  return Date.parse(tested) + 2 * settings.retestHours * HOUR_MS;
}

/** When the clock alone makes a paused pair "paused long"; null when it never does. */
function pausedLongAfter(facts: PairFacts): number | null {
  if (facts.connectorStatus !== 'PAUSED' || facts.pausedAt === null) return null;
  return Date.parse(facts.pausedAt) + PAUSED_ATTENTION_DAYS * DAY_MS;
}

/** Each reason the pair needs attention, oldest rule first; empty when it needs none. */
export function needsAttention(facts: PairFacts, settings: HealthSettings): Attention[] {
  const found: Attention[] = [];
  const { lastTest } = facts;
  const now = settings.now.getTime();
  if (lastTest?.ok === false) {
    found.push({
      reason: 'last_test_failed',
      since: lastTest.time,
      message: `The last connection test failed. ${failedChecks(lastTest.checks)}.`,
    });
  }
  const untested = notTestedAfter(facts, settings);
  if (!lastTest && facts.untestedSince && facts.connectorStatus !== 'PAUSED') {
    // D15: a change took away what the last test said; never healthy until a test speaks again.
    found.push({
      reason: 'not_tested',
      since: facts.untestedSince,
      message: NOT_TESTED_SINCE_CHANGE,
    });
  } else if (untested !== null && now > untested) {
    found.push({
      reason: 'not_tested',
      since: lastTest?.time ?? facts.pairCreated,
      message: `${lastTest ? 'Not tested' : 'Never tested'} for more than ${2 * settings.retestHours} hours.`,
    });
  }
  const pausedLong = pausedLongAfter(facts);
  if (pausedLong !== null && now > pausedLong) {
    found.push({
      reason: 'paused_long',
      since: facts.pausedAt!,
      message: `Paused for more than ${PAUSED_ATTENTION_DAYS} days: nothing is indexed from it.`,
    });
  }
  return found;
}

/**
 * The next moment (ms since the epoch) after `settings.now` at which the clock
 * alone changes what needsAttention says of the pair; null when it never will.
 * Until then an answer built from the same data stays true.
 */
export function nextAttentionChange(facts: PairFacts, settings: HealthSettings): number | null {
  const now = settings.now.getTime();
  const ahead = [notTestedAfter(facts, settings), pausedLongAfter(facts)].filter(
    (moment): moment is number => moment !== null && moment >= now,
  );
  return ahead.length === 0 ? null : Math.min(...ahead);
}

/** The pair's status and what needs attention: compare two of these to see a change of state. */
export const pairHealth = (facts: PairFacts, settings: HealthSettings): PairHealth => ({
  cc_pair_status: pairStatus(facts),
  needs_attention: needsAttention(facts, settings),
});
