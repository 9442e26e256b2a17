// Migration 0002_lifecycle (D12): released, never edited; the list is ./index.ts.
import { type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
    // An administrator may pause a connector and resume it (PATCH status).
    await db.schema
      .alterTable('connectors')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
      .execute();
  },
});

export default migration;
