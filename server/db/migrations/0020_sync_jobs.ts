// Migration 0020_sync_jobs (D12, D14): released, never edited; the list is ./index.ts.
import { sql, type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = (t, dialect) => ({
  // Sync jobs and workers (D14; docs/workers.md). Worker keys, stored by
  // hash like API keys; the workers as their check-ins left them; the jobs
  // (Onyx's index attempts) with their counters, checkpoint and heartbeat;
  // their errors; each job's own documents (so a repeated batch counts once);
  // and each pair's document inventory, which the counts come from. A pair
  // never has two open jobs of a kind: a partial unique index says so to
  // every instance at once.
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('worker_keys')
      .addColumn('id', t.idType, t.id)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('key_prefix', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('time_created', 'text', (c) => c.notNull())
      .addColumn('time_revoked', 'text')
      .addColumn('last_used_at', 'text')
      .execute();
    await db.schema
      .createTable('workers')
      .addColumn('worker_key_id', t.bigInteger, (c) =>
        c.notNull().references('worker_keys.id').onDelete('cascade'),
      )
      .addColumn('worker_id', 'text', (c) => c.notNull())
      .addColumn('hostname', 'text')
      .addColumn('version', 'text')
      .addColumn('sources', 'text')
      .addColumn('last_check_in', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('workers_pk', ['worker_key_id', 'worker_id'])
      .execute();
    const keyType = t.bigInteger;
    await db.schema
      .createTable('sync_jobs')
      .addColumn('id', t.idType, t.id)
      .addColumn('cc_pair_id', keyType, (c) =>
        c.notNull().references('connector_credential_pairs.id').onDelete('cascade'),
      )
      .addColumn('credential_id', keyType, (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('trigger', 'text', (c) => c.notNull())
      .addColumn('from_beginning', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('new_docs_indexed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total_docs_indexed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('docs_removed_from_index', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error_msg', 'text')
      .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('full_exception_trace', 'text')
      .addColumn('validation_error', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('time_created', 'text', (c) => c.notNull())
      .addColumn('time_started', 'text')
      .addColumn('time_updated', 'text', (c) => c.notNull())
      .addColumn('time_finished', 'text')
      .addColumn('last_progress_at', 'text')
      .addColumn('poll_range_start', 'text')
      .addColumn('poll_range_end', 'text')
      .addColumn('checkpoint', 'text')
      .addColumn('worker_key_id', keyType, (c) =>
        c.references('worker_keys.id').onDelete('set null'),
      )
      .addColumn('worker_id', 'text')
      .addColumn('cancellation_requested', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('completed_batches', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total_batches', 'integer')
      .execute();
    await sql`create unique index sync_jobs_one_open_idx on sync_jobs (cc_pair_id, kind)
      where status in ('not_started', 'in_progress')`.execute(db);
    await db.schema
      .createIndex('sync_jobs_pair_idx')
      .on('sync_jobs')
      .columns(['cc_pair_id', 'id'])
      .execute();
    await db.schema
      .createIndex('sync_jobs_status_idx')
      .on('sync_jobs')
      .columns(['status', 'id'])
      .execute();
    await db.schema
      .createTable('sync_job_errors')
      .addColumn('id', t.idType, t.id)
      .addColumn('job_id', keyType, (c) =>
        c.notNull().references('sync_jobs.id').onDelete('cascade'),
      )
      .addColumn('cc_pair_id', keyType, (c) => c.notNull())
      .addColumn('document_id', 'text')
      .addColumn('document_link', 'text')
      .addColumn('entity_id', 'text')
      .addColumn('failed_time_range_start', 'text')
      .addColumn('failed_time_range_end', 'text')
      .addColumn('failure_message', 'text', (c) => c.notNull())
      .addColumn('error_type', 'text')
      .addColumn('is_resolved', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('time_created', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sync_job_errors_pair_idx')
      .on('sync_job_errors')
      .columns(['cc_pair_id', 'id'])
      .execute();
    await db.schema
      .createTable('sync_job_documents')
      .addColumn('job_id', keyType, (c) =>
        c.notNull().references('sync_jobs.id').onDelete('cascade'),
      )
      .addColumn('document_id', 'text', (c) => c.notNull())
      .addColumn('upserted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('was_new', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('sync_job_documents_pk', ['job_id', 'document_id'])
      .execute();
    await db.schema
      .createTable('pair_documents')
      .addColumn('cc_pair_id', keyType, (c) =>
        c.notNull().references('connector_credential_pairs.id').onDelete('cascade'),
      )
      .addColumn('document_id', 'text', (c) => c.notNull())
      .addColumn('semantic_identifier', 'text', (c) => c.notNull())
      .addColumn('title_lower', 'text', (c) => c.notNull())
      .addColumn('link', 'text')
      .addColumn('updated_at', 'text')
      .addColumn('time_last_indexed', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('pair_documents_pk', ['cc_pair_id', 'document_id'])
      .execute();
    // Like every table of the data, a write to them moves the revision (0003).
    if (dialect === 'postgres') {
      for (const table of [
        'worker_keys',
        'workers',
        'sync_jobs',
        'sync_job_errors',
        'sync_job_documents',
        'pair_documents',
      ]) {
        await sql`create trigger ${sql.raw(`${table}_revision`)} after insert or update or delete or truncate
          on ${sql.table(table)} for each statement execute function bump_revision()`.execute(db);
      }
    }
  },
});

export default migration;
