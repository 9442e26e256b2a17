// D12: SQLite embedded by default, WAL, synchronous=FULL, foreign keys on,
// behind Kysely so that the repositories stay portable.
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, Migrator, SqliteDialect, type Dialect } from 'kysely';
import type { SecretBox } from '../crypto/secretBox';
import { checkSecretBox, loadSecretBox, sealPlainCredentials } from '../crypto/secretKey';
import { migrationProvider } from './migrations';
import type { Tables } from './schema';
import { RESTORE_ADVICE, StorageError, storageErrorAt } from './storageErrors';

export type Db = Kysely<Tables>;

export interface Store {
  db: Db;
  /** e.g. `sqlite:3.53.2`, for the version set (D9). */
  engine: string;
  /** File on disk, or null for an in-memory store. */
  file: string | null;
  /**
   * A token that changes whenever the database does: on this connection's own
   * writes (total_changes) and on commits by any other process, such as the key
   * command (data_version). Caches keyed by it never serve a stale answer.
   */
  revision(): string;
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
  return {
    createAdapter: () => base.createAdapter(),
    createQueryCompiler: () => base.createQueryCompiler(),
    createIntrospector: (db) => base.createIntrospector(db),
    createDriver: () => {
      const driver = base.createDriver();
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

/** The folder exists (or is made) and can be written; the file, if there, too. */
function checkDataFolder(dataDir: string, file: string) {
  try {
    mkdirSync(dataDir, { recursive: true });
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
export async function openStore(dataDir: string, secretKey?: string): Promise<Store> {
  let file: string | null = null;
  if (dataDir !== MEMORY) {
    file = resolve(join(dataDir, DATABASE_FILE));
    checkDataFolder(dataDir, file);
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
  const db = new Kysely<Tables>({ dialect: immediateDialect(sqlite) });
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  if (error) {
    await db.destroy();
    throw storageErrorAt(error, file ?? MEMORY);
  }
  let secrets: SecretBox;
  try {
    secrets = loadSecretBox(file ? dataDir : null, secretKey);
    await db.transaction().execute(async (trx) => {
      await checkSecretBox(trx, secrets, file ?? 'this database');
      await sealPlainCredentials(trx, secrets);
    });
  } catch (failure) {
    await db.destroy();
    throw failure;
  }
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  const totalChanges = sqlite.prepare('select total_changes()').pluck();
  return {
    db,
    engine: `sqlite:${v}`,
    file,
    revision: () => `${dataVersion.get() as number}.${totalChanges.get() as number}`,
    secrets,
    close: () => db.destroy(),
  };
}
