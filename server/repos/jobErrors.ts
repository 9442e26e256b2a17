// A run's errors (Onyx's index-attempt errors), as its worker reported them.
import type { Db } from '../db/database';
import type { IndexAttemptError, JobError } from '../../src/contract/sync';

export async function insertJobErrors(
  db: Db,
  job: { id: number; cc_pair_id: number },
  errors: readonly JobError[],
  now: Date,
) {
  await db
    .insertInto('sync_job_errors')
    .values(
      errors.map((error) => ({
        job_id: job.id,
        cc_pair_id: job.cc_pair_id,
        document_id: error.document_id ?? null,
        document_link: error.document_link ?? null,
        entity_id: error.entity_id ?? null,
        failed_time_range_start: error.failed_time_range_start ?? null,
        failed_time_range_end: error.failed_time_range_end ?? null,
        failure_message: error.failure_message,
        error_type: error.error_type ?? null,
        time_created: now.toISOString(),
      })),
    )
    .execute();
}

export interface ErrorFilter {
  includeResolved: boolean;
  jobId: number | undefined;
}

export async function pairErrorsPage(
  db: Db,
  pairId: number,
  filter: ErrorFilter,
  pageNum: number,
  pageSize: number,
): Promise<{ items: IndexAttemptError[]; total_items: number }> {
  let query = db.selectFrom('sync_job_errors').where('cc_pair_id', '=', pairId);
  if (!filter.includeResolved) query = query.where('is_resolved', '=', 0);
  if (filter.jobId !== undefined) query = query.where('job_id', '=', filter.jobId);
  const rows = await query
    .selectAll()
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset(pageNum * pageSize)
    .execute();
  const total = await query
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      connector_credential_pair_id: Number(row.cc_pair_id),
      index_attempt_id: Number(row.job_id),
      document_id: row.document_id,
      document_link: row.document_link,
      entity_id: row.entity_id,
      failed_time_range_start: row.failed_time_range_start,
      failed_time_range_end: row.failed_time_range_end,
      failure_message: row.failure_message,
      error_type: row.error_type,
      is_resolved: Number(row.is_resolved) === 1,
      time_created: row.time_created,
    })),
    total_items: Number(total.n),
  };
}
