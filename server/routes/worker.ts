// The worker routes (D14; docs/workers.md): check-in, claim, the job's
// credential, documents, errors, progress and finish. Only a worker key gets
// here (the guard); a job answers only to the key that claimed it (404 to any
// other), and only while it runs (409 after). Each call is one transaction.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DocumentSource } from '../../src/contract/contract';
import {
  claimJob as claimJobRoute,
  finishJob,
  readJobCredential,
  reportJobProgress,
  sendJobDocuments,
  sendJobErrors,
  workerCheckIn,
} from '../../src/contract/endpoints/worker';
import type { ClaimedJob, JobKind, jobClaimSchema } from '../../src/contract/sync';
import type * as z from 'zod/mini';
import type { AuditLog } from '../audit/recorder';
import { notAuthenticated, type Writer } from '../auth/guard';
import type { DialectName, Db } from '../db/database';
import type { SourceApiHosts } from '../connectionCheck/hosts';
import { assertSecretMayGoTo, tripOrigins } from '../connectionCheck/secretDestination';
import { Problem, problem } from '../http/problems';
import { openCredentialValues } from '../repos/credentialValues';
import { insertJobErrors } from '../repos/jobErrors';
import { applyDocuments, removeUnlisted } from '../repos/pairDocuments';
import {
  addJobCounts,
  checkpointOf,
  claimJobs,
  claimedPairConnector,
  countWaitingJobs,
  endJob,
  findJob,
  recountJob,
  resolveErrors,
  toIndexAttempt,
  updateJob,
  type ClaimedPairConnector,
  type JobRow,
} from '../repos/syncJobs';
import { findLiveWorkerKey } from '../repos/workerKeys';
import { recordCheckIn } from '../repos/workers';
import type { SyncSettings } from '../health/syncRules';
import type { RouteContext } from './context';
import { declaredRoutes, type DeclaredRoute } from './route';

export const JOB_NOT_FOUND = 'Job not found';
export const jobFinished = (job: JobRow) =>
  `This job already finished (${job.status}): nothing more may be reported for it.`;

export interface SyncOptions {
  dialect: DialectName;
  settings: SyncSettings;
  /** The fixed API hosts as the connection checks reach them: the origins a worker is told (D15). */
  hosts: SourceApiHosts;
}

/** The worker key of the request, asked again inside the transaction: revoked meanwhile is 401. */
async function holder(trx: Db, request: FastifyRequest) {
  const key = request.workerKey && (await findLiveWorkerKey(trx, request.workerKey.id));
  if (!key) throw notAuthenticated();
  return key;
}

/** The running job this key holds, or 404 / 409. */
async function heldJob(trx: Db, request: FastifyRequest, id: number) {
  const key = await holder(trx, request);
  const job = await findJob(trx, id);
  if (!job || job.worker_key_id === null || Number(job.worker_key_id) !== key.id) {
    throw problem(404, JOB_NOT_FOUND);
  }
  if (job.status !== 'in_progress') throw problem(409, jobFinished(job));
  return job;
}

const nullable = <T>(value: T | null | undefined) => value ?? null;

export function workerRoutes(
  app: FastifyInstance,
  ctx: RouteContext,
  { dialect, settings, hosts }: SyncOptions,
) {
  const { guard, write, secrets } = ctx;
  const route = declaredRoutes(app, guard);

  route(workerCheckIn, async ({ body }, request) =>
    write(request, async (trx) => {
      const key = await holder(trx, request);
      const now = new Date();
      await recordCheckIn(
        trx,
        key.id,
        {
          worker_id: body.worker_id,
          hostname: nullable(body.hostname),
          version: nullable(body.version),
          sources: nullable(body.sources),
        },
        now,
      );
      return {
        server_time: now.toISOString(),
        check_in_interval_seconds: settings.checkInIntervalSeconds,
        jobs_waiting: await countWaitingJobs(trx),
      };
    }),
  );

  // Claims that arrive together share one write transaction (group commit):
  // each is still checked (its key, inside the transaction) and answered only
  // after the commit that holds it, so D12's durability is kept, but 8
  // workers claiming at once wait for one fsync, not eight in a row. (On SQLite
  // a transaction, COMMIT included, runs within one turn of the event loop:
  // only claims that reached this route in the same turn share it.)
  const claims = claimBatcher(write, claimAll(dialect));
  route(claimJobRoute, async ({ body }, request, reply) => {
    const claimed = await claims(request, body);
    if (claimed === null) return reply.code(204).send();
    return claimed;
  });

  route(readJobCredential, async ({ params }, request) => {
    const outcome = await write(request, async (trx, log: AuditLog) => {
      const job = await heldJob(trx, request, params.job_id);
      const pair = await claimedPairConnector(trx, job.cc_pair_id);
      const credential = await openCredentialValues(trx, secrets, Number(pair.credential_id));
      if (!credential) throw problem(404, 'The pair has no credential');
      // D15's one check, as the server's own work (no one approves an origin here).
      const trip = {
        credential,
        source: pair.source as DocumentSource,
        config: JSON.parse(pair.connector_specific_config) as Record<string, unknown>,
        by: null,
      };
      const refusal = await assertSecretMayGoTo(trx, trip).then(
        () => null,
        (error: unknown) => {
          if (error instanceof Problem && typeof error.body.detail === 'string')
            return error.body.detail;
          throw error;
        },
      );
      if (refusal) {
        // D15: nothing is sent, and the job fails in words (committed with this answer's refusal).
        await endJob(trx, job.id, 'failed', refusal, new Date());
        return { refusal };
      }
      await log({
        resource_type: 'credential',
        resource_id: credential.id,
        changes: {
          job_id: job.id,
          cc_pair_id: Number(job.cc_pair_id),
          worker_key: request.workerKey?.name ?? null,
          worker_id: job.worker_id,
        },
      });
      return { values: credential.values, origins: tripOrigins(trip, hosts) };
    });
    if ('refusal' in outcome) throw problem(409, `The job failed: ${outcome.refusal}`);
    return { credential_json: outcome.values, approved_origins: outcome.origins };
  });
  workerResultRoutes(route, ctx);
}

type ClaimBody = z.output<typeof jobClaimSchema>;
type Outcome = { value: ClaimedJob | null } | { error: unknown };
type ClaimRequest = { request: FastifyRequest; body: ClaimBody };

/**
 * Claims inside one write transaction: each claim's key asked again (once a
 * key), then the claims that share a key and a filter take the oldest waiting
 * jobs in one statement, a distinct job each, with their connectors (on
 * SQLite read in one more). A refusal (a key revoked meanwhile: 401) is that claim's own
 * answer; anything else ends the transaction.
 */
const claimAll =
  (dialect: DialectName) =>
  async (trx: Db, claims: readonly ClaimRequest[]): Promise<Outcome[]> => {
    const outcomes: Outcome[] = claims.map(() => ({ value: null }));
    const keys = new Map<number | undefined, Promise<Awaited<ReturnType<typeof holder>>>>();
    const groups = new Map<string, { keyId: number; body: ClaimBody; at: number[] }>();
    for (const [at, { request, body }] of claims.entries()) {
      const id = request.workerKey?.id;
      if (!keys.has(id)) keys.set(id, holder(trx, request));
      let key;
      try {
        key = await keys.get(id)!;
      } catch (error) {
        if (!(error instanceof Problem)) throw error;
        outcomes[at] = { error };
        continue;
      }
      const filter = JSON.stringify([key.id, body.sources ?? null, body.kinds ?? null]);
      const group = groups.get(filter) ?? { keyId: key.id, body, at: [] };
      group.at.push(at);
      groups.set(filter, group);
    }
    const now = new Date();
    for (const { keyId, body, at } of groups.values()) {
      const jobs = await claimJobs(
        trx,
        dialect,
        { keyId, workerIds: at.map((n) => claims[n]!.body.worker_id) },
        { sources: nullable(body.sources), kinds: nullable(body.kinds) },
        now,
      );
      jobs.forEach(({ job, pair }, n) => (outcomes[at[n]!] = { value: claimedJob(job, pair) }));
    }
    return outcomes;
  };

/** A claimed job as its worker is told of it. */
const claimedJob = (job: JobRow, pair: ClaimedPairConnector): ClaimedJob => ({
  id: Number(job.id),
  cc_pair_id: Number(job.cc_pair_id),
  kind: job.kind as JobKind,
  from_beginning: Number(job.from_beginning) === 1,
  trigger: job.trigger as ClaimedJob['trigger'],
  poll_range_start: job.poll_range_start,
  poll_range_end: job.poll_range_end,
  checkpoint: checkpointOf(job),
  connector: {
    id: Number(pair.id),
    name: pair.name,
    source: pair.source as DocumentSource,
    input_type: pair.input_type as ClaimedJob['connector']['input_type'],
    connector_specific_config: JSON.parse(pair.connector_specific_config) as Record<
      string,
      unknown
    >,
    refresh_freq: pair.refresh_freq === null ? null : Number(pair.refresh_freq),
    prune_freq: pair.prune_freq === null ? null : Number(pair.prune_freq),
  },
  credential_id: Number(pair.credential_id),
});

type Claims = (trx: Db, claims: readonly ClaimRequest[]) => Promise<Outcome[]>;

/** At most this many claims share one transaction. */
const CLAIMS_PER_COMMIT = 64;

/**
 * Group commit for claims: the claims that arrive together, while the previous
 * commit is under way or while this one begins, are made in one write transaction (a refused one, e.g. a key revoked
 * meanwhile, answers its own error and leaves the others be). When the shared
 * transaction itself fails, each claim is made again alone, so one caller's
 * problem is never another's answer.
 */
function claimBatcher(write: Writer, claimMany: Claims) {
  type Waiting = ClaimRequest & { settle: (outcome: Outcome) => void };
  const waiting: Waiting[] = [];
  const alone = (item: Waiting) =>
    write(item.request, (trx) => claimMany(trx, [item])).then(
      ([outcome]) => item.settle(outcome!),
      (error: unknown) => item.settle({ error }),
    );
  let busy = false;
  // The batch is taken inside the transaction, once it holds the write lock:
  // the claims that arrive while it begins (and, on PostgreSQL, waits for the
  // lock) go in it too, not in the next.
  const commit = async () => {
    let batch: Waiting[] = [];
    let outcomes: Outcome[];
    try {
      outcomes = await write(waiting[0]!.request, (trx) => {
        batch = waiting.splice(0, CLAIMS_PER_COMMIT);
        return claimMany(trx, batch);
      });
    } catch (error) {
      if (batch.length === 0) batch = waiting.splice(0, 1);
      if (batch.length === 1) return batch[0]!.settle({ error });
      for (const item of batch) await alone(item);
      return;
    }
    batch.forEach((item, at) => item.settle(outcomes[at]!));
  };
  // One batch at a time: the claims that arrive while a commit is under way
  // wait for it and go together in the next (its fsync is theirs too).
  const flush = async () => {
    busy = true;
    try {
      while (waiting.length > 0) await commit();
    } finally {
      busy = false;
    }
  };
  return (request: FastifyRequest, body: ClaimBody) =>
    new Promise<ClaimedJob | null>((resolve, reject) => {
      waiting.push({
        request,
        body,
        settle: (outcome) => ('error' in outcome ? reject(outcome.error) : resolve(outcome.value)),
      });
      if (!busy && waiting.length === 1) setImmediate(() => void flush());
    });
}

/** What a worker sends back for a job it holds: documents, errors, progress, the finish. */
function workerResultRoutes(route: DeclaredRoute, { write }: RouteContext) {
  route(sendJobDocuments, async ({ params, body }, request) =>
    write(request, async (trx) => {
      const job = await heldJob(trx, request, params.job_id);
      const now = new Date();
      const added = await applyDocuments(
        trx,
        { id: job.id, cc_pair_id: Number(job.cc_pair_id) },
        { upsert: body.upsert ?? [], delete: body.delete ?? [] },
        now,
      );
      const counts = await addJobCounts(trx, job, added, now);
      return { ...counts, cancellation_requested: Number(job.cancellation_requested) === 1 };
    }),
  );

  route(sendJobErrors, async ({ params, body }, request) =>
    write(request, async (trx) => {
      const job = await heldJob(trx, request, params.job_id);
      const now = new Date();
      await insertJobErrors(
        trx,
        { id: job.id, cc_pair_id: Number(job.cc_pair_id) },
        body.errors,
        now,
      );
      const errorCount = Number(job.error_count) + body.errors.length;
      await updateJob(trx, job.id, {
        error_count: errorCount,
        last_progress_at: now.toISOString(),
        time_updated: now.toISOString(),
      });
      return {
        error_count: errorCount,
        cancellation_requested: Number(job.cancellation_requested) === 1,
      };
    }),
  );

  route(reportJobProgress, async ({ params, body }, request) =>
    write(request, async (trx) => {
      const job = await heldJob(trx, request, params.job_id);
      const at = new Date().toISOString();
      await updateJob(trx, job.id, {
        last_progress_at: at,
        time_updated: at,
        ...(body.checkpoint !== undefined
          ? { checkpoint: body.checkpoint === null ? null : JSON.stringify(body.checkpoint) }
          : {}),
        ...(body.completed_batches !== undefined
          ? {
              completed_batches: Math.max(Number(job.completed_batches), body.completed_batches),
            }
          : {}),
        ...(body.total_batches !== undefined ? { total_batches: body.total_batches } : {}),
      });
      return { cancellation_requested: Number(job.cancellation_requested) === 1 };
    }),
  );

  route(finishJob, async ({ params, body }, request) =>
    write(request, async (trx) => {
      const job = await heldJob(trx, request, params.job_id);
      const at = new Date().toISOString();
      await updateJob(trx, job.id, {
        status: body.status,
        error_msg: nullable(body.error_msg),
        full_exception_trace: nullable(body.full_exception_trace),
        validation_error: body.validation_error ? 1 : 0,
        time_updated: at,
        time_finished: at,
        last_progress_at: at,
        ...(body.checkpoint !== undefined
          ? { checkpoint: body.checkpoint === null ? null : JSON.stringify(body.checkpoint) }
          : {}),
      });
      if (body.status === 'success' && job.kind === 'index') {
        await resolveErrors(trx, Number(job.cc_pair_id), job.id);
      }
      if (body.status === 'success' && job.kind === 'prune') {
        await removeUnlisted(trx, { id: job.id, cc_pair_id: Number(job.cc_pair_id) });
        await recountJob(trx, job, new Date());
      }
      return toIndexAttempt((await findJob(trx, job.id))!);
    }),
  );
}
