// A run's status and duration in words (D14; Onyx's statuses).
import type { JobStatus } from '../contract/sync';

const STATUS_WORDS: Record<JobStatus, string> = {
  not_started: 'Waiting for a worker',
  in_progress: 'Running',
  success: 'Succeeded',
  completed_with_errors: 'Completed with errors',
  failed: 'Failed',
  canceled: 'Canceled',
  interrupted: 'Interrupted (resumable)',
};

export const runStatusWords = (status: JobStatus) => STATUS_WORDS[status];

/** "4 min 5 s" from a start to an end (or to now while it runs); "—" before it starts. */
export function runDuration(start: string | null, end: string, running: boolean): string {
  if (start === null) return '—';
  const seconds = Math.max(
    0,
    Math.round(((running ? Date.now() : Date.parse(end)) - Date.parse(start)) / 1000),
  );
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
