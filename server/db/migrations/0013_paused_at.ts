// Migration 0013_paused_at (D12): released, never edited; the list is ./index.ts.
import { sql, type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = () => ({
  // When a connector was paused (paused for more than 30 days needs
  // attention); null while it runs. One paused before this counts from its
  // last change, the nearest time known. A column of connectors, whose
  // trigger (0003) already moves the revision.
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('connectors').addColumn('paused_at', 'text').execute();
    await sql`update connectors set paused_at = time_updated where status = 'PAUSED'`.execute(db);
  },
});

export default migration;
