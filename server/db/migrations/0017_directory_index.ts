// Migration 0017_directory_index (D12): released, never edited; the list is ./index.ts.
import { sql, type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = (_t, dialect) => ({
  // The users directory at 100,000 people (the bench's scale rows; EXPLAINed in
  // test/api/users-directory-index.test.ts): its pages, in e-mail order, start at
  // their offset in this index instead of sorting the people (PostgreSQL) or
  // reading the table in e-mail order and dropping key users (SQLite); its count and
  // its search (an address that holds the text: no index finds that) read
  // it on SQLite instead of the table. On a database that holds data, PostgreSQL
  // builds it CONCURRENTLY (writes to users go on meanwhile), outside a
  // transaction (runMigrations): a build that stopped halfway leaves an
  // invalid index, which is dropped and built again.
  outsideTransaction: true,
  async up(db: Kysely<unknown>) {
    const name = 'users_directory_idx';
    const columns = sql`(is_api_key, email_lower, id)`;
    if (dialect !== 'postgres' || db.isTransaction) {
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
