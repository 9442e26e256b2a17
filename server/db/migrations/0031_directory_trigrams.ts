// Migration 0031_directory_trigrams (D12): released, never edited; the list is ./index.ts.
import { sql, type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

/**
 * The schema that holds pg_trgm in this database, installing it (in `public`,
 * shared by every schema of the database) when it is not there yet; null when
 * the database cannot have it (not available, or this user may not create it).
 * A failed attempt is undone by its savepoint, so the migration goes on.
 */
async function trigramSchema(db: Kysely<unknown>): Promise<string | null> {
  const installed = async () =>
    (
      await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema ?? null;
  const found = await installed();
  if (found !== null) return found;
  const attempt = async (trx: Kysely<unknown>) =>
    sql`create extension if not exists pg_trgm with schema public`.execute(trx);
  try {
    if (db.isTransaction) {
      await sql`savepoint pg_trgm_install`.execute(db);
      try {
        await attempt(db);
        await sql`release savepoint pg_trgm_install`.execute(db);
      } catch (error) {
        await sql`rollback to savepoint pg_trgm_install`.execute(db);
        throw error;
      }
    } else await attempt(db);
  } catch {
    // Another start may have installed it meanwhile; else the database refuses it.
  }
  return installed();
}

const migration: MigrationOf = (_t, dialect) => ({
  // The directory's search ("an address that holds the text", `like '%q%'`) at
  // 100,000 people on PostgreSQL: a trigram index finds the few addresses that
  // hold the text, and their count, without reading every row (the bench's scale
  // rows; EXPLAINed in test/api/users-directory-index.test.ts). It needs the
  // pg_trgm extension (in PostgreSQL's contrib, trusted: a database owner may
  // install it); a database that cannot have it keeps the search as it was, by
  // reading the addresses. SQLite has no such index: its search reads 0017's
  // index, not the table. Built CONCURRENTLY on a database that holds data, as
  // 0017's is.
  outsideTransaction: true,
  async up(db: Kysely<unknown>) {
    if (dialect !== 'postgres') return;
    const schema = await trigramSchema(db);
    if (schema === null) return;
    const name = 'users_email_trigram_idx';
    const columns = sql`using gin (email_lower ${sql.id(schema, 'gin_trgm_ops')})`;
    if (db.isTransaction) {
      await sql`create index ${sql.id(name)} on users ${columns}`.execute(db);
      return;
    }
    const { rows } = await sql<{ valid: boolean }>`
      select i.indisvalid as valid from pg_index i
      join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
      where c.relname = ${name} and n.nspname = current_schema()`.execute(db);
    if (rows[0]?.valid) return;
    if (rows[0]) await sql`drop index concurrently ${sql.id(name)}`.execute(db);
    await sql`create index concurrently ${sql.id(name)} on users ${columns}`.execute(db);
  },
});

export default migration;
