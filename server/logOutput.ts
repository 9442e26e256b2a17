// Where the log goes (stdout), made so that logging never stops the service:
// a full disk, a closed pipe or a reader that stopped reading must neither
// block a request nor end the process. Lines are written off the event loop;
// while the output fails, up to MAX_WAITING bytes wait in memory and are
// written once it works again, and lines beyond that are dropped and counted;
// on recovery the log says, once, how many went.
//
// Why not pino's own destination (sonic-boom, pino.destination): with
// `maxLength` it drops lines once full, but a dropped line never triggers a
// new write, so a log that filled up while the disk was full stays silent for
// ever; its flush at exit retries ENOSPC every 100 ms without end (the
// process hangs on its way out); and an 'error' nobody hears ends the process.
import { write, writeSync } from 'node:fs';

/** Log text held in memory while the output fails; past it, lines are dropped. */
export const MAX_WAITING = 1024 * 1024;
/** How soon a failed write is tried again (also without a new line to write). */
const RETRY_MS = 1000;
/** How long lines gather before they are written together. */
const GATHER_MS = 20;

export const droppedNotice = (dropped: number) =>
  dropped === 0
    ? 'The log output failed for a while; no log line was lost'
    : `${dropped} log line${dropped === 1 ? '' : 's'} dropped while the log output was failing`;

/** A pino destination (it needs only `write`) that never throws and never blocks. */
export class LogOutput {
  /** The bytes being written (what is left of them after a partial write). */
  #current: Buffer | null = null;
  #writing = false;
  /** The write of the lines gathered so far, due in GATHER_MS. */
  #gather: NodeJS.Timeout | undefined;
  #held: string[] = [];
  #heldBytes = 0;
  #failing = false;
  #dropped = 0;
  #retry: NodeJS.Timeout | undefined;
  #tell: (dropped: number) => void = () => {};

  readonly #fd: number;
  readonly #maxWaiting: number;

  constructor(fd = 1, maxWaiting = MAX_WAITING) {
    this.#fd = fd;
    this.#maxWaiting = maxWaiting;
  }

  write(line: string): boolean {
    const bytes = Buffer.byteLength(line);
    const waiting = this.#heldBytes + (this.#current?.length ?? 0);
    if (waiting + bytes > this.#maxWaiting) {
      this.#dropped += 1;
      this.#failing = true;
      return false;
    }
    this.#held.push(line);
    this.#heldBytes += bytes;
    if (!this.#writing) this.#gatherNext();
    return true;
  }

  /**
   * Lines go out together, at most one write every GATHER_MS: a busy server
   * logs each request, and a write each cost a seventh of its CPU (measured
   * under the bench's load). Lines that came while a write was on its way
   * wait for the next gathering too (sent at once, a write went out every few
   * requests: the thread pool's hand-offs cost about a sixth of a cached
   * list's CPU). The exit's flushSync writes what still waits.
   */
  #gatherNext() {
    if (this.#retry !== undefined || this.#gather !== undefined) return;
    this.#gather = setTimeout(() => {
      this.#gather = undefined;
      if (!this.#writing && this.#retry === undefined) this.#writeNext();
    }, GATHER_MS);
  }

  /** Called once each time the output works again after failing, with the lines it dropped. */
  onRecovery(tell: (dropped: number) => void) {
    this.#tell = tell;
  }

  /** Resolves once everything written so far is out, or the output failed, or `limitMs` passed. */
  async settled(limitMs: number): Promise<void> {
    const end = Date.now() + limitMs;
    while (this.#writing || (this.#held.length > 0 && this.#retry === undefined)) {
      if (Date.now() > end) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** At exit: one try to write what waits, without waiting or retrying. */
  flushSync() {
    if (this.#writing) return; // a write is on its way; its bytes must not be overtaken
    try {
      for (const chunk of [this.#current, Buffer.from(this.#held.join(''))]) {
        let rest = chunk ?? Buffer.alloc(0);
        while (rest.length > 0) rest = rest.subarray(writeSync(this.#fd, rest));
      }
    } catch {
      // The output fails: those lines are lost, and the exit goes on.
    }
  }

  #writeNext() {
    if (this.#current === null) {
      if (this.#held.length === 0) return this.#caughtUp();
      this.#current = Buffer.from(this.#held.join(''));
      this.#held = [];
      this.#heldBytes = 0;
    }
    this.#writing = true;
    write(this.#fd, this.#current, (error, written) => {
      this.#writing = false;
      if (error) {
        this.#failing = true;
        this.#retry = setTimeout(() => {
          this.#retry = undefined;
          this.#writeNext();
        }, RETRY_MS).unref();
        return;
      }
      const rest = this.#current?.subarray(written);
      this.#current = rest && rest.length > 0 ? rest : null;
      // The rest of a partial write goes on at once; new lines wait for their gathering.
      if (this.#current !== null) this.#writeNext();
      else if (this.#held.length > 0) this.#gatherNext();
      else this.#caughtUp();
    });
  }

  #caughtUp() {
    if (!this.#failing) return;
    this.#failing = false;
    const dropped = this.#dropped;
    this.#dropped = 0;
    this.#tell(dropped);
  }
}
