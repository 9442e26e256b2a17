// Migration 0032_sync_scale_indexes (D12, D14): released, never edited; the list is ./index.ts.
import type { Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = () => ({
  // The sync work at scale (docs/performance.md, "Sync rows (D14)"): a pair's runs
  // of one kind newest first (the schedule's last resumable run, the last
  // finished runs the rules read) without visiting its other kind's, and a
  // pair's inventory in the documents page's order (by title) without sorting
  // the pair's every document.
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('sync_jobs_pair_kind_idx')
      .on('sync_jobs')
      .columns(['cc_pair_id', 'kind', 'id'])
      .execute();
    await db.schema
      .createIndex('pair_documents_title_idx')
      .on('pair_documents')
      .columns(['cc_pair_id', 'title_lower', 'document_id'])
      .execute();
  },
});

export default migration;
