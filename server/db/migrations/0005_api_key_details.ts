// Migration 0005_api_key_details (D12): released, never edited; the list is ./index.ts.
import { type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = () => ({
  // Keys made in the panel (docs/security.md, "API keys"): a name, the admin who made
  // it, an optional end, and when it was last used (written at most once a minute).
  async up(db: Kysely<unknown>) {
    for (const column of ['name', 'owner_user_id', 'expires_at', 'last_used_at']) {
      await db.schema.alterTable('api_keys').addColumn(column, 'text').execute();
    }
    await db.schema
      .alterTable('users')
      .addColumn('is_api_key', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
});

export default migration;
