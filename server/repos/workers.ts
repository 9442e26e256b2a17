// The workers as their check-ins left them (D14), and what each runs.
import type { Db } from '../db/database';

export interface CheckIn {
  worker_id: string;
  hostname: string | null;
  version: string | null;
  sources: readonly string[] | null;
}

export async function recordCheckIn(db: Db, keyId: number, checkIn: CheckIn, now: Date) {
  const row = {
    hostname: checkIn.hostname,
    version: checkIn.version,
    sources: checkIn.sources === null ? null : JSON.stringify(checkIn.sources),
    last_check_in: now.toISOString(),
  };
  await db
    .insertInto('workers')
    .values({ worker_key_id: keyId, worker_id: checkIn.worker_id, ...row })
    .onConflict((conflict) => conflict.columns(['worker_key_id', 'worker_id']).doUpdateSet(row))
    .execute();
}

/** Every worker of a live key, with its key's name. */
export const listWorkerRows = (db: Db) =>
  db
    .selectFrom('workers as w')
    .innerJoin('worker_keys as k', 'k.id', 'w.worker_key_id')
    .where('k.time_revoked', 'is', null)
    .select([
      'w.worker_key_id',
      'w.worker_id',
      'w.hostname',
      'w.version',
      'w.sources',
      'w.last_check_in',
      'k.name as key_name',
    ])
    .orderBy('w.last_check_in', 'desc')
    .execute();

/** The last check-in of any worker of a live key (null: none ever). */
export async function lastCheckIn(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('workers as w')
    .innerJoin('worker_keys as k', 'k.id', 'w.worker_key_id')
    .where('k.time_revoked', 'is', null)
    .select((eb) => eb.fn.max('w.last_check_in').as('last'))
    .executeTakeFirst();
  return row?.last ? String(row.last) : null;
}

export const runningJobs = (db: Db) =>
  db
    .selectFrom('sync_jobs')
    .select(['id', 'cc_pair_id', 'kind', 'time_started', 'worker_key_id', 'worker_id'])
    .where('status', '=', 'in_progress')
    .orderBy('id')
    .execute();
