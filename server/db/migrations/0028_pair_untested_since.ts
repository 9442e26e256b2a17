// Migration 0028_pair_untested_since (D12): released, never edited; the list is ./index.ts.
import type { Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = () => ({
  // D15: since when a pair has had no test behind it because of a change (its
  // credential replaced without a test, its connector's address edited): it is
  // "not tested" from then until a test says otherwise. Null otherwise. A column
  // of the pairs, whose trigger (0003) already moves the revision.
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('connector_credential_pairs')
      .addColumn('untested_since', 'text')
      .execute();
  },
});

export default migration;
