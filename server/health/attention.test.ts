// The health rules (docs/operations.md, "Connector health: what each status means"), one by one: a pair's status in Onyx's words
// and each reason it needs attention.
import { describe, expect, it } from 'vitest';
import type { PairTest } from '../../src/contract/connectionChecks';
import {
  needsAttention,
  nextAttentionChange,
  pairHealth,
  pairStatus,
  type PairFacts,
} from './attention';

const NOW = new Date('2026-11-25T12:00:00Z');
const HOURS_AGO = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();
const settings = { retestHours: 24, now: NOW };

const passed: PairTest = {
  time: HOURS_AGO(1),
  ok: true,
  checks: [{ name: 'Jira sign-in', ok: true, message: 'Signed in as bot' }],
};
const failed: PairTest = {
  time: HOURS_AGO(2),
  ok: false,
  checks: [
    { name: 'Jira sign-in', ok: false, message: 'Jira refused the token (401)' },
    { name: 'Jira project ENG', ok: null, message: 'Not checked: the sign-in failed' },
  ],
};
const facts = (change: Partial<PairFacts> = {}): PairFacts => ({
  connectorStatus: 'ACTIVE',
  pausedAt: null,
  pairCreated: HOURS_AGO(3),
  lastTest: null,
  ...change,
});

describe('pairStatus', () => {
  it('a passing or absent last test is ACTIVE, a failing one INVALID', () => {
    expect(pairStatus(facts())).toBe('ACTIVE');
    expect(pairStatus(facts({ lastTest: passed }))).toBe('ACTIVE');
    expect(pairStatus(facts({ lastTest: failed }))).toBe('INVALID');
  });

  it('a test that could not check everything (ok null) is no failure', () => {
    expect(pairStatus(facts({ lastTest: { ...passed, ok: null } }))).toBe('ACTIVE');
  });

  it('a paused connector stays PAUSED whatever its last test', () => {
    expect(pairStatus(facts({ connectorStatus: 'PAUSED', lastTest: failed }))).toBe('PAUSED');
  });
});

describe('needsAttention', () => {
  it('a healthy, recently tested pair needs none', () => {
    expect(needsAttention(facts({ lastTest: passed }), settings)).toEqual([]);
  });

  it('a failed last test: since its time, naming the failed check and its words', () => {
    expect(needsAttention(facts({ lastTest: failed }), settings)).toEqual([
      {
        reason: 'last_test_failed',
        since: failed.time,
        message: 'The last connection test failed. Jira sign-in: Jira refused the token (401).',
      },
    ]);
  });

  it('untested for more than twice SOURCEDESK_RETEST_HOURS, counted from the last test', () => {
    const old = { ...passed, time: HOURS_AGO(49) };
    expect(needsAttention(facts({ lastTest: old }), settings)).toEqual([
      { reason: 'not_tested', since: old.time, message: 'Not tested for more than 48 hours.' },
    ]);
    expect(needsAttention(facts({ lastTest: { ...old, time: HOURS_AGO(47) } }), settings)).toEqual(
      [],
    );
  });

  it('never tested counts from when the pair was made', () => {
    const made = HOURS_AGO(100);
    expect(needsAttention(facts({ pairCreated: made }), settings)).toEqual([
      { reason: 'not_tested', since: made, message: 'Never tested for more than 48 hours.' },
    ]);
  });

  it('SOURCEDESK_RETEST_HOURS=0 turns the untested rule off', () => {
    expect(
      needsAttention(facts({ pairCreated: HOURS_AGO(1000) }), { ...settings, retestHours: 0 }),
    ).toEqual([]);
  });

  it('paused for more than 30 days; a paused pair is not held to re-tests', () => {
    const paused = facts({ connectorStatus: 'PAUSED', pairCreated: HOURS_AGO(2000) });
    expect(needsAttention({ ...paused, pausedAt: HOURS_AGO(29 * 24) }, settings)).toEqual([]);
    const since = HOURS_AGO(31 * 24);
    expect(needsAttention({ ...paused, pausedAt: since }, settings)).toEqual([
      {
        reason: 'paused_long',
        since,
        message: 'Paused for more than 30 days: nothing is indexed from it.',
      },
    ]);
  });

  it('a paused pair keeps its failed test as a reason', () => {
    const paused = facts({ connectorStatus: 'PAUSED', pausedAt: HOURS_AGO(1), lastTest: failed });
    expect(pairHealth(paused, settings)).toMatchObject({
      cc_pair_status: 'PAUSED',
      needs_attention: [{ reason: 'last_test_failed' }],
    });
  });
});

describe('nextAttentionChange: until when an answer stays true on the clock alone', () => {
  const at = (moment: number) => ({ ...settings, now: new Date(moment) });
  const reasons = (pair: PairFacts, moment: number) =>
    needsAttention(pair, at(moment)).map((found) => found.reason);

  it('a running pair: the moment "not tested" begins, and nothing before it', () => {
    const pair = facts({ lastTest: passed });
    const change = nextAttentionChange(pair, settings)!;
    expect(change).toBe(Date.parse(passed.time) + 48 * 3_600_000);
    expect(reasons(pair, change)).toEqual([]);
    expect(reasons(pair, change + 1)).toEqual(['not_tested']);
    // Once it has begun, the clock changes nothing more.
    expect(nextAttentionChange(pair, at(change + 1))).toBeNull();
  });

  it('a paused pair: the moment "paused long" begins; no change when the rule is off', () => {
    const pausedAt = HOURS_AGO(24);
    const pair = facts({ connectorStatus: 'PAUSED', pausedAt });
    const change = nextAttentionChange(pair, settings)!;
    expect(change).toBe(Date.parse(pausedAt) + 30 * 24 * 3_600_000);
    expect(reasons(pair, change)).toEqual([]);
    expect(reasons(pair, change + 1)).toEqual(['paused_long']);
    expect(nextAttentionChange(facts(), { ...settings, retestHours: 0 })).toBeNull();
  });
});
