// Migration 0004_audit_log (D12): released, never edited; the list is ./index.ts.
import { sql, type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = (t, dialect) => ({
  // The activity log (docs/api.md, "Activity log"): one row per change, written in
  // the change's own transaction, read newest first by (time, id).
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('audit_log')
      .addColumn('id', t.idType, t.id)
      .addColumn('time', 'text', (c) => t.sortedText(c).notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('actor_user_id', 'text')
      .addColumn('actor_email', 'text')
      .addColumn('actor_api_key_id', t.bigInteger)
      .addColumn('resource_type', 'text')
      .addColumn('resource_id', 'text')
      .addColumn('resource_name', 'text')
      .addColumn('address', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('request_id', 'text')
      .addColumn('changes', 'text', (c) => c.notNull())
      .execute();
    // Like every table of the data, a write to it moves the revision (0003).
    if (dialect === 'postgres') {
      await sql`create trigger audit_log_revision after insert or update or delete or truncate
        on audit_log for each statement execute function bump_revision()`.execute(db);
    }
    await db.schema
      .createIndex('audit_log_time_idx')
      .on('audit_log')
      .columns(['time', 'id'])
      .execute();
  },
});

export default migration;
