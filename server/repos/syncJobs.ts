// Sync jobs (D14): made by the schedule and by admins, claimed by workers,
// counted from the pair's inventory (pairDocuments.ts), finished once.
import { sql, type Selectable } from 'kysely';
import type { DialectName, Db } from '../db/database';
import type { SyncJobTable } from '../db/schema';
import { Turns } from '../db/turns';
import {
  OPEN_JOB_STATUSES,
  type IndexAttempt,
  type JobKind,
  type JobStatus,
  type JobTrigger,
} from '../../src/contract/sync';

export type JobRow = Selectable<SyncJobTable>;

/** The statuses a finished run may have, which an incremental run starts after. */
const RESUMABLE = ['success', 'completed_with_errors', 'interrupted'] as const;

const json = (text: string | null): Record<string, unknown> | null =>
  text === null ? null : (JSON.parse(text) as Record<string, unknown>);

export const checkpointOf = (job: Pick<JobRow, 'checkpoint'>) => json(job.checkpoint);

/** Onyx's IndexAttemptSnapshot of a row. */
export const toIndexAttempt = (job: JobRow): IndexAttempt => ({
  id: Number(job.id),
  cc_pair_id: Number(job.cc_pair_id),
  kind: job.kind as JobKind,
  trigger: job.trigger as JobTrigger,
  status: job.status as JobStatus,
  from_beginning: Number(job.from_beginning) === 1,
  new_docs_indexed: Number(job.new_docs_indexed),
  total_docs_indexed: Number(job.total_docs_indexed),
  docs_removed_from_index: Number(job.docs_removed_from_index),
  error_msg: job.error_msg,
  error_count: Number(job.error_count),
  full_exception_trace: job.full_exception_trace,
  time_created: job.time_created,
  time_started: job.time_started,
  time_updated: job.time_updated,
  poll_range_start: job.poll_range_start,
  poll_range_end: job.poll_range_end,
  worker_id: job.worker_id,
  cancellation_requested: Number(job.cancellation_requested) === 1,
  completed_batches: Number(job.completed_batches),
  total_batches: job.total_batches === null ? null : Number(job.total_batches),
});

export const findJob = (db: Db, id: number) =>
  db.selectFrom('sync_jobs').selectAll().where('id', '=', id).executeTakeFirst();

/** The pair's waiting or running job of a kind, if any. */
export const openJob = (db: Db, pairId: number, kind: JobKind) =>
  db
    .selectFrom('sync_jobs')
    .selectAll()
    .where('cc_pair_id', '=', pairId)
    .where('kind', '=', kind)
    .where('status', 'in', OPEN_JOB_STATUSES)
    .executeTakeFirst();

export interface NewJob {
  cc_pair_id: number;
  credential_id: number;
  kind: JobKind;
  trigger: JobTrigger;
  from_beginning: boolean;
}

/**
 * A new waiting job; undefined when the pair already has an open one of the
 * kind (the partial unique index of 0020 decides, on every instance). An
 * incremental index run starts where the last one that got anywhere ended:
 * a finished run's poll_range_end, an interrupted run's own start; with its checkpoint.
 */
export async function insertJob(db: Db, job: NewJob, now: Date) {
  let pollStart: string | null = null;
  let checkpoint: string | null = null;
  if (job.kind === 'index' && !job.from_beginning) {
    const last = await db
      .selectFrom('sync_jobs')
      .select(['status', 'poll_range_start', 'poll_range_end', 'checkpoint'])
      .where('cc_pair_id', '=', job.cc_pair_id)
      .where('kind', '=', 'index')
      .where('status', 'in', RESUMABLE)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last) {
      pollStart = last.status === 'interrupted' ? last.poll_range_start : last.poll_range_end;
      checkpoint = last.checkpoint;
    }
  }
  const at = now.toISOString();
  return db
    .insertInto('sync_jobs')
    .values({
      ...job,
      from_beginning: job.from_beginning ? 1 : 0,
      status: 'not_started',
      error_msg: null,
      full_exception_trace: null,
      time_created: at,
      time_started: null,
      time_updated: at,
      time_finished: null,
      last_progress_at: null,
      poll_range_start: pollStart,
      poll_range_end: null,
      checkpoint,
      worker_key_id: null,
      worker_id: null,
      total_batches: null,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Pairs a set-based statement names at once (well under both stores' parameter limits). */
const PAIR_CHUNK = 1000;

/**
 * The schedule's jobs of one kind for many pairs, set-based: one INSERT …
 * SELECT per chunk of pairs (not a statement or two a pair), each pair's
 * credential read from the pair, an incremental index run's start and
 * checkpoint from its last resumable run (as insertJob). A pair that already
 * has an open job of the kind is skipped by the partial unique index of 0020
 * (ON CONFLICT DO NOTHING), so no job is made twice. The ids made.
 */
export async function insertScheduledJobs(
  db: Db,
  kind: JobKind,
  pairIds: readonly number[],
  now: Date,
): Promise<number[]> {
  const at = now.toISOString();
  const made: number[] = [];
  const resumable = sql.join(RESUMABLE.map((status) => sql`${status}`));
  const last = (column: ReturnType<typeof sql>) =>
    kind === 'index'
      ? sql`(select ${column} from sync_jobs l where l.cc_pair_id = p.id and l.kind = 'index'
          and l.status in (${resumable}) order by l.id desc limit 1)`
      : sql`null`;
  for (let from = 0; from < pairIds.length; from += PAIR_CHUNK) {
    const chunk = pairIds.slice(from, from + PAIR_CHUNK);
    const { rows } = await sql<{ id: number }>`
      insert into sync_jobs (cc_pair_id, credential_id, kind, trigger, from_beginning, status,
        time_created, time_updated, poll_range_start, checkpoint)
      select p.id, p.credential_id, ${kind}, 'scheduled', 0, 'not_started', ${at}, ${at},
        ${last(sql`case when l.status = 'interrupted' then l.poll_range_start else l.poll_range_end end`)},
        ${last(sql`l.checkpoint`)}
      from connector_credential_pairs p
      where p.id in (${sql.join(chunk)}) and p.credential_id is not null
      order by p.id
      on conflict do nothing
      returning id`.execute(db);
    for (const row of rows) made.push(Number(row.id));
  }
  return made;
}

export interface ClaimFilter {
  sources: readonly string[] | null;
  kinds: readonly string[] | null;
}

/**
 * Takes the oldest waiting jobs for claims that share a key and a filter, one
 * job each, atomically, in one statement: the picking SELECT, on PostgreSQL,
 * locks the rows it picks and skips rows another claim holds (FOR UPDATE SKIP
 * LOCKED); on SQLite the write transaction already holds the database alone.
 * The `status` test in the UPDATE itself keeps a job from being taken twice
 * either way. Each job with its pair's connector (claimedPairConnector), in the
 * claims' order (the oldest to the first); fewer than asked when fewer wait.
 * On PostgreSQL the connectors come back from the same statement (one round
 * trip a batch fewer); SQLite reads them in a second one.
 */
export async function claimJobs(
  db: Db,
  dialect: DialectName,
  holder: { keyId: number; workerIds: readonly string[] },
  filter: ClaimFilter,
  now: Date,
): Promise<{ job: JobRow; pair: ClaimedPairConnector }[]> {
  const wanted = holder.workerIds.length;
  if (wanted === 0) return [];
  const at = now.toISOString();
  const bySource = filter.sources && filter.sources.length > 0;
  // The pair and connector are joined only when the filter names sources.
  const sources = bySource
    ? sql`join connector_credential_pairs p on p.id = j.cc_pair_id
        join connectors c on c.id = p.connector_id
        where c.source in (${sql.join(filter.sources!)}) and`
    : sql`where`;
  const kinds =
    filter.kinds && filter.kinds.length > 0
      ? sql`and j.kind in (${sql.join(filter.kinds)})`
      : sql``;
  const postgres = dialect === 'postgres';
  const lock = postgres ? sql`for update of j skip locked` : sql``;
  // The n-th oldest job picked goes to the n-th claim (its worker id).
  const who = sql.join(
    holder.workerIds.map((id, n) => sql`(cast(${n + 1} as integer), cast(${id} as text))`),
  );
  const update = sql`
    update sync_jobs set status = 'in_progress', time_started = ${at}, time_updated = ${at},
      last_progress_at = ${at}, poll_range_end = ${at}, worker_key_id = ${holder.keyId},
      worker_id = (select who.worker_id from picked join who on who.n = picked.n
        where picked.id = sync_jobs.id)
    where id in (select id from picked) and status = 'not_started'
    returning *`;
  const ctes = sql`
    with locked as (
      select j.id from sync_jobs j ${sources} j.status = 'not_started' ${kinds}
      order by j.id limit ${wanted} ${lock}
    ),
    picked as (select id, row_number() over (order by id) as n from locked),
    who (n, worker_id) as (values ${who})`;
  const byId = (a: { job: JobRow }, b: { job: JobRow }) => Number(a.job.id) - Number(b.job.id);
  if (!postgres) {
    const { rows } = await sql<JobRow>`${ctes} ${update}`.execute(db);
    const pairs = await claimedPairConnectors(
      db,
      rows.map((job) => job.cc_pair_id),
    );
    return rows.map((job) => ({ job, pair: pairs.get(Number(job.cc_pair_id))! })).sort(byId);
  }
  const { rows } = await sql<JobRow & PairColumns>`${ctes},
    claimed as (${update})
    select claimed.*, p.credential_id as pair_credential_id, c.id as connector_id,
      c.name as connector_name, c.source as connector_source,
      c.input_type as connector_input_type, c.connector_specific_config as connector_config,
      c.refresh_freq as connector_refresh_freq, c.prune_freq as connector_prune_freq
    from claimed join connector_credential_pairs p on p.id = claimed.cc_pair_id
      join connectors c on c.id = p.connector_id`.execute(db);
  return rows
    .map((row) => {
      const job: Partial<typeof row> = { ...row };
      for (const column of PAIR_COLUMNS) delete job[column];
      const pair: ClaimedPairConnector = {
        credential_id: row.pair_credential_id,
        id: row.connector_id,
        name: row.connector_name,
        source: row.connector_source,
        input_type: row.connector_input_type,
        connector_specific_config: row.connector_config,
        refresh_freq: row.connector_refresh_freq,
        prune_freq: row.connector_prune_freq,
      };
      return { job: job as JobRow, pair };
    })
    .sort(byId);
}

/** The pair's and connector's columns a claim's statement adds to each job (PostgreSQL). */
const PAIR_COLUMNS = [
  'pair_credential_id',
  'connector_id',
  'connector_name',
  'connector_source',
  'connector_input_type',
  'connector_config',
  'connector_refresh_freq',
  'connector_prune_freq',
] as const;
interface PairColumns {
  pair_credential_id: ClaimedPairConnector['credential_id'];
  connector_id: ClaimedPairConnector['id'];
  connector_name: ClaimedPairConnector['name'];
  connector_source: ClaimedPairConnector['source'];
  connector_input_type: ClaimedPairConnector['input_type'];
  connector_config: ClaimedPairConnector['connector_specific_config'];
  connector_refresh_freq: ClaimedPairConnector['refresh_freq'];
  connector_prune_freq: ClaimedPairConnector['prune_freq'];
}

export async function countWaitingJobs(db: Db): Promise<number> {
  const row = await db
    .selectFrom('sync_jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'not_started')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The job's counters from its own documents; never lower than they were. */
export async function recountJob(db: Db, job: JobRow, now: Date) {
  const sums = await db
    .selectFrom('sync_job_documents')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('upserted'), sql<number>`0`).as('total'),
      eb.fn.coalesce(eb.fn.sum<number>('was_new'), sql<number>`0`).as('fresh'),
      eb.fn.coalesce(eb.fn.sum<number>('removed'), sql<number>`0`).as('removed'),
    ])
    .where('job_id', '=', job.id)
    .executeTakeFirstOrThrow();
  const counts = {
    new_docs_indexed: Math.max(Number(job.new_docs_indexed), Number(sums.fresh)),
    total_docs_indexed: Math.max(Number(job.total_docs_indexed), Number(sums.total)),
    docs_removed_from_index: Math.max(Number(job.docs_removed_from_index), Number(sums.removed)),
  };
  const at = now.toISOString();
  await db
    .updateTable('sync_jobs')
    .set({ ...counts, last_progress_at: at, time_updated: at })
    .where('id', '=', job.id)
    .execute();
  return counts;
}

/**
 * Adds a batch's counts (pairDocuments.applyDocuments: counted from the job's
 * own documents, never taken on trust) to the job's counters in one UPDATE;
 * the counters after it. They only grow.
 */
export async function addJobCounts(
  db: Db,
  job: JobRow,
  added: { total: number; fresh: number; removed: number },
  now: Date,
) {
  const at = now.toISOString();
  await db
    .updateTable('sync_jobs')
    .set((eb) => ({
      new_docs_indexed: eb('new_docs_indexed', '+', added.fresh),
      total_docs_indexed: eb('total_docs_indexed', '+', added.total),
      docs_removed_from_index: eb('docs_removed_from_index', '+', added.removed),
      last_progress_at: at,
      time_updated: at,
    }))
    .where('id', '=', job.id)
    .execute();
  return {
    new_docs_indexed: Number(job.new_docs_indexed) + added.fresh,
    total_docs_indexed: Number(job.total_docs_indexed) + added.total,
    docs_removed_from_index: Number(job.docs_removed_from_index) + added.removed,
  };
}

export async function updateJob(db: Db, id: number, change: Partial<Omit<JobRow, 'id'>>) {
  await db.updateTable('sync_jobs').set(change).where('id', '=', id).execute();
}

/** Ends a job the way the rules or a revocation do (failed, interrupted, canceled). */
export async function endJob(
  db: Db,
  id: number,
  status: JobStatus,
  errorMsg: string | null,
  now: Date,
) {
  const at = now.toISOString();
  await db
    .updateTable('sync_jobs')
    .set({ status, error_msg: errorMsg, time_updated: at, time_finished: at })
    .where('id', '=', id)
    .where('status', 'in', OPEN_JOB_STATUSES)
    .execute();
}

/** The jobs a revoked key's workers held: interrupted (resumable, not a failure). */
export async function interruptJobsOfKey(db: Db, keyId: number, now: Date) {
  const at = now.toISOString();
  const { numUpdatedRows } = await db
    .updateTable('sync_jobs')
    .set({
      status: 'interrupted',
      error_msg: 'The worker key was revoked',
      time_updated: at,
      time_finished: at,
    })
    .where('worker_key_id', '=', keyId)
    .where('status', '=', 'in_progress')
    .executeTakeFirst();
  return Number(numUpdatedRows);
}

export async function pairJobsPage(db: Db, pairId: number, pageNum: number, pageSize: number) {
  const items = await db
    .selectFrom('sync_jobs')
    .selectAll()
    .where('cc_pair_id', '=', pairId)
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset(pageNum * pageSize)
    .execute();
  const total = await db
    .selectFrom('sync_jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('cc_pair_id', '=', pairId)
    .executeTakeFirstOrThrow();
  return { items: items.map(toIndexAttempt), total_items: Number(total.n) };
}

/**
 * Every open job, for the rules' round (stall, never claimed): only the
 * columns the rules and the round read. At 10,000 active pairs these are
 * 10,000 rows or more; read whole (checkpoint, error texts and all) they held
 * about 100 MB of the server's heap while the round ran.
 */
export const openJobs = (db: Db) =>
  db
    .selectFrom('sync_jobs')
    .select([
      'id',
      'cc_pair_id',
      'kind',
      'status',
      'time_created',
      'time_started',
      'last_progress_at',
    ])
    .where('status', 'in', OPEN_JOB_STATUSES)
    .execute();

/** The pairs' last finished jobs of a kind, newest first, at most `limit` each. */
export async function lastFinishedJobs(
  db: Db,
  pairIds: readonly number[],
  kind: JobKind,
  limit: number,
): Promise<Map<number, JobRow[]>> {
  const found = new Map<number, JobRow[]>();
  if (pairIds.length > PAIR_CHUNK) {
    const turns = new Turns();
    for (let from = 0; from < pairIds.length; from += PAIR_CHUNK) {
      // Each chunk is answered in step, without a turn of the loop: one given when due.
      await turns.ifDue();
      const part = await lastFinishedJobs(db, pairIds.slice(from, from + PAIR_CHUNK), kind, limit);
      for (const [pair, rows] of part) found.set(pair, rows);
    }
    return found;
  }
  if (pairIds.length === 0) return found;
  // Each pair's finished runs ranked newest first by a window (one pass over
  // them), not by counting the later ones for each row: that was quadratic in
  // a pair's runs (100,000 runs of one pair held a schedule round for minutes).
  // Only ids are ranked (the rows of a pair with 100,000 runs are not carried
  // through the window); the few kept are read whole by their id.
  const rows: JobRow[] = await db
    .selectFrom((from) =>
      from
        .selectFrom('sync_jobs as j')
        .select(['j.id', 'j.cc_pair_id'])
        .select((eb) =>
          eb.fn
            .agg<number>('row_number')
            .over((over) => over.partitionBy('j.cc_pair_id').orderBy('j.id', 'desc'))
            .as('finished_rank'),
        )
        .where('j.cc_pair_id', 'in', pairIds)
        .where('j.kind', '=', kind)
        .where('j.status', 'not in', OPEN_JOB_STATUSES)
        .as('ranked'),
    )
    .innerJoin('sync_jobs as f', 'f.id', 'ranked.id')
    .selectAll('f')
    .where('ranked.finished_rank', '<=', limit)
    .orderBy('f.id', 'desc')
    .execute();
  for (const row of rows) {
    const pair = Number(row.cc_pair_id);
    found.set(pair, [...(found.get(pair) ?? []), row]);
  }
  return found;
}

/** Every job of these pairs that is open or was ever started: what the status rows summarise. */
export const jobsOfPairs = (db: Db, pairIds: readonly number[]) =>
  pairIds.length === 0
    ? Promise.resolve([] as JobRow[])
    : db
        .selectFrom('sync_jobs')
        .selectAll()
        .where('cc_pair_id', 'in', pairIds)
        .where((eb) =>
          eb.or([eb('status', 'in', OPEN_JOB_STATUSES), eb('time_started', 'is not', null)]),
        )
        .orderBy('id', 'desc')
        .execute();

/** Each pair's last job of each kind (by creation), for the schedule. */
export async function lastJobTimes(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('sync_jobs')
    .select(['cc_pair_id', 'kind', (eb) => eb.fn.max('time_created').as('last')])
    .groupBy(['cc_pair_id', 'kind'])
    .execute();
  return new Map(rows.map((row) => [`${row.cc_pair_id}:${row.kind}`, String(row.last)]));
}

/** Marks the pair's earlier errors resolved after a successful run (Onyx's is_resolved). */
export async function resolveErrors(db: Db, pairId: number, beforeJob: number) {
  await db
    .updateTable('sync_job_errors')
    .set({ is_resolved: 1 })
    .where('cc_pair_id', '=', pairId)
    .where('job_id', '<', beforeJob)
    .execute();
}

/** The pairs whose connector has a schedule, with what the schedule's rules read. */
export const scheduledPairs = (db: Db) =>
  db
    .selectFrom('connector_credential_pairs as p')
    .innerJoin('connectors as c', 'c.id', 'p.connector_id')
    .select([
      'p.id',
      'p.credential_id',
      'p.time_created',
      'p.last_test_ok',
      'c.status',
      'c.refresh_freq',
      'c.prune_freq',
      'c.indexing_start',
    ])
    .where((eb) =>
      eb.or([eb('c.refresh_freq', 'is not', null), eb('c.prune_freq', 'is not', null)]),
    )
    .execute();

const pairConnectors = (db: Db) =>
  db
    .selectFrom('connector_credential_pairs as p')
    .innerJoin('connectors as c', 'c.id', 'p.connector_id')
    .select([
      'p.credential_id',
      'c.id',
      'c.name',
      'c.source',
      'c.input_type',
      'c.connector_specific_config',
      'c.refresh_freq',
      'c.prune_freq',
    ]);

/** The connector of a job's pair, as a worker is told of it, and the pair's credential. */
export async function claimedPairConnector(db: Db, pairId: number | string) {
  return pairConnectors(db).where('p.id', '=', Number(pairId)).executeTakeFirstOrThrow();
}

/** `claimedPairConnector` of several pairs in one statement, by pair id. */
export async function claimedPairConnectors(db: Db, pairIds: readonly (number | string)[]) {
  if (pairIds.length === 0) return new Map<number, ClaimedPairConnector>();
  const rows = await pairConnectors(db)
    .select('p.id as pair_id')
    .where('p.id', 'in', pairIds.map(Number))
    .execute();
  return new Map<number, ClaimedPairConnector>(rows.map((row) => [Number(row.pair_id), row]));
}

export type ClaimedPairConnector = Awaited<ReturnType<typeof claimedPairConnector>>;

/**
 * PostgreSQL: takes the schedule's lock for this transaction when no other
 * instance holds it (D14: one instance schedules at a time); false otherwise.
 */
export async function takeScheduleLock(db: Db): Promise<boolean> {
  const lock = sql`hashtext(current_schema() || ' sourcedesk schedule')`;
  const { rows } = await sql<{
    held: boolean;
  }>`select pg_try_advisory_xact_lock(${lock}) as held`.execute(db);
  return rows[0]?.held === true;
}

/** Of `pairIds` (every pair when undefined), those a worker has reported on: a run of theirs was claimed (D14). */
export async function reportedPairIds(db: Db, pairIds?: readonly number[]): Promise<Set<number>> {
  if (pairIds?.length === 0) return new Set();
  let query = db.selectFrom('sync_jobs').select('cc_pair_id').distinct();
  if (pairIds) query = query.where('cc_pair_id', 'in', pairIds);
  const rows = await query.where('time_started', 'is not', null).execute();
  return new Set(rows.map((row) => Number(row.cc_pair_id)));
}

/** Each pair's last successful index run's end (one that ended with errors counts), by pair id. */
export async function lastIndexSuccesses(db: Db): Promise<Map<number, string | null>> {
  const rows = await db
    .selectFrom('sync_jobs')
    .select(['cc_pair_id', (eb) => eb.fn.max('time_finished').as('at')])
    .where('kind', '=', 'index')
    .where('status', 'in', ['success', 'completed_with_errors'])
    .groupBy('cc_pair_id')
    .execute();
  return new Map(
    rows.map((row) => [Number(row.cc_pair_id), row.at === null ? null : String(row.at)]),
  );
}

/** Every pair with its connector's and credential's names, for the sync alerts. */
export const pairsForSyncAlerts = (db: Db) =>
  db
    .selectFrom('connector_credential_pairs as p')
    .innerJoin('connectors as c', 'c.id', 'p.connector_id')
    .innerJoin('credentials as k', 'k.id', 'p.credential_id')
    .select([
      'p.id',
      'c.id as connector_id',
      'c.name as connector_name',
      'c.source as connector_source',
      'c.refresh_freq',
      'k.id as credential_id',
      'k.name as credential_name',
      'k.source as credential_source',
    ])
    .execute();
