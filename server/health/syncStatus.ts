// What the connector-status rows say of sync jobs (D14): the facts workers
// reported (each null until one did), and the reasons a pair needs attention
// because of its runs. The rules are syncRules.ts's; this reads them for a list.
import type { Attention } from '../../src/contract/health';
import type { JobStatus } from '../../src/contract/sync';
import type { Db } from '../db/database';
import { inventorySizes } from '../repos/pairDocuments';
import { lastIndexSuccessesOf, openJobsOfPairs } from '../repos/pairSyncVersions';
import { lastFinishedJobs, reportedPairIds, type JobRow } from '../repos/syncJobs';
import { lastCheckIn } from '../repos/workers';
import { Turns } from '../db/turns';
import {
  inRepeatedErrorState,
  invalidByValidation,
  looksStalled,
  OFFLINE_AFTER_INTERVALS,
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

/** What the rules read of one pair's jobs and inventory. */
export interface PairJobs {
  /** Its waiting and running jobs. */
  open: readonly JobRow[];
  /** Its last finished index jobs, newest first (at most REPEATED_ERROR_RUNS). */
  finished: readonly JobRow[];
  lastSuccess: string | null;
  /** A run of it was ever claimed: a worker has reported on it. */
  reported: boolean;
  documents: number;
}

/** What every pair's facts share: the time, the settings, whether any worker is online. */
export interface SyncMoment {
  now: Date;
  settings: SyncSettings;
  anyOnline: boolean;
}

/** Whether a worker of a live key is online now. */
export async function anyWorkerOnline(db: Db, now: Date, settings: SyncSettings) {
  const checkIn = await lastCheckIn(db);
  return {
    online: checkIn !== null && workerOnline(checkIn, now, settings),
    /** When that changes by the clock alone (a worker online goes offline); null: never. */
    until:
      checkIn === null
        ? null
        : Date.parse(checkIn) + OFFLINE_AFTER_INTERVALS * settings.checkInIntervalSeconds * 1000,
  };
}

/** The jobs and inventory of these pairs, read at once (the sizes when already known). */
export async function readPairJobs(
  db: Db,
  pairIds: readonly number[],
  sizes?: ReadonlyMap<number, number>,
): Promise<Map<number, PairJobs>> {
  // A turn between the reads and in the loops (server/db/turns.ts): connector-status's first build reads every pair's.
  const turns = new Turns();
  const finished = await lastFinishedJobs(db, pairIds, 'index', REPEATED_ERROR_RUNS);
  await turns.ifDue();
  const open = await openJobsOfPairs(db, pairIds);
  await turns.ifDue();
  const documents = sizes ?? (await inventorySizes(db, pairIds));
  await turns.ifDue();
  const lastSuccess = await lastIndexSuccessesOf(db, pairIds);
  await turns.ifDue();
  const reported = await reportedPairIds(db, pairIds);
  // Grouped once: filtering every open job for each pair was pairs × open jobs
  // (10,000 × 10,000 in the bench: seconds per list).
  const openByPair = new Map<number, JobRow[]>();
  for (const job of open) {
    if (turns.due()) await turns.next();
    const pairId = Number(job.cc_pair_id);
    let jobs = openByPair.get(pairId);
    if (!jobs) openByPair.set(pairId, (jobs = []));
    jobs.push(job);
  }
  const pairs = new Map<number, PairJobs>();
  for (const id of pairIds) {
    if (turns.due()) await turns.next();
    pairs.set(id, {
      open: openByPair.get(id) ?? [],
      finished: finished.get(id) ?? [],
      lastSuccess: lastSuccess.get(id) ?? null,
      reported: reported.has(id),
      documents: documents.get(id) ?? 0,
    });
  }
  return pairs;
}

/**
 * When the pair's facts change by the clock alone (a running job starts to
 * look stalled); null: not by the clock. A worker going offline is the
 * caller's (anyWorkerOnline).
 */
export function pairSyncUntil(jobs: PairJobs, settings: SyncSettings, now: Date): number | null {
  let until: number | null = null;
  const quiet = OFFLINE_AFTER_INTERVALS * settings.checkInIntervalSeconds * 1000;
  for (const job of jobs.open) {
    if (job.status !== 'in_progress') continue;
    // looksStalled is "more than" that long: true from the next millisecond.
    const at = Date.parse(job.last_progress_at ?? job.time_started ?? job.time_created) + quiet + 1;
    // One that looks stalled already stays so until a write (a heartbeat, the stall rule's end).
    if (at > now.getTime() && (until === null || at < until)) until = at;
  }
  return until;
}

/** The facts connector-status shows of one pair's runs, and why it needs attention because of them. */
export function pairSyncOf(
  jobs: PairJobs,
  pair: { credential_id: number; refresh_freq: number | null },
  { now, settings, anyOnline }: SyncMoment,
): PairSync {
  const attention: Attention[] = [];
  const waiting = jobs.open.find((job) => job.status === 'not_started');
  if (waiting && !anyOnline) {
    attention.push({
      reason: 'waiting_for_worker',
      since: waiting.time_created,
      message: 'A run waits, and no worker is online to claim it.',
    });
  }
  const stalled = jobs.open.find((job) => looksStalled(job, now, settings));
  if (stalled) {
    attention.push({
      reason: 'sync_stalled',
      since: stalled.last_progress_at ?? stalled.time_started ?? stalled.time_created,
      message: `Stalled: no heartbeat from its worker since ${stalled.last_progress_at ?? stalled.time_started}; it fails after ${settings.stallSeconds} seconds without one.`,
    });
  }
  const last = jobs.finished;
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
  if (!jobs.reported) return { ...NOT_REPORTED, attention, invalid };
  return {
    in_progress: jobs.open.some((job) => job.status === 'in_progress'),
    last_success: jobs.lastSuccess,
    last_finished_status: (last[0]?.status as JobStatus | undefined) ?? null,
    in_repeated_error_state: repeated,
    docs_indexed: jobs.documents,
    attention,
    invalid,
  };
}

export async function syncFacts(
  db: Db,
  pairIds: readonly number[],
  settings: SyncSettings,
  now: Date,
): Promise<SyncFacts> {
  const pairs = await readPairJobs(db, pairIds);
  const online = await anyWorkerOnline(db, now, settings);
  const moment = { now, settings, anyOnline: online.online };
  const open = [...pairs.values()].some((jobs) => jobs.open.length > 0);
  return {
    until: open ? now.getTime() + settings.checkInIntervalSeconds * 1000 : null,
    of(pair) {
      const jobs = pairs.get(pair.id);
      return jobs ? pairSyncOf(jobs, pair, moment) : { ...NOT_REPORTED };
    },
  };
}
