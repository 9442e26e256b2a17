// Long work in bounded turns: a loop over thousands of rows, or a read of
// many statements answered in step (server/db/writeThread.ts), gives the event
// loop back once it has held it TURN_MS, so that no request holds up the
// others (docs/performance.md, "connector-status's first build in bounded
// chunks (d-cs7, 2026-11-29)"). Bounded by time, not by a count of rows: a row's cost differs
// from one list to the next, and a busy machine makes every row slower.
import { setImmediate } from 'node:timers/promises';

/** How long a stretch of such work holds the loop before the others' turn, in ms. */
export const TURN_MS = 10;

/**
 * One piece of work's clock, from when it began or its last turn: a short
 * read never waits for a turn, and a long one takes one every TURN_MS (the
 * loop may have turned meanwhile, awaiting a statement: then it errs only
 * towards a turn sooner).
 */
export class Turns {
  private since = performance.now();

  /** Whether the work has held the loop its time: tested by a loop for each row, it costs no promise. */
  due(): boolean {
    return performance.now() - this.since >= TURN_MS;
  }

  /** The others' turn: what waits for the loop (requests, timers, answers) runs first. */
  async next(): Promise<void> {
    await setImmediate();
    this.since = performance.now();
  }

  /** A turn if due: between statements (a loop's rows test `due()` first). */
  async ifDue(): Promise<void> {
    if (this.due()) await this.next();
  }
}
