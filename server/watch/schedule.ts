// The schedule of D14, run by the background watch: each round makes the due
// jobs of every active pair (syncRules.dueKinds) and ends the runs the rules
// end (stalled, never claimed). One instance at a time on PostgreSQL (a
// transaction-scoped advisory lock: an instance that finds it held skips the
// round); the partial unique index of 0020 keeps a second open job of a kind
// out whatever happens. `now` is given, so tests run it on a clock of their own.
import type { Store } from '../db/database';
import {
  endJob,
  insertScheduledJobs,
  lastFinishedJobs,
  lastJobTimes,
  openJobs,
  scheduledPairs,
  takeScheduleLock,
} from '../repos/syncJobs';
import {
  dueKinds,
  invalidByValidation,
  isStalled,
  NEVER_CLAIMED_MESSAGE,
  neverClaimed,
  STALL_MESSAGE,
  VALIDATION_ERRORS_FOR_INVALID,
  type SyncSettings,
} from '../health/syncRules';
import type { JobKind } from '../../src/contract/sync';

export interface RoundResult {
  /** Ids of the jobs made. */
  made: number[];
  /** Ids of the jobs the rules failed. */
  failed: number[];
  /** False when another instance held the round (PostgreSQL). */
  ran: boolean;
}

export async function scheduleRound(
  store: Store,
  settings: SyncSettings,
  now: Date,
): Promise<RoundResult> {
  try {
    return await store.db.transaction().execute(async (trx) => {
      if (store.dialect === 'postgres') {
        if (!(await takeScheduleLock(trx))) return { made: [], failed: [], ran: false };
      }
      const failed: number[] = [];
      for (const job of await openJobs(trx)) {
        const message = isStalled(job, now, settings.stallSeconds)
          ? STALL_MESSAGE(settings.stallSeconds)
          : neverClaimed(job, now)
            ? NEVER_CLAIMED_MESSAGE
            : null;
        if (message === null) continue;
        await endJob(trx, job.id, 'failed', message, now);
        failed.push(job.id);
      }
      const pairs = await scheduledPairs(trx);
      const open = new Set((await openJobs(trx)).map((job) => `${job.cc_pair_id}:${job.kind}`));
      const last = await lastJobTimes(trx);
      const finished = await lastFinishedJobs(
        trx,
        pairs.map((pair) => pair.id),
        'index',
        VALIDATION_ERRORS_FOR_INVALID,
      );
      const due: Record<JobKind, number[]> = { index: [], prune: [] };
      for (const pair of pairs) {
        const kinds = dueKinds(
          {
            paused: pair.status === 'PAUSED',
            invalid:
              pair.last_test_ok === 0 ||
              invalidByValidation(finished.get(pair.id) ?? [], Number(pair.credential_id)),
            hasCredential: pair.credential_id !== null,
            indexingStart: pair.indexing_start,
            refreshFreq: pair.refresh_freq === null ? null : Number(pair.refresh_freq),
            pruneFreq: pair.prune_freq === null ? null : Number(pair.prune_freq),
            lastIndex: last.get(`${pair.id}:index`) ?? null,
            lastPrune: last.get(`${pair.id}:prune`) ?? null,
            pairCreated: pair.time_created,
            openIndex: open.has(`${pair.id}:index`),
            openPrune: open.has(`${pair.id}:prune`),
          },
          now,
        );
        for (const kind of kinds) due[kind].push(pair.id);
      }
      // The due jobs made set-based, a statement per kind and chunk of pairs.
      const made = [
        ...(await insertScheduledJobs(trx, 'index', due.index, now)),
        ...(await insertScheduledJobs(trx, 'prune', due.prune, now)),
      ];
      return { made, failed, ran: true };
    });
  } finally {
    store.wrote?.();
  }
}
