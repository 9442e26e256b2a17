// Migration 0003_revision (D12): released, never edited; the list is ./index.ts.
import { sql, type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = (_t, dialect) => ({
  // PostgreSQL: one row whose number every write moves (each instance's
  // caches compare it once per request). Statement triggers count writes by
  // any client; API writes bump it first thing (Store.beginWrite). SQLite
  // needs nothing: its data_version does this job.
  async up(db: Kysely<unknown>) {
    if (dialect !== 'postgres') return;
    await sql`create table revision (id integer primary key check (id = 1), value bigint not null)`.execute(
      db,
    );
    await sql`insert into revision (id, value) values (1, 1)`.execute(db);
    await sql`create function bump_revision() returns trigger language plpgsql as $$
      begin update revision set value = value + 1 where id = 1; return null; end $$`.execute(db);
    for (const table of [
      'users',
      'api_keys',
      'credentials',
      'connectors',
      'connector_credential_pairs',
      'settings',
    ]) {
      await sql`create trigger ${sql.raw(`${table}_revision`)} after insert or update or delete or truncate
        on ${sql.table(table)} for each statement execute function bump_revision()`.execute(db);
    }
  },
});

export default migration;
