// D14's rules at their exact moments: the schedule, the stall and never-claimed
// rules, the repeated error state, INVALID from validation errors, offline workers.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SYNC_SETTINGS,
  dueKinds,
  inRepeatedErrorState,
  invalidByValidation,
  isStalled,
  looksStalled,
  neverClaimed,
  workerOnline,
  type ScheduleFacts,
} from './syncRules';

const T0 = '2026-01-01T00:00:00.000Z';
const after = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000);

const facts = (change: Partial<ScheduleFacts> = {}): ScheduleFacts => ({
  paused: false,
  invalid: false,
  hasCredential: true,
  indexingStart: null,
  refreshFreq: 3600,
  pruneFreq: null,
  lastIndex: null,
  lastPrune: null,
  pairCreated: T0,
  openIndex: false,
  openPrune: false,
  ...change,
});

describe('D14 schedule', () => {
  it('indexes at once when never run, then refresh_freq seconds after the last start', () => {
    expect(dueKinds(facts(), after(0))).toEqual(['index']);
    expect(dueKinds(facts({ lastIndex: T0 }), after(3599))).toEqual([]);
    expect(dueKinds(facts({ lastIndex: T0 }), after(3600))).toEqual(['index']);
  });

  it('never a second open job of a kind', () => {
    expect(dueKinds(facts({ openIndex: true }), after(0))).toEqual([]);
    expect(dueKinds(facts({ pruneFreq: 60, openPrune: true, lastIndex: T0 }), after(7200))).toEqual(
      ['index'],
    );
  });

  it('prunes prune_freq seconds after the last prune (or the pair was made)', () => {
    const pruning = facts({ refreshFreq: null, pruneFreq: 86400 });
    expect(dueKinds(pruning, after(86399))).toEqual([]);
    expect(dueKinds(pruning, after(86400))).toEqual(['prune']);
    expect(dueKinds({ ...pruning, lastPrune: after(86400).toISOString() }, after(86401))).toEqual(
      [],
    );
  });

  it('nothing for a paused, INVALID or credential-less pair, before indexing_start, or with refresh_freq null', () => {
    expect(dueKinds(facts({ paused: true }), after(0))).toEqual([]);
    expect(dueKinds(facts({ invalid: true }), after(0))).toEqual([]);
    expect(dueKinds(facts({ hasCredential: false }), after(0))).toEqual([]);
    expect(dueKinds(facts({ refreshFreq: null }), after(10 ** 6))).toEqual([]);
    const later = facts({ indexingStart: after(60).toISOString() });
    expect(dueKinds(later, after(59))).toEqual([]);
    expect(dueKinds(later, after(60))).toEqual(['index']);
  });
});

describe('D14 stall and never claimed', () => {
  const running = {
    status: 'in_progress',
    time_created: T0,
    time_started: T0,
    last_progress_at: T0,
  };
  it('a run fails at exactly SOURCEDESK_WORKER_STALL_SECONDS without a heartbeat', () => {
    expect(isStalled(running, after(1799), 1800)).toBe(false);
    expect(isStalled(running, after(1800), 1800)).toBe(true);
    expect(
      isStalled({ ...running, last_progress_at: after(1000).toISOString() }, after(1800), 1800),
    ).toBe(false);
  });

  it('looks stalled after 3 check-in intervals, before it fails', () => {
    expect(looksStalled(running, after(90), DEFAULT_SYNC_SETTINGS)).toBe(false);
    expect(looksStalled(running, after(91), DEFAULT_SYNC_SETTINGS)).toBe(true);
  });

  it('a waiting job fails 12 hours after it was made', () => {
    const waiting = {
      status: 'not_started',
      time_created: T0,
      time_started: null,
      last_progress_at: null,
    };
    expect(neverClaimed(waiting, after(12 * 3600 - 1))).toBe(false);
    expect(neverClaimed(waiting, after(12 * 3600))).toBe(true);
    expect(isStalled(waiting, after(10 ** 6), 1800)).toBe(false);
  });
});

describe('D14 repeated error state and INVALID', () => {
  const failed = { status: 'failed' };
  it('the last 5 finished index runs failed (the last 1 on demand)', () => {
    expect(inRepeatedErrorState([failed, failed, failed, failed], 3600)).toBe(false);
    expect(inRepeatedErrorState([failed, failed, failed, failed, failed], 3600)).toBe(true);
    expect(
      inRepeatedErrorState([failed, failed, failed, failed, { status: 'success' }], 3600),
    ).toBe(false);
    expect(inRepeatedErrorState([failed], null)).toBe(true);
    expect(inRepeatedErrorState([], null)).toBe(false);
  });

  it('5 validation errors in a row with the current credential; a swap starts over', () => {
    const validation = (credential_id: number) => ({ validation_error: 1, credential_id });
    const five = Array.from({ length: 5 }, () => validation(1));
    expect(invalidByValidation(five.slice(0, 4), 1)).toBe(false);
    expect(invalidByValidation(five, 1)).toBe(true);
    expect(invalidByValidation(five, 2)).toBe(false);
    expect(
      invalidByValidation([{ validation_error: 0, credential_id: 1 }, ...five.slice(1)], 1),
    ).toBe(false);
  });
});

describe('D14 workers', () => {
  it('offline after 3 check-in intervals without a check-in', () => {
    expect(workerOnline(T0, after(89), DEFAULT_SYNC_SETTINGS)).toBe(true);
    expect(workerOnline(T0, after(90), DEFAULT_SYNC_SETTINGS)).toBe(false);
  });
});
