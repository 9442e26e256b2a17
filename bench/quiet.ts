// The quiet-run discipline: the machine's load average (1 minute) at the bench's
// start and at its end, kept with the results; above 1.0 a warning row says the
// figures are a busy machine's, so they are never read as the product's.
import { loadavg } from 'node:os';
import type { Results } from './table';

/** Above this load average a row is marked busy: its figure is not the product's. */
export const QUIET = 1.0;

export const loadAverage = (): number => loadavg()[0]!;

export function reportMachineLoad(start: number, end: number, results: Results): void {
  results.add('Machine load average (1 min) at start', start, '');
  results.add('Machine load average (1 min) at end', end, '');
  const busiest = Math.max(start, end);
  if (busiest > QUIET)
    results.add(
      'WARNING: a busy machine: these figures are not the product’s; run again on a quiet one',
      busiest,
      'load',
      `≤ ${QUIET.toFixed(1)}`,
      false,
    );
}
