// What the connector-status rows say of sync jobs (D14): the facts workers
// reported (each null until one did), and the reasons a pair needs attention
// because of its runs. The rules are syncRules.ts's; this reads them for a list.
import type { Attention } from '../../src/contract/health';
import type { JobStatus } from '../../src/contract/sync';
import type { Db } from '../db/database';
import { inventorySizes } from '../repos/pairDocuments';
import {
  lastFinishedJobs,
  lastIndexSuccesses,
  openJobs,
  reportedPairIds,
  type JobRow,
} from '../repos/syncJobs';
import { lastCheckIn } from '../repos/workers';
import {
  inRepeatedErrorState,
  invalidByValidation,
  looksStalled,
  REPEATED_ERROR_RUNS,
  workerOnline,
  type SyncSettings,
} from './syncRules';

export interface PairSync {
  in_progress: boolean | null;
  last_success: string | null;
  last_finished_status: JobStatus | null;
  in_repeated_error_state: boolean | null;
  docs_indexed: number | null;
  attention: Attention[];
  invalid: boolean;
}

const NOT_REPORTED: PairSync = {
  in_progress: null,
  last_success: null,
  last_finished_status: null,
  in_repeated_error_state: null,
  docs_indexed: null,
  attention: [],
  invalid: false,
};

export interface SyncFacts {
  of(pair: { id: number; credential_id: number; refresh_freq: number | null }): PairSync;
  /** Until when (ms since the epoch) the answers stay true if the data does not change; null: for ever. */
  until: number | null;
}

export async function syncFacts(
  db: Db,
  pairIds: readonly number[],
  settings: SyncSettings,
  now: Date,
): Promise<SyncFacts> {
  const finished = await lastFinishedJobs(db, pairIds, 'index', REPEATED_ERROR_RUNS);
  const open = await openJobs(db);
  const sizes = await inventorySizes(db, pairIds);
  const checkIn = await lastCheckIn(db);
  const anyOnline = checkIn !== null && workerOnline(checkIn, now, settings);
  const lastSuccess = await lastIndexSuccesses(db);
  const started = await reportedPairIds(db);
  // Grouped once: filtering every open job for each pair was pairs × open jobs
  // (10,000 × 10,000 in the bench: seconds per list).
  const openByPair = new Map<number, JobRow[]>();
  for (const job of open) {
    const pairId = Number(job.cc_pair_id);
    openByPair.set(pairId, [...(openByPair.get(pairId) ?? []), job]);
  }
  const openOf = (pairId: number) => openByPair.get(pairId) ?? [];
  return {
    until: open.length > 0 ? now.getTime() + settings.checkInIntervalSeconds * 1000 : null,
    of(pair) {
      const jobs = openOf(pair.id);
      const attention: Attention[] = [];
      const waiting = jobs.find((job) => job.status === 'not_started');
      if (waiting && !anyOnline) {
        attention.push({
          reason: 'waiting_for_worker',
          since: waiting.time_created,
          message: 'A run waits, and no worker is online to claim it.',
        });
      }
      const stalled = jobs.find((job) => looksStalled(job, now, settings));
      if (stalled) {
        attention.push({
          reason: 'sync_stalled',
          since: stalled.last_progress_at ?? stalled.time_started ?? stalled.time_created,
          message: `Stalled: no heartbeat from its worker since ${stalled.last_progress_at ?? stalled.time_started}; it fails after ${settings.stallSeconds} seconds without one.`,
        });
      }
      const last: JobRow[] = finished.get(pair.id) ?? [];
      const repeated = inRepeatedErrorState(last, pair.refresh_freq);
      if (last[0]?.status === 'failed') {
        const times = last.findIndex((job) => job.status !== 'failed');
        const inRow = times === -1 ? last.length : times;
        attention.push({
          reason: 'sync_failed',
          since: last[0].time_finished ?? last[0].time_updated,
          message: `${inRow > 1 ? `Failed ${inRow} times in a row` : 'The last run failed'}: ${last[0].error_msg ?? 'no reason given'}.`,
        });
      }
      const invalid = invalidByValidation(last, pair.credential_id);
      if (!started.has(pair.id)) return { ...NOT_REPORTED, attention, invalid };
      return {
        in_progress: jobs.some((job) => job.status === 'in_progress'),
        last_success: lastSuccess.get(pair.id) ?? null,
        last_finished_status: (last[0]?.status as JobStatus | undefined) ?? null,
        in_repeated_error_state: repeated,
        docs_indexed: sizes.get(pair.id) ?? 0,
        attention,
        invalid,
      };
    },
  };
}
