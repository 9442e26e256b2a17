// Migration 0009_audit_filters (D12): released, never edited; the list is ./index.ts.
import { sql, type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = () => ({
  // The activity log's filters (server/repos/audit.ts), each an index that
  // ends in (time, id): a page or an export chunk of any filter starts at its
  // cursor and reads only the rows it returns, in order, without a sort.
  // (time, id) alone, from 0004, serves no filter and since/until.
  // PostgreSQL: plain CREATE INDEX, not CONCURRENTLY. Kysely's Migrator runs
  // all pending migrations in one transaction there (so a failed start
  // changes nothing), and CONCURRENTLY cannot run inside one; the table is
  // write-locked while the indexes are built, a few seconds for a million rows.
  async up(db: Kysely<unknown>) {
    const indexes: Record<string, string[]> = {
      audit_log_action_idx: ['action'],
      audit_log_actor_user_idx: ['actor_user_id'],
      audit_log_resource_idx: ['resource_type', 'resource_id'],
      audit_log_resource_type_idx: ['resource_type'],
      audit_log_resource_id_idx: ['resource_id'],
    };
    for (const [name, columns] of Object.entries(indexes)) {
      await db.schema
        .createIndex(name)
        .on('audit_log')
        .columns([...columns, 'time', 'id'])
        .execute();
    }
    // The actor filter compares e-mail addresses without letter case.
    await sql`create index audit_log_actor_email_idx on audit_log (lower(actor_email), time, id)`.execute(
      db,
    );
  },
});

export default migration;
