// Migration 0014_alerts (D12): released, never edited; the list is ./index.ts.
import { sql, type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = (t, dialect) => ({
  // Alerts (docs/operations.md, "Alerts"): the last state each subject was
  // alerted in (a pair `pair:<id>` ACTIVE or INVALID, a key `api_key:<id>`,
  // a credential `credential:<id>`), so a change of state alerts once; and the
  // deliveries to the webhook, each with its payload (never a secret), its
  // attempts and outcome, retried with back-off until `give_up_at`.
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('alert_state')
      .addColumn('subject', 'text', (c) => c.primaryKey())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('since', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('alert_deliveries')
      .addColumn('id', t.idType, t.id)
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('time_created', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('next_attempt_at', 'text')
      .addColumn('give_up_at', 'text', (c) => c.notNull())
      .addColumn('last_attempt_at', 'text')
      .addColumn('last_outcome', 'text')
      .execute();
    await db.schema
      .createIndex('alert_deliveries_pending_idx')
      .on('alert_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute();
    // Like every table of the data, a write to them moves the revision (0003).
    if (dialect === 'postgres') {
      for (const table of ['alert_state', 'alert_deliveries']) {
        await sql`create trigger ${sql.raw(`${table}_revision`)} after insert or update or delete or truncate
          on ${sql.table(table)} for each statement execute function bump_revision()`.execute(db);
      }
    }
  },
});

export default migration;
