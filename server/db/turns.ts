// Long work in bounded turns: a loop over thousands of rows, or a read of
// many statements answered in step (server/db/writeThread.ts), gives the event
// loop back once it has held it TURN_MS, so that no request holds up the
// others (docs/performance.md, "connector-status's first build in bounded
// chunks"). Bounded by time, not by a count of rows: a row's cost differs
// from one list to the next, and a busy machine makes every row slower.
import { setImmediate } from 'node:timers/promises';

/** How long a stretch of such work holds the loop before the others' turn, in ms. */
export const TURN_MS = 10;

/**
 * When the last turn given here ended. One clock for all such work: the loop
 * may have turned since for other reasons, so it errs only towards a turn sooner.
 */
let since = performance.now();

/** Whether the work has held the loop its time: tested by a loop for each row, it costs no promise. */
export const turnDue = (): boolean => performance.now() - since >= TURN_MS;

/** The others' turn: what waits for the loop (requests, timers, answers) runs first. */
export async function nextTurn(): Promise<void> {
  await setImmediate();
  since = performance.now();
}

/** A turn if due: between statements, or a loop's rows (`if (turnDue()) await nextTurn();`). */
export async function turnIfDue(): Promise<void> {
  if (turnDue()) await nextTurn();
}
