// D12 on a thread of its own: a second better-sqlite3 connection to the same
// file (WAL, synchronous=FULL, foreign keys, busy timeout), owned by a
// worker_threads worker, runs the write transactions and the single writes,
// so a COMMIT's fsync waits on that thread while the event loop goes on
// serving reads on the main connection.
//
// The statements go in step: the event loop writes one (v8.serialize) into a
// shared buffer, moves a shared counter and waits for the answer's counter
// with `Atomics.wait` (tens of microseconds: a statement inside a write
// transaction never waits for a lock or a disk), so a transaction's statements
// cost no turn of the loop each. Neither side spins while it waits for the
// other: on two shared cores a spinning thread holds the core the other needs,
// and a transaction cost twice the CPU and took longer (docs/performance.md,
// "Reads under writes: the statements in step, the fsync off the loop (d-wt4,
// 2026-11-29)"). What may wait — a BEGIN
// IMMEDIATE for another process's lock, a COMMIT's fsync, a single write's own
// commit — is awaited with `Atomics.waitAsync`: the loop goes on meanwhile, and
// a write costs about one turn, its COMMIT. What does not fit the buffer goes
// on a MessagePort instead. Rows come back with their Buffers restored; a
// SQLite error comes back with its `code` and is rebuilt as a SqliteError, so
// D3's and the storage errors' answers stay.
import { createRequire } from 'node:module';
import {
  MessageChannel,
  Worker,
  receiveMessageOnPort,
  type MessagePort,
} from 'node:worker_threads';
import { deserialize, serialize } from 'node:v8';
import SQLite from 'better-sqlite3';
import type { QueryResult } from 'kysely';

/** The shared counters: statements asked, statements answered, the worker ended, the last message's length (-1: on the port). */
const ASKED = 0;
const ANSWERED = 1;
const ENDED = 2;
const LENGTH = 3;
const HEADER = 4 * 4;
/** The shared buffer's room for a statement or an answer (a larger one goes on the port). */
const ROOM = 1 << 20;

/** The worker's code (plain CommonJS, so that it needs no build step of its own). */
const WORKER_SOURCE = `
const { workerData, receiveMessageOnPort } = require('node:worker_threads');
const { serialize, deserialize } = require('node:v8');
const SQLite = require(workerData.module);
const counters = new Int32Array(workerData.shared, 0, 4);
const room = new Uint8Array(workerData.shared, ${HEADER});
const port = workerData.port;
const receive = () => {
  const length = Atomics.load(counters, ${LENGTH});
  if (length >= 0) return deserialize(room.slice(0, length));
  for (;;) {
    const entry = receiveMessageOnPort(port);
    if (entry) return entry.message;
  }
};
const answer = (message) => {
  const bytes = serialize(message);
  if (bytes.length <= room.length) {
    room.set(bytes);
    Atomics.store(counters, ${LENGTH}, bytes.length);
  } else {
    port.postMessage(message);
    Atomics.store(counters, ${LENGTH}, -1);
  }
  Atomics.add(counters, ${ANSWERED}, 1);
  Atomics.notify(counters, ${ANSWERED});
};
try {
  // The busy timeout first: another connection may be recovering the WAL (after a crash).
  const db = new SQLite(workerData.file, { timeout: workerData.busyTimeout });
  db.pragma('busy_timeout = ' + workerData.busyTimeout);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  const kept = new Map();
  const prepared = (text) => {
    let statement = kept.get(text);
    if (statement) kept.delete(text);
    else {
      statement = db.prepare(text);
      if (kept.size >= workerData.kept) kept.delete(kept.keys().next().value);
    }
    kept.set(text, statement);
    return statement;
  };
  const bytes = (value) => (value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value) : value);
  const execute = ({ sql, parameters }) => {
    try {
      const statement = prepared(sql);
      const values = parameters.map(bytes);
      if (statement.reader) return { rows: statement.all(values), inTransaction: db.inTransaction };
      const { changes, lastInsertRowid } = statement.run(values);
      return { rows: [], changes, insertId: BigInt(lastInsertRowid), inTransaction: db.inTransaction };
    } catch (error) {
      return {
        error: { message: String(error && error.message), code: error && error.code },
        inTransaction: db.inTransaction,
      };
    }
  };
  let handled = 0;
  for (;;) {
    // Until the count moves: a wake-up alone may be the last statement's
    // notify, come late (the loop was taken off the core between its count
    // and its notify), when the buffer still holds this side's own answer.
    while (Atomics.load(counters, ${ASKED}) === handled) Atomics.wait(counters, ${ASKED}, handled);
    handled++;
    const request = receive();
    // The statements sent ahead (a savepoint, its release): an error of theirs is the answer.
    let failed = null;
    for (const text of request.ahead) {
      const done = execute({ sql: text, parameters: [] });
      if (done.error) {
        failed = done;
        break;
      }
    }
    if (failed) answer(failed);
    else if (request.sql === null) {
      db.close();
      answer({ rows: [], inTransaction: false });
      break;
    } else answer(execute(request));
  }
} catch (error) {
  // Told before it ends, so that the statement waiting says why (the error event comes later).
  port.postMessage({ fatal: { message: String(error && error.message), code: error && error.code } });
} finally {
  Atomics.store(counters, ${ENDED}, 1);
  Atomics.notify(counters, ${ANSWERED});
  port.close();
}
`;

interface Answer {
  rows?: Record<string, unknown>[];
  changes?: number;
  insertId?: bigint;
  error?: { message: string; code?: string };
  inTransaction: boolean;
}

/** A Buffer again where the structured clone made a Uint8Array of a blob. */
function buffers(row: Record<string, unknown>) {
  for (const key in row) {
    const value = row[key];
    if (value instanceof Uint8Array && !Buffer.isBuffer(value))
      row[key] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }
  return row;
}

/** `Atomics.waitAsync` (Node 16+; TypeScript's lib has it from es2024). */
interface AtomicsWaitAsync {
  waitAsync(
    array: Int32Array,
    index: number,
    value: number,
    timeout?: number,
  ): { async: false; value: string } | { async: true; value: Promise<string> };
}

const ended = () => new SQLite.SqliteError('the database thread ended', 'SQLITE_MISUSE');

export class WriteThread {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly shared = new SharedArrayBuffer(HEADER + ROOM);
  private readonly counters = new Int32Array(this.shared, 0, 4);
  private readonly room = new Uint8Array(this.shared, HEADER);
  /** Why the worker ended, once its error event came. */
  private failure: Error | null = null;
  /** Whether a statement is out: one at a time, the others wait in `waiting` (a transaction's statements sent at once, one awaited off the loop). */
  private out = false;
  private readonly waiting: (() => void)[] = [];
  /** Statements whose answers nobody reads, sent with the next one (each a round trip saved). */
  private readonly ahead: string[] = [];
  /** Whether the worker's connection is inside a transaction (after its last answer). */
  inTransaction = false;

  constructor(file: string, busyTimeout: number, kept: number) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        file,
        busyTimeout,
        kept,
        shared: this.shared,
        port: port2,
        module: createRequire(import.meta.url).resolve('better-sqlite3'),
      },
      transferList: [port2],
    });
    // Its error (it could not open the file, say) ends it; the statements then fail with it.
    this.worker.on('error', (error) => (this.failure = error));
    // It keeps the process alive only while a statement is awaited.
    this.worker.unref();
  }

  /** Why the worker ended: its error, as it told it before it ended or as its error event gave it. */
  private why(): Error {
    for (
      let entry = receiveMessageOnPort(this.port);
      entry;
      entry = receiveMessageOnPort(this.port)
    ) {
      const { fatal } = entry.message as { fatal?: { message: string; code?: string } };
      if (fatal)
        this.failure ??= new SQLite.SqliteError(fatal.message, fatal.code ?? 'SQLITE_ERROR');
    }
    return this.failure ?? ended();
  }

  /** Sends a statement; the answers' count before it. */
  private ask(sql: string | null, parameters: readonly unknown[]): number {
    if (Atomics.load(this.counters, ENDED)) throw this.why();
    this.out = true;
    const before = Atomics.load(this.counters, ANSWERED);
    const request = { sql, parameters, ahead: this.ahead.splice(0) };
    const bytes = serialize(request);
    if (bytes.length <= this.room.length) {
      this.room.set(bytes);
      Atomics.store(this.counters, LENGTH, bytes.length);
    } else {
      this.port.postMessage(request);
      Atomics.store(this.counters, LENGTH, -1);
    }
    Atomics.add(this.counters, ASKED, 1);
    Atomics.notify(this.counters, ASKED);
    return before;
  }

  /** The answer, once the answers' count moved past `before` (else the worker ended). */
  private take(before: number): Answer {
    this.out = false;
    this.waiting.shift()?.();
    if (Atomics.load(this.counters, ANSWERED) === before) throw this.why();
    const length = Atomics.load(this.counters, LENGTH);
    if (length >= 0) return deserialize(this.room.slice(0, length)) as Answer;
    for (let tries = 0; ; tries++) {
      const entry = receiveMessageOnPort(this.port);
      if (entry) return entry.message as Answer;
      if (tries > 1_000) throw ended();
      // The counter moved a moment before the message shows on this side.
      Atomics.wait(this.counters, ENDED, 0, 1);
    }
  }

  private result<R>(answer: Answer): QueryResult<R> {
    this.inTransaction = answer.inTransaction;
    if (answer.error) {
      const { message, code } = answer.error;
      throw code ? new SQLite.SqliteError(message, code) : new Error(message);
    }
    if (answer.changes === undefined) return { rows: answer.rows!.map(buffers) as R[] };
    return { numAffectedRows: BigInt(answer.changes), insertId: answer.insertId, rows: [] };
  }

  /**
   * A statement that waits for nothing and answers nothing to read (a
   * SAVEPOINT, its RELEASE), sent with the next statement, ahead of it; an
   * error of its is that statement's.
   */
  runAhead(sql: string) {
    this.ahead.push(sql);
  }

  /**
   * A statement, awaited: the loop waits for it in step at most `inStepMs`
   * (a statement inside a write transaction, a BEGIN IMMEDIATE whose lock is
   * free: tens of microseconds), then goes on meanwhile (a lock another
   * process holds, the COMMIT's fsync, the worker thread off the core on a
   * busy machine) and takes the answer in a turn of its own.
   */
  async run<R>(
    sql: string | null,
    parameters: readonly unknown[],
    inStepMs = 0,
  ): Promise<QueryResult<R>> {
    while (this.out) await new Promise<void>((resolve) => this.waiting.push(resolve));
    const before = this.ask(sql, parameters);
    if (inStepMs > 0) Atomics.wait(this.counters, ANSWERED, before, inStepMs);
    if (Atomics.load(this.counters, ANSWERED) === before) {
      this.worker.ref();
      try {
        while (Atomics.load(this.counters, ANSWERED) === before) {
          if (Atomics.load(this.counters, ENDED)) break;
          const waiting = (Atomics as unknown as AtomicsWaitAsync).waitAsync(
            this.counters,
            ANSWERED,
            before,
            1_000,
          );
          if (waiting.async) await waiting.value;
        }
      } finally {
        this.worker.unref();
      }
    }
    return this.result<R>(this.take(before));
  }

  async close() {
    if (!Atomics.load(this.counters, ENDED)) await this.run(null, []).catch(() => undefined);
    await this.worker.terminate();
  }
}
