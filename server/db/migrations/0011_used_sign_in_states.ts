// Migration 0011_used_sign_in_states (D12): released, never edited; the list is ./index.ts.
import { sql, type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = (_t, dialect) => ({
  // A single sign-on's state is spent at its callback, on every instance:
  // followed twice (a provider that takes a code twice), it opens one session.
  // Kept by hash until the pending sign-in would have ended anyway.
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('used_sign_in_states')
      .addColumn('state_hash', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    // Like every table of the data, a write to it moves the revision (0003).
    if (dialect === 'postgres') {
      await sql`create trigger used_sign_in_states_revision after insert or update or delete or truncate
        on used_sign_in_states for each statement execute function bump_revision()`.execute(db);
    }
  },
});

export default migration;
