// D12 on a thread of its own: a second better-sqlite3 connection to the same
// file (WAL, synchronous=FULL, foreign keys, busy timeout), owned by a
// worker_threads worker, runs the write transactions and the single writes,
// so a COMMIT's fsync waits on that thread while the event loop goes on
// serving reads on the main connection.
//
// The statements go in step: the event loop posts one on a MessagePort, moves
// a shared counter and waits for the answer's counter with `Atomics.wait`
// (tens of microseconds: a statement inside a write transaction never waits
// for a lock or a disk), so a transaction's statements cost no turn of the
// loop each. What may wait — a BEGIN IMMEDIATE for another process's lock, a
// COMMIT's fsync, a single write (its own commit) — is awaited with
// `Atomics.waitAsync`: the loop goes on meanwhile, and a write costs about one
// turn, its COMMIT. The worker blocks in `Atomics.wait` between statements and
// answers on the port (rows structured-cloned, Buffers restored); a SQLite
// error comes back with its `code` and is rebuilt as a SqliteError, so D3's and
// the storage errors' answers stay.
import { createRequire } from 'node:module';
import {
  MessageChannel,
  Worker,
  receiveMessageOnPort,
  type MessagePort,
} from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type { QueryResult } from 'kysely';

/** The shared counters: statements asked, statements answered, the worker ended. */
const ASKED = 0;
const ANSWERED = 1;
const ENDED = 2;

/** The worker's code (plain CommonJS, so that it needs no build step of its own). */
const WORKER_SOURCE = `
const { workerData, receiveMessageOnPort } = require('node:worker_threads');
const SQLite = require(workerData.module);
const counters = new Int32Array(workerData.counters);
const port = workerData.port;
const answer = (message) => {
  port.postMessage(message);
  Atomics.add(counters, ${ANSWERED}, 1);
  Atomics.notify(counters, ${ANSWERED});
};
try {
  const db = new SQLite(workerData.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = ' + workerData.busyTimeout);
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
  for (let open = true; open; ) {
    Atomics.wait(counters, ${ASKED}, handled);
    for (let entry; open && (entry = receiveMessageOnPort(port)); ) {
      handled++;
      if (entry.message.sql === null) {
        db.close();
        open = false;
        answer({ rows: [], inTransaction: false });
      } else answer(execute(entry.message));
    }
  }
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
  private readonly counters = new Int32Array(new SharedArrayBuffer(3 * 4));
  /** Whether a statement is out (one at a time: the dialect's write turn). */
  private out = false;
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
        counters: this.counters.buffer,
        port: port2,
        module: createRequire(import.meta.url).resolve('better-sqlite3'),
      },
      transferList: [port2],
    });
    // Its error (it could not start) ends it; the statements then fail.
    this.worker.on('error', () => undefined);
    // It keeps the process alive only while a statement is awaited.
    this.worker.unref();
  }

  /** Sends a statement; the answers' count before it. */
  private ask(sql: string | null, parameters: readonly unknown[]): number {
    if (Atomics.load(this.counters, ENDED)) throw ended();
    if (this.out) throw new Error('a statement is already out on the database thread');
    this.out = true;
    const before = Atomics.load(this.counters, ANSWERED);
    this.port.postMessage({ sql, parameters });
    Atomics.add(this.counters, ASKED, 1);
    Atomics.notify(this.counters, ASKED);
    return before;
  }

  /** The answer, once the answers' count moved past `before`. */
  private take(): Answer {
    this.out = false;
    for (let tries = 0; ; tries++) {
      const entry = receiveMessageOnPort(this.port);
      if (entry) return entry.message as Answer;
      if (Atomics.load(this.counters, ENDED) || tries > 1_000) throw ended();
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
   * A statement that waits for nothing (inside a write transaction: no lock,
   * no fsync), in step: the loop waits the thread's microseconds for it.
   */
  runNow<R>(sql: string, parameters: readonly unknown[]): QueryResult<R> {
    const before = this.ask(sql, parameters);
    while (Atomics.load(this.counters, ANSWERED) === before) {
      if (Atomics.load(this.counters, ENDED)) break;
      Atomics.wait(this.counters, ANSWERED, before, 1_000);
    }
    return this.result<R>(this.take());
  }

  /**
   * A statement that may wait (a lock, the COMMIT's fsync): the loop goes on
   * meanwhile. `inStepMs`: how long the loop waits in step first (a BEGIN
   * IMMEDIATE whose lock is free answers in microseconds).
   */
  async run<R>(
    sql: string | null,
    parameters: readonly unknown[],
    inStepMs = 0,
  ): Promise<QueryResult<R>> {
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
    return this.result<R>(this.take());
  }

  async close() {
    if (!Atomics.load(this.counters, ENDED)) await this.run(null, []).catch(() => undefined);
    await this.worker.terminate();
  }
}
