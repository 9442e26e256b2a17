// Migration 0010_pair_tests (D12): released, never edited; the list is ./index.ts.
import { type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = () => ({
  // A pair's last connection test (docs/configuration.md, "Background re-tests and alerts"): when, the overall
  // outcome (1 passed, 0 failed, null not all checked) and the checks' words
  // as JSON — never the remote answer, never a secret. Null until tested.
  async up(db: Kysely<unknown>) {
    for (const [column, type] of [
      ['last_test_at', 'text'],
      ['last_test_ok', 'integer'],
      ['last_test_checks', 'text'],
    ] as const) {
      await db.schema.alterTable('connector_credential_pairs').addColumn(column, type).execute();
    }
  },
});

export default migration;
