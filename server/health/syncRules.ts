// The rules of D14, in the health wing's one home for them: when the schedule
// makes a job, when a run has stalled or was never claimed, when a pair is in
// a repeated error state or INVALID from validation errors, when a worker is
// offline. Pure functions of stored facts and the time, so the scheduler, the
// status rows and the alerts read the same rules (unit-tested at their moments).
import type { JobKind, JobStatus } from '../../src/contract/sync';

const SECOND_MS = 1000;

/** D14's times, and how often the schedule looks (docs/workers.md, "Timing"). */
export interface SyncSettings {
  /** SOURCEDESK_SCHEDULER_INTERVAL_SECONDS: the schedule looks at least this often. */
  schedulerIntervalSeconds: number;
  /** SOURCEDESK_WORKER_STALL_SECONDS: a run with no heartbeat for this long fails. */
  stallSeconds: number;
  /** How often a worker checks in; 3 intervals without one: offline. */
  checkInIntervalSeconds: number;
}

export const DEFAULT_SYNC_SETTINGS: SyncSettings = {
  schedulerIntervalSeconds: 60,
  stallSeconds: 1800,
  checkInIntervalSeconds: 30,
};

/** A job not claimed within this fails. */
export const NEVER_CLAIMED_SECONDS = 12 * 60 * 60;
/** Finished index runs that all failed make the repeated error state (1 when on demand only). */
export const REPEATED_ERROR_RUNS = 5;
/** Validation errors in a row that make a pair INVALID, like failed re-tests. */
export const VALIDATION_ERRORS_FOR_INVALID = 5;
/** Check-in intervals without a check-in after which a worker is offline. */
export const OFFLINE_AFTER_INTERVALS = 3;

export const STALL_MESSAGE = (seconds: number) => `No heartbeat received for ${seconds} seconds`;
export const NEVER_CLAIMED_MESSAGE = 'No worker claimed this job';

const at = (time: string) => Date.parse(time);

/** What the schedule knows of one pair. */
export interface ScheduleFacts {
  paused: boolean;
  invalid: boolean;
  hasCredential: boolean;
  indexingStart: string | null;
  refreshFreq: number | null;
  pruneFreq: number | null;
  /** When the pair's last job of each kind was made (null: never). */
  lastIndex: string | null;
  lastPrune: string | null;
  /** When the pair was made: a prune never run counts from then (as Onyx's does). */
  pairCreated: string;
  /** Whether a job of each kind waits or runs. */
  openIndex: boolean;
  openPrune: boolean;
}

/** The kinds of job the schedule makes for a pair now (D14, "Schedule"). */
export function dueKinds(facts: ScheduleFacts, now: Date): JobKind[] {
  if (facts.paused || facts.invalid || !facts.hasCredential) return [];
  if (facts.indexingStart !== null && at(facts.indexingStart) > now.getTime()) return [];
  const due: JobKind[] = [];
  const passed = (last: string | null, freq: number) =>
    last === null || now.getTime() - at(last) >= freq * SECOND_MS;
  if (facts.refreshFreq !== null && !facts.openIndex && passed(facts.lastIndex, facts.refreshFreq))
    due.push('index');
  if (
    facts.pruneFreq !== null &&
    !facts.openPrune &&
    passed(facts.lastPrune ?? facts.pairCreated, facts.pruneFreq)
  )
    due.push('prune');
  return due;
}

/** What the stall and never-claimed rules know of an open job. */
export interface OpenJobFacts {
  status: JobStatus | (string & {});
  time_created: string;
  time_started: string | null;
  last_progress_at: string | null;
}

/** The heartbeat the stall rule counts from. */
const lastBeat = (job: OpenJobFacts) =>
  job.last_progress_at ?? job.time_started ?? job.time_created;

/** A running job without a heartbeat for `stallSeconds`: it fails (D14). */
export const isStalled = (job: OpenJobFacts, now: Date, stallSeconds: number) =>
  job.status === 'in_progress' && now.getTime() - at(lastBeat(job)) >= stallSeconds * SECOND_MS;

/** A waiting job nobody claimed within 12 hours: it fails (D14). */
export const neverClaimed = (job: OpenJobFacts, now: Date) =>
  job.status === 'not_started' &&
  now.getTime() - at(job.time_created) >= NEVER_CLAIMED_SECONDS * SECOND_MS;

/**
 * A running job that has missed three check-in intervals of heartbeats:
 * "Stalled" in the panel, before the stall rule fails it.
 */
export const looksStalled = (job: OpenJobFacts, now: Date, settings: SyncSettings) =>
  job.status === 'in_progress' &&
  now.getTime() - at(lastBeat(job)) >
    OFFLINE_AFTER_INTERVALS * settings.checkInIntervalSeconds * SECOND_MS;

/**
 * Repeated error state (Onyx's): the last 5 finished index runs all failed;
 * the last 1 when the pair runs on demand only. `finished`: newest first.
 */
export function inRepeatedErrorState(
  finished: readonly { status: string }[],
  refreshFreq: number | null,
): boolean {
  const runs = refreshFreq === null ? 1 : REPEATED_ERROR_RUNS;
  return finished.length >= runs && finished.slice(0, runs).every((job) => job.status === 'failed');
}

/**
 * INVALID from validation errors (D14): the last 5 finished index runs with the
 * pair's current credential all ended as validation errors (a swap starts over).
 */
export function invalidByValidation(
  finished: readonly { validation_error: number; credential_id: number }[],
  credentialId: number,
): boolean {
  const current = finished.filter((job) => Number(job.credential_id) === credentialId);
  return (
    current.length >= VALIDATION_ERRORS_FOR_INVALID &&
    current
      .slice(0, VALIDATION_ERRORS_FOR_INVALID)
      .every((job) => Number(job.validation_error) === 1)
  );
}

/** A worker is online until 3 check-in intervals pass without a check-in. */
export const workerOnline = (lastCheckIn: string, now: Date, settings: SyncSettings) =>
  now.getTime() - at(lastCheckIn) <
  OFFLINE_AFTER_INTERVALS * settings.checkInIntervalSeconds * SECOND_MS;
