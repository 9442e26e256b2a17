// D12: SQLite embedded by default, WAL, synchronous=FULL, foreign keys on,
// behind Kysely so that the repositories stay portable.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { migrationProvider } from './migrations';
import type { Tables } from './schema';

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
  close(): Promise<void>;
}

export const MEMORY = ':memory:';

export async function openStore(dataDir: string): Promise<Store> {
  let file: string | null = null;
  if (dataDir !== MEMORY) {
    mkdirSync(dataDir, { recursive: true });
    file = join(dataDir, 'sourcedesk.sqlite');
  }
  const sqlite = new SQLite(file ?? MEMORY);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const { v } = sqlite.prepare('select sqlite_version() as v').get() as { v: string };
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  if (error) {
    await db.destroy();
    throw error;
  }
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  const totalChanges = sqlite.prepare('select total_changes()').pluck();
  return {
    db,
    engine: `sqlite:${v}`,
    file,
    revision: () => `${dataVersion.get() as number}.${totalChanges.get() as number}`,
    close: () => db.destroy(),
  };
}
