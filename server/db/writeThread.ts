// D12 on a thread of its own: a second better-sqlite3 connection to the same
// file (WAL, synchronous=FULL, foreign keys, busy timeout), owned by a
// worker_threads worker, runs the write transactions and the single writes,
// so a COMMIT's fsync waits on that thread while the event loop goes on
// serving reads on the main connection. Statements go as messages, rows come
// back structured-cloned; a SQLite error comes back with its `code` and is
// rebuilt as a SqliteError, so D3's and the storage errors' answers stay.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type { QueryResult } from 'kysely';

/** The worker's code (plain CommonJS, so that it needs no build step of its own). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.module);
const db = new SQLite(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = ' + workerData.busyTimeout);
const kept = new Map();
function prepared(text) {
  let statement = kept.get(text);
  if (statement) kept.delete(text);
  else {
    statement = db.prepare(text);
    if (kept.size >= workerData.kept) kept.delete(kept.keys().next().value);
  }
  kept.set(text, statement);
  return statement;
}
const bytes = (value) => (value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value) : value);
parentPort.on('message', ({ id, sql, parameters }) => {
  if (sql === null) {
    db.close();
    parentPort.postMessage({ id, inTransaction: false });
    return;
  }
  try {
    const statement = prepared(sql);
    const values = parameters.map(bytes);
    if (statement.reader) {
      parentPort.postMessage({ id, rows: statement.all(values), inTransaction: db.inTransaction });
    } else {
      const { changes, lastInsertRowid } = statement.run(values);
      parentPort.postMessage({ id, rows: [], changes, insertId: BigInt(lastInsertRowid), inTransaction: db.inTransaction });
    }
  } catch (error) {
    parentPort.postMessage({
      id,
      error: { message: String(error && error.message), code: error && error.code },
      inTransaction: db.inTransaction,
    });
  }
});
`;

interface Answer {
  id: number;
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

export class WriteThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<
    number,
    { resolve: (answer: Answer) => void; reject: (error: unknown) => void }
  >();
  private nextId = 0;
  private failure: unknown = null;
  /** Whether the worker's connection is inside a transaction (after its last answer). */
  inTransaction = false;

  constructor(file: string, busyTimeout: number, kept: number) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        file,
        busyTimeout,
        kept,
        module: createRequire(import.meta.url).resolve('better-sqlite3'),
      },
    });
    this.worker.on('message', (answer: Answer) => {
      const waiter = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if (this.waiting.size === 0) this.worker.unref();
      this.inTransaction = answer.inTransaction;
      waiter?.resolve(answer);
    });
    const fail = (error: unknown) => {
      this.failure = error;
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', () =>
      fail(new SQLite.SqliteError('the database thread ended', 'SQLITE_MISUSE')),
    );
    // It keeps the process alive only while a statement waits for its answer.
    this.worker.unref();
  }

  private send(sql: string | null, parameters: readonly unknown[]): Promise<Answer> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, sql, parameters });
    });
  }

  async run<R>(sql: string, parameters: readonly unknown[]): Promise<QueryResult<R>> {
    const answer = await this.send(sql, parameters);
    if (answer.error) {
      const { message, code } = answer.error;
      throw code ? new SQLite.SqliteError(message, code) : new Error(message);
    }
    if (answer.changes === undefined) return { rows: answer.rows!.map(buffers) as R[] };
    return {
      numAffectedRows: BigInt(answer.changes),
      insertId: answer.insertId,
      rows: [],
    };
  }

  async close() {
    if (!this.failure) await this.send(null, []).catch(() => undefined);
    await this.worker.terminate();
  }
}
