// Migration 0006_revision_notice (D12): released, never edited; the list is ./index.ts.
import { sql, type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = (_t, dialect) => ({
  // PostgreSQL: every move of the revision is announced (NOTIFY, delivered
  // only once its transaction commits), so an instance that LISTENs knows the
  // revision without asking before each request. The schema names whose
  // revision it is (several servers may share a database, each in its schema).
  async up(db: Kysely<unknown>) {
    if (dialect !== 'postgres') return;
    await sql`create function notify_revision() returns trigger language plpgsql as $$
      begin perform pg_notify('sourcedesk_revision', current_schema() || ' ' || new.value); return null; end $$`.execute(
      db,
    );
    await sql`create trigger revision_notice after update on revision
      for each row execute function notify_revision()`.execute(db);
  },
});

export default migration;
