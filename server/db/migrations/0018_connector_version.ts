// Migration 0018_connector_version (D12): released, never edited; the list is ./index.ts.
import { sql, type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = (_t, dialect) => ({
  // The connector list is rebuilt by the rows that changed (server/repos/snapshotBytes.ts):
  // a row's version moves with every update of it, whichever code path made it.
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('connectors')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    if (dialect === 'postgres') {
      await sql`create function connectors_next_version() returns trigger language plpgsql as $$
        begin new.version := old.version + 1; return new; end $$`.execute(db);
      await sql`create trigger connectors_version before update on connectors
        for each row execute function connectors_next_version()`.execute(db);
    } else {
      // Triggers do not fire themselves again (recursive_triggers is off), and `when` says so too.
      await sql`create trigger connectors_version after update on connectors
        for each row when new.version = old.version
        begin update connectors set version = old.version + 1 where id = new.id; end`.execute(db);
    }
  },
});

export default migration;
