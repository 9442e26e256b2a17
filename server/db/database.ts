// D12: SQLite embedded by default, WAL, synchronous=FULL, foreign keys on,
// behind Kysely so that the repositories stay portable.
import { accessSync, constants, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  SqliteDialect,
  type DatabaseConnection,
  type Dialect,
  type QueryResult,
} from 'kysely';
import type { SecretBox } from '../crypto/secretBox';
import {
  checkSecretBox,
  holdsSealedSecrets,
  loadSecretBox,
  sealPlainCredentials,
} from '../crypto/secretKey';
import { runMigrations } from './migrate';
import { makeOwnerOnlyFolder, narrowToOwner, ownerOnlyFile } from './ownerOnly';
import type { Tables } from './schema';
import type { ReadTopic } from '../../src/contract/endpoint';
import { topicRevisions } from './readRevisions';
import { RESTORE_ADVICE, StorageError, storageErrorAt } from './storageErrors';
import { watchWalIndex } from './walIndex';
import { WriteThread } from './writeThread';

export type Db = Kysely<Tables>;

export type DialectName = 'sqlite' | 'postgres';

/**
 * A transaction that only reads. With the write thread (threadedDialect) it
 * runs on the main connection and never waits behind the writes' batches;
 * PostgreSQL runs it READ ONLY. A write inside it fails on both.
 */
export const readingTransaction = (db: Db) => db.transaction().setAccessMode('read only');

/**
 * A long read's transaction (statements over thousands of rows): with the
 * write thread its statements run on the worker's connection, off the event
 * loop, after the writes queued before it. As a readingTransaction they would
 * run on the loop and hold every other request meanwhile: connector-status's
 * first build at 10,000 pairs kept `GET /api/version` waiting 0.8–2.4 s
 * instead of 0.46–0.6 s (docs/performance.md, "Reads beside writes:
 * read-only transactions (2026-11-29)").
 */
export const longReadTransaction = (db: Db) => db.transaction();

export interface Store {
  db: Db;
  dialect: DialectName;
  /** e.g. `sqlite:3.53.2` or `postgres:15.18`, for the version set (D9). */
  engine: string;
  /** File on disk, or null for an in-memory or PostgreSQL store. */
  file: string | null;
  /**
   * A token that changes whenever the database does, whoever wrote: on SQLite
   * this connection's own writes (total_changes) and commits by any other
   * process (data_version); on PostgreSQL a revision row every write bumps in
   * its own transaction, so a write through one instance counts at every other
   * from its next request. Caches keyed by it never serve a stale answer.
   */
  revision(): Promise<string>;
  /**
   * A token that changes whenever a table of one of `topics` does (migration
   * 0032), whoever wrote, as `revision()` does for any table: what a cached
   * answer or a remembered key is kept by (server/db/readRevisions.ts).
   */
  revisions(topics: readonly ReadTopic[]): Promise<string>;
  /**
   * The first statement of a write transaction. On PostgreSQL it bumps the
   * revision row, which also makes writes from all instances take turns; on
   * SQLite the transaction's BEGIN IMMEDIATE has done that already.
   */
  beginWrite(trx: Db): Promise<void>;
  /** A write transaction of this instance ended (PostgreSQL: the next request reads the revision once). */
  wrote?(): void;
  /** PostgreSQL: whether the revision is pushed (LISTEN) rather than read per request. */
  revisionPushed?(): boolean;
  /** The first statement of start-up work that must run once however many instances start. */
  beginSetup(trx: Db): Promise<void>;
  /** Seals and opens credential secrets (server/crypto). */
  secrets: SecretBox;
  close(): Promise<void>;
}

export const MEMORY = ':memory:';
export const DATABASE_FILE = 'sourcedesk.sqlite';
/** How long a write waits for another process's write (the key command, say) before it fails. */
const BUSY_TIMEOUT_MS = 10_000;

/**
 * Every transaction begins IMMEDIATE: it takes the write lock at its start and
 * waits for it (busy_timeout) instead of failing with "database is locked" when
 * a read has to turn into a write while another process writes. A rollback
 * after SQLite already rolled back (disk full does that) is skipped, so the
 * first error is the one reported.
 */
function immediateDialect(sqlite: SQLite.Database): Dialect {
  const base = new SqliteDialect({ database: sqlite });
  const prepared = keptStatements(sqlite);
  return {
    createAdapter: () => base.createAdapter(),
    createQueryCompiler: () => base.createQueryCompiler(),
    createIntrospector: (db) => base.createIntrospector(db),
    createDriver: () => {
      const driver = base.createDriver();
      const acquire = driver.acquireConnection.bind(driver);
      let kept: DatabaseConnection | null = null;
      driver.acquireConnection = async () => {
        const connection = await acquire();
        kept ??= {
          executeQuery: (compiled) => run(prepared(compiled.sql), compiled.parameters),
          streamQuery: (compiled, chunkSize) => connection.streamQuery(compiled, chunkSize),
        };
        return kept;
      };
      driver.beginTransaction = async (connection) => {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      };
      const rollback = driver.rollbackTransaction.bind(driver);
      driver.rollbackTransaction = async (connection) => {
        if (sqlite.inTransaction) await rollback(connection);
      };
      return driver;
    },
  };
}

const SELECT = /^\s*select\b/i;

/** How long the loop waits in step for a write transaction's BEGIN IMMEDIATE before it awaits it. */
const BEGIN_IN_STEP_MS = 1;
/**
 * How long it waits in step for a statement inside a write transaction (tens
 * of microseconds when the worker thread is on a core) before it awaits it, so
 * a busy machine that keeps the thread off the core does not hold the loop.
 */
const STATEMENT_IN_STEP_MS = 2;
/** The longest rest between two batches (their lock let go for other processes). */
const MOST_REST_MS = 20;

/** A promise chain: one holder at a time, in the order asked. */
function turns() {
  let last: Promise<void> = Promise.resolve();
  return async (): Promise<() => void> => {
    let release!: () => void;
    const previous = last;
    last = new Promise<void>((resolve) => (release = resolve));
    await previous;
    return release;
  };
}

/** The writes of one batch: they commit together, each acknowledged only after that COMMIT (D12). */
interface Batch {
  done: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
  /** Its COMMIT is asked for (it waits for the write turn). */
  closing: boolean;
}

function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const done = new Promise<void>((yes, no) => ((resolve = yes), (reject = no)));
  done.catch(() => undefined); // each member awaits it; none may be left unhandled
  return { done, resolve, reject, closing: false };
}

/** A single statement that may join a batch (a DML statement: a pragma or DDL runs alone). */
const BATCHED = /^\s*(insert|update|delete|replace|with)\b/i;

/** The group commit of the write thread's batches (threadedDialect), with the write turn they take. */
function groupCommit(thread: WriteThread, committed: () => void) {
  const writeTurn = turns();
  /** The open batch on the worker's connection, if any. */
  let batch: Batch | null = null;
  /** When the open batch took the lock; when the next may take it. */
  let heldSince = 0;
  let restUntil = 0;

  /** A statement of the open batch, in step; an error that ended the worker's transaction fails the batch. */
  const inBatch = async <R>(sql: string, parameters: readonly unknown[]) => {
    try {
      return await thread.run<R>(sql, parameters, STATEMENT_IN_STEP_MS);
    } catch (error) {
      if (batch && !thread.inTransaction) {
        batch.reject(error);
        batch = null;
      }
      throw error;
    }
  };
  /** With the write turn held: the open batch, or a new one (its BEGIN IMMEDIATE awaited if it must wait for a lock). */
  const joinBatch = async (): Promise<Batch> => {
    if (batch && thread.inTransaction) return batch;
    // Its transaction gone unnoticed (it should not happen): none of its writes is acknowledged.
    batch?.reject(new SQLite.SqliteError('the write transaction ended', 'SQLITE_ABORT'));
    // In step when the lock is free (microseconds); else awaited, the loop
    // going on while another process holds the lock.
    // The lock let go between batches at least as long as the last one held
    // it: another process (the key command) waiting for it gets its turn,
    // and the writes arriving meanwhile join this batch.
    const rest = restUntil - performance.now();
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    await thread.run('begin immediate', [], BEGIN_IN_STEP_MS);
    heldSince = performance.now();
    return (batch = newBatch());
  };
  /** With the write turn held: the open batch committed (the fsync off the loop). */
  const flush = async () => {
    const ending = batch;
    if (!ending) return;
    batch = null;
    try {
      await thread.run('commit', []);
      const now = performance.now();
      restUntil = now + Math.min(now - heldSince, MOST_REST_MS);
      ending.resolve();
    } catch (error) {
      ending.reject(error);
      // A failed COMMIT may leave the transaction open: undone, so the next batch begins afresh.
      if (thread.inTransaction) await thread.run('rollback', [], BEGIN_IN_STEP_MS).catch(() => {});
    } finally {
      committed();
    }
  };
  /** A member's write is in `member`: its batch's COMMIT asked for (after the writes already waiting), and awaited. */
  const committedWith = (member: Batch) => {
    if (!member.closing) {
      member.closing = true;
      // flush() settles the batch's promise whatever happens; nothing else to report here.
      void writeTurn()
        .then(async (release) => {
          try {
            if (batch === member) await flush();
          } finally {
            release();
          }
        })
        .catch(() => {});
    }
    return member.done;
  };

  return { writeTurn, inBatch, joinBatch, flush, committedWith, open: () => batch };
}

/** A statement of a read-only transaction: the main connection never writes (PostgreSQL refuses it in READ ONLY too). */
function onlyReading(statement: SQLite.Statement): SQLite.Statement {
  if (!statement.readonly)
    throw new Error(`a write inside a read-only transaction: ${statement.source.slice(0, 60)}`);
  return statement;
}

/** A read-only transaction's end, on the main connection; the read turn passed on. */
function endReading(
  sqlite: SQLite.Database,
  connection: { reading: boolean; release: (() => void) | null },
  sql: string,
) {
  try {
    if (sqlite.inTransaction) sqlite.exec(sql);
  } finally {
    connection.reading = false;
    connection.release?.();
    connection.release = null;
  }
}

/**
 * The writes on a thread of their own (server/db/writeThread.ts): every
 * transaction that writes and every single statement that writes runs on the
 * worker's connection, one at a time, in step (no turn of the loop each); a
 * single statement that only reads runs at once on the main connection (WAL:
 * it sees every commit). Group commit: the writes that take their turn while
 * the last COMMIT's fsync is out run one after the other in one transaction of
 * the worker's (each its own SAVEPOINT, so a failing one undoes only its own
 * changes), then one COMMIT, awaited off the loop, acknowledges them all — no
 * write answers before the COMMIT that holds it (D12), and a failed COMMIT
 * fails each of them. `committed` runs after each COMMIT (the revision's turn
 * cache forgets the data_version it read). A read-only transaction
 * (`setAccessMode('read only')`) stays on the main connection, one at a time,
 * so a list's build never queues behind writes.
 */
function threadedDialect(
  sqlite: SQLite.Database,
  thread: WriteThread,
  committed: () => void,
): Dialect {
  const base = new SqliteDialect({ database: sqlite });
  const prepared = keptStatements(sqlite);
  const readTurn = turns();
  const { writeTurn, inBatch, joinBatch, flush, committedWith, open } = groupCommit(
    thread,
    committed,
  );
  class Connection implements DatabaseConnection {
    /** In a write transaction of this batch, on the worker's connection. */
    member: Batch | null = null;
    /** In a read-only transaction, on the main connection (a plain BEGIN: it waits for no write). */
    reading = false;
    release: (() => void) | null = null;
    async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
      // Inside the write transaction: in step, no turn of the loop each.
      if (this.member) return inBatch<R>(compiled.sql, compiled.parameters);
      if (this.reading) return run<R>(onlyReading(prepared(compiled.sql)), compiled.parameters);
      // Only a select is prepared here: this connection's schema may be older
      // than the thread's last change (a DDL text is checked at its prepare).
      if (SELECT.test(compiled.sql)) {
        const statement = prepared(compiled.sql);
        if (statement.readonly) return run<R>(statement, compiled.parameters);
      }
      const release = await writeTurn();
      if (!BATCHED.test(compiled.sql)) {
        // A pragma or DDL: alone, after the open batch's COMMIT.
        try {
          await flush();
          return await thread.run<R>(compiled.sql, compiled.parameters);
        } finally {
          release();
          committed();
        }
      }
      let member: Batch;
      let result: QueryResult<R>;
      try {
        member = await joinBatch();
        result = await inBatch<R>(compiled.sql, compiled.parameters);
      } finally {
        release();
      }
      await committedWith(member);
      return result;
    }
    // eslint-disable-next-line require-yield
    async *streamQuery(): AsyncIterableIterator<QueryResult<never>> {
      throw new Error('streamed queries are not used on SQLite');
    }
  }
  /** A write transaction's end: its savepoint let go (kept, or undone first), the write turn passed on. */
  const endWriting = async (connection: Connection, keep: boolean) => {
    const member = connection.member!;
    try {
      // Its batch may have ended already (an error that ended the worker's transaction).
      if (open() === member && thread.inTransaction) {
        if (keep) thread.runAhead('release write');
        else {
          await inBatch('rollback to write', []);
          await inBatch('release write', []);
        }
      } else if (keep) throw new Error('the write transaction was ended by an earlier error');
    } finally {
      connection.member = null;
      connection.release?.();
      connection.release = null;
    }
    return member;
  };
  return {
    createAdapter: () => base.createAdapter(),
    createQueryCompiler: () => base.createQueryCompiler(),
    createIntrospector: (db) => base.createIntrospector(db),
    createDriver: () => ({
      init: async () => {},
      acquireConnection: async () => new Connection(),
      beginTransaction: async (connection, settings) => {
        const own = connection as Connection;
        if (settings.accessMode === 'read only') {
          own.release = await readTurn();
          own.reading = true;
          sqlite.exec('begin');
          return;
        }
        own.release = await writeTurn();
        try {
          const member = await joinBatch();
          thread.runAhead('savepoint write');
          own.member = member;
        } catch (error) {
          own.release();
          own.release = null;
          throw error;
        }
      },
      commitTransaction: async (connection) => {
        const own = connection as Connection;
        if (own.reading) return endReading(sqlite, own, 'commit');
        await committedWith(await endWriting(own, true));
      },
      rollbackTransaction: async (connection) => {
        const own = connection as Connection;
        if (own.reading) return endReading(sqlite, own, 'rollback');
        const member = await endWriting(own, false);
        // Nothing of its own to wait for; the batch's others commit without it.
        if (!member.closing && open() === member) void committedWith(member);
      },
      releaseConnection: async () => {},
      destroy: async () => {
        const release = await writeTurn();
        try {
          await flush();
        } finally {
          release();
        }
        await thread.close();
        sqlite.close();
      },
    }),
  };
}

/** Statements kept prepared at most (the LRU's size): the repositories' texts, a few hundred. */
const STATEMENTS_KEPT = 1_000;

/**
 * Each SQL text is prepared once and its statement kept (least recently used
 * first out), where Kysely's driver prepares every query again: 1.7–4 % of the
 * samples under a stream of writes (docs/performance.md). A statement
 * runs to its end at once (`all`, `run`), so one kept statement is never in
 * use twice; SQLite prepares it again by itself after a schema change.
 */
function keptStatements(sqlite: SQLite.Database) {
  const kept = new Map<string, SQLite.Statement>();
  return (text: string): SQLite.Statement => {
    let statement = kept.get(text);
    if (statement) {
      kept.delete(text);
    } else {
      statement = sqlite.prepare(text);
      if (kept.size >= STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
    }
    kept.set(text, statement);
    return statement;
  };
}

/** What Kysely's SQLite connection does with a statement, for a kept one. */
function run<R>(
  statement: SQLite.Statement,
  parameters: readonly unknown[],
): Promise<QueryResult<R>> {
  if (statement.reader) return Promise.resolve({ rows: statement.all(parameters) as R[] });
  const { changes, lastInsertRowid } = statement.run(parameters);
  return Promise.resolve({
    numAffectedRows: BigInt(changes),
    insertId: BigInt(lastInsertRowid),
    rows: [],
  });
}

/** The folder exists (or is made, 700) and can be written; the file, if there, too. */
function checkDataFolder(dataDir: string, file: string) {
  makeOwnerOnlyFolder(dataDir);
  try {
    accessSync(dataDir, constants.W_OK);
    if (existsSync(file)) accessSync(file, constants.R_OK | constants.W_OK);
  } catch (error) {
    throw storageErrorAt(error, existsSync(file) ? file : dataDir);
  }
}

/** D12: a damaged file is refused at start, with how to recover, rather than served. */
function checkIntegrity(sqlite: SQLite.Database, file: string) {
  const problems = (sqlite.pragma('quick_check') as { quick_check: string }[]).map(
    (row) => row.quick_check,
  );
  if (problems.length === 1 && problems[0] === 'ok') return;
  throw new StorageError(
    `Cannot use the database at ${file}: the database file is damaged ` +
      `(PRAGMA quick_check: ${problems.slice(0, 3).join('; ')}). ${RESTORE_ADVICE}`,
  );
}

/** `secretKey`: SOURCEDESK_SECRET_KEY, if set; else the folder's key file (server/crypto/secretKey.ts). */
export async function openStore(
  dataDir: string,
  secretKey?: string,
  /** `writeThread`: a file store's writes on a thread of their own (threadedDialect); on unless false. */
  { writeThread = true }: { writeThread?: boolean } = {},
): Promise<Store> {
  let file: string | null = null;
  if (dataDir !== MEMORY) {
    file = resolve(join(dataDir, DATABASE_FILE));
    checkDataFolder(dataDir, file);
    ownerOnlyFile(file);
    for (const companion of [`${file}-wal`, `${file}-shm`]) narrowToOwner(companion);
  }
  let sqlite: SQLite.Database;
  try {
    sqlite = new SQLite(file ?? MEMORY);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    if (file) checkIntegrity(sqlite, file);
  } catch (error) {
    throw error instanceof StorageError ? error : storageErrorAt(error, file ?? MEMORY);
  }
  const { v } = sqlite.prepare('select sqlite_version() as v').get() as { v: string };
  // A file store's writes run on a thread of their own, in step and group
  // committed (threadedDialect), unless SOURCEDESK_SQLITE_WRITE_THREAD=0
  // (docs/performance.md, "Reads under writes: the statements in step, the
  // fsync off the loop (d-wt4, 2026-11-29)").
  const thread =
    file && writeThread ? new WriteThread(file, BUSY_TIMEOUT_MS, STATEMENTS_KEPT) : null;
  const db = new Kysely<Tables>({
    dialect: thread
      ? threadedDialect(sqlite, thread, () => forgetVersion())
      : immediateDialect(sqlite),
  });
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  const totalChanges = sqlite.prepare('select total_changes()').pluck();
  const nothing = async () => {};
  // data_version (another process's commits) costs a shared lock taken and
  // dropped, about 5 µs, and a request asks twice (its key, its cached
  // answer): it is read once a turn of the event loop, as of the turn's start,
  // and only when the WAL index's header moved since the last read (walIndex.ts:
  // a system call). This connection's own writes count at once (total_changes,
  // a counter in memory).
  const walIndex = file ? watchWalIndex(file) : null;
  let version = 0;
  let versionThisTurn: number | null = null;
  const forgetVersion = () => (versionThisTurn = null);
  const revision = async () => {
    if (versionThisTurn === null) {
      if (walIndex?.moved() !== false) version = dataVersion.get() as number;
      versionThisTurn = version;
      setImmediate(forgetVersion);
    }
    return `${versionThisTurn}.${totalChanges.get() as number}`;
  };
  // Prepared at first use: the table is made by the migrations.
  let topicRows: SQLite.Statement<[], { topic: string; value: number }> | null = null;
  const revisions = topicRevisions({
    revision,
    // Inside a transaction this connection would read its own uncommitted
    // writes, which a rollback could undo: the values are read after it.
    read: async () => {
      if (sqlite.inTransaction) return null;
      topicRows ??= sqlite.prepare('select topic, value from read_revisions');
      return new Map(topicRows.all().map(({ topic, value }) => [topic, value]));
    },
  });
  return finishOpening(
    {
      db,
      dialect: 'sqlite',
      engine: `sqlite:${v}`,
      file,
      revision,
      revisions,
      beginWrite: nothing,
      beginSetup: nothing,
      close: async () => {
        await db.destroy();
        walIndex?.close();
      },
    },
    (sealed) => loadSecretBox(file ? dataDir : null, secretKey, sealed),
    file ?? 'this database',
  );
}

/**
 * What every store does once open: the versioned migrations, then the
 * credential key's check and the sealing of secrets stored before encryption,
 * each as start-up work that runs once however many instances start.
 */
export async function finishOpening(
  store: Omit<Store, 'secrets'>,
  /** `sealed`: the database holds secrets sealed with some key already. */
  loadSecrets: (sealed: boolean) => SecretBox,
  where: string,
  /** PostgreSQL: the schema of the tables (the migrations' own tables are looked for there). */
  schema?: string,
): Promise<Store> {
  const { db } = store;
  try {
    await runMigrations(db as Kysely<unknown>, store.dialect, schema).catch((error: unknown) => {
      throw storageErrorAt(error, where);
    });
    const secrets = loadSecrets(await holdsSealedSecrets(db));
    await db.transaction().execute(async (trx) => {
      await store.beginSetup(trx);
      await checkSecretBox(trx, secrets, where);
      await sealPlainCredentials(trx, secrets);
    });
    return { ...store, secrets };
  } catch (failure) {
    await store.close();
    throw failure;
  }
}
