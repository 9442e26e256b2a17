// What connector-status reads of some pairs' sync jobs (D14), for a rebuild
// of only the pairs whose sync version moved (migration 0034 keeps the
// versions and the inventory's size per pair; server/health/statusPieces.ts).
import type { Db } from '../db/database';
import { OPEN_JOB_STATUSES } from '../../src/contract/sync';
import type { JobRow } from './syncJobs';
import { Turns } from '../db/turns';

/** Pairs asked about at a time, under SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 500;

async function inChunks<T>(pairIds: readonly number[], read: (ids: number[]) => Promise<T[]>) {
  const rows: T[] = [];
  const turns = new Turns();
  for (let from = 0; from < pairIds.length; from += CHUNK) {
    // Each chunk is answered in step, without a turn of the loop: one given when due.
    await turns.ifDue();
    rows.push(...(await read(pairIds.slice(from, from + CHUNK))));
  }
  return rows;
}

/** Every pair's sync version and inventory size, by pair id (a pair never written to has none). */
export async function pairSyncVersions(db: Db) {
  const rows = await db
    .selectFrom('pair_sync_versions')
    .select(['cc_pair_id', 'version', 'documents'])
    .execute();
  return new Map(
    rows.map((row) => [
      Number(row.cc_pair_id),
      { version: Number(row.version), documents: Number(row.documents) },
    ]),
  );
}

/** The open jobs of these pairs. */
export const openJobsOfPairs = (db: Db, pairIds: readonly number[]): Promise<JobRow[]> =>
  inChunks(pairIds, (ids) =>
    db
      .selectFrom('sync_jobs')
      .selectAll()
      .where('cc_pair_id', 'in', ids)
      .where('status', 'in', OPEN_JOB_STATUSES)
      .execute(),
  );

/** Of these pairs, each one's last successful index run's end (one that ended with errors counts). */
export async function lastIndexSuccessesOf(db: Db, pairIds: readonly number[]) {
  const rows = await inChunks(pairIds, (ids) =>
    db
      .selectFrom('sync_jobs')
      .select(['cc_pair_id', (eb) => eb.fn.max('time_finished').as('at')])
      .where('cc_pair_id', 'in', ids)
      .where('kind', '=', 'index')
      .where('status', 'in', ['success', 'completed_with_errors'])
      .groupBy('cc_pair_id')
      .execute(),
  );
  return new Map(
    rows.map((row) => [Number(row.cc_pair_id), row.at === null ? null : String(row.at)]),
  );
}
