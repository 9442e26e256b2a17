// The admins' side of sync jobs (D14): runs asked for and canceled, the runs,
// their errors and the documents of a pair, and which pairs last failed. Scoped
// by D13 like the pair: one a caller may not see is 404; asking for a run needs
// what changing the connector needs (403 otherwise).
import type { FastifyInstance } from 'fastify';
import {
  cancelIndexAttempt,
  listFailedIndexing,
  listIndexAttempts,
  listPairDocuments,
  listPairErrors,
  prunePair,
  runConnectorOnce,
} from '../../src/contract/endpoints/syncJobs';
import { CONNECTOR_NOT_FOUND } from '../../src/contract/endpoints/connectors';
import { pausedRefusal, SYNC_PAGE_SIZE_DEFAULT, type JobKind } from '../../src/contract/sync';
import { longReadTransaction, readingTransaction, type Db } from '../db/database';
import type { KeyUser } from '../auth/apiKeys';
import { changeableConnector, rightsOn, scopeOf, visibleConnectorIds } from '../groups/visibility';
import { problem } from '../http/problems';
import { connectorState, everyPair, findPair, pairsOfConnector } from '../repos/connectors';
import { pairErrorsPage } from '../repos/jobErrors';
import { documentsPage, SearchTotals } from '../repos/pairDocuments';
import {
  endJob,
  findJob,
  insertJob,
  lastFinishedJobs,
  openJob,
  pairJobsPage,
  toIndexAttempt,
  updateJob,
} from '../repos/syncJobs';
import type { RouteContext } from './context';
import { declaredRoutes, type DeclaredRoute } from './route';

export const PAIR_NOT_FOUND = 'Connector-credential pair not found';
const ATTEMPT_NOT_FOUND = 'Index attempt not found';

/** The pair when the caller sees it (D13), else 404 as if it did not exist. */
async function visiblePair(db: Db, caller: KeyUser, id: number) {
  const pair = await findPair(db, id);
  if (!pair) throw problem(404, PAIR_NOT_FOUND);
  const rights = await rightsOn(db, await scopeOf(db, caller), Number(pair.connector_id));
  if (!rights?.see) throw problem(404, PAIR_NOT_FOUND);
  return pair;
}

/** The pair when the caller may change its connector: 404 unseen, 403 seen but not theirs. */
async function changeablePair(db: Db, caller: KeyUser, id: number) {
  const pair = await findPair(db, id);
  if (!pair) throw problem(404, PAIR_NOT_FOUND);
  await changeableConnector(
    db,
    await scopeOf(db, caller),
    Number(pair.connector_id),
    PAIR_NOT_FOUND,
  );
  return pair;
}

/**
 * A paused connector runs nothing, on demand either (like the schedule, D14):
 * 409, the connector's state in the way, with what to do about it.
 */
async function refuseIfPaused(db: Db, connectorId: number) {
  const connector = await connectorState(db, connectorId);
  if (connector?.status === 'PAUSED') throw problem(409, pausedRefusal(connector.name));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

interface Queued {
  made: { id: number; pair: number }[];
  waiting: { id: number; pair: number }[];
}

/** Onyx's answer with words that say what happened: how many, and that they wait for a worker. */
function queuedAnswer(kind: JobKind, { made, waiting }: Queued) {
  const what = kind === 'index' ? 'index run' : 'prune';
  const parts: string[] = [];
  if (made.length > 0) {
    parts.push(
      `Queued ${plural(made.length, what)} (job ${made.map((job) => job.id).join(', ')}); ${made.length === 1 ? 'it waits' : 'they wait'} for a worker to claim ${made.length === 1 ? 'it' : 'them'}.`,
    );
  }
  for (const job of waiting) {
    parts.push(
      `Pair ${job.pair} already has a${kind === 'index' ? 'n index run' : ' prune'} waiting or running (job ${job.id}): no second one was queued.`,
    );
  }
  return {
    success: made.length > 0 || waiting.length > 0,
    message: parts.join(' '),
    data: made.map((job) => job.id),
  };
}

const paging = (query: { page_num?: number; page_size?: number }) => ({
  pageNum: query.page_num ?? 0,
  pageSize: query.page_size ?? SYNC_PAGE_SIZE_DEFAULT,
});

export function syncJobRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { guard, write } = ctx;
  const route = declaredRoutes(app, guard);

  route(runConnectorOnce, async ({ body }, request) =>
    write(request, async (trx, log) => {
      const caller = request.user!;
      await changeableConnector(
        trx,
        await scopeOf(trx, caller),
        body.connector_id,
        CONNECTOR_NOT_FOUND,
      );
      await refuseIfPaused(trx, body.connector_id);
      let pairs = await pairsOfConnector(trx, body.connector_id);
      const wanted = body.credential_ids ?? null;
      if (wanted !== null) {
        const attached = new Set(pairs.map((pair) => Number(pair.credential_id)));
        const strangers = wanted.filter((id) => !attached.has(id));
        if (strangers.length > 0) {
          throw problem(
            400,
            `Credential ${strangers.join(', ')} is not attached to connector ${body.connector_id}.`,
          );
        }
        pairs = pairs.filter((pair) => wanted.includes(Number(pair.credential_id)));
      }
      if (pairs.length === 0) {
        throw problem(400, 'Connector has no valid credentials, cannot create index attempts.');
      }
      const queued: Queued = { made: [], waiting: [] };
      const now = new Date();
      for (const pair of pairs) {
        const job = await insertJob(
          trx,
          {
            cc_pair_id: pair.id,
            credential_id: Number(pair.credential_id),
            kind: 'index',
            trigger: 'on_demand',
            from_beginning: body.from_beginning ?? false,
          },
          now,
        );
        if (job) queued.made.push({ id: job.id, pair: pair.id });
        else {
          const open = await openJob(trx, pair.id, 'index');
          queued.waiting.push({ id: open?.id ?? 0, pair: pair.id });
        }
      }
      await log({
        resource_type: 'connector',
        resource_id: body.connector_id,
        changes: {
          jobs: queued.made.map((job) => job.id),
          from_beginning: body.from_beginning ?? false,
        },
      });
      return queuedAnswer('index', queued);
    }),
  );

  route(prunePair, async ({ params }, request) =>
    write(request, async (trx, log) => {
      const pair = await changeablePair(trx, request.user!, params.cc_pair_id);
      await refuseIfPaused(trx, Number(pair.connector_id));
      const job = await insertJob(
        trx,
        {
          cc_pair_id: pair.id,
          credential_id: Number(pair.credential_id),
          kind: 'prune',
          trigger: 'on_demand',
          from_beginning: false,
        },
        new Date(),
      );
      const queued: Queued = { made: [], waiting: [] };
      if (job) queued.made.push({ id: job.id, pair: pair.id });
      else
        queued.waiting.push({ id: (await openJob(trx, pair.id, 'prune'))?.id ?? 0, pair: pair.id });
      await log({
        resource_type: 'cc_pair',
        resource_id: pair.id,
        resource_name: pair.name,
        changes: { jobs: queued.made.map((made) => made.id) },
      });
      return queuedAnswer('prune', queued);
    }),
  );
  jobAttemptRoutes(route, ctx);
}

/** Canceling a job, and the pair's reads: its attempts, errors, documents, and the failed ones. */
function jobAttemptRoutes(route: DeclaredRoute, { db, write }: RouteContext) {
  const read = <T>(work: (trx: Db) => Promise<T>) => readingTransaction(db).execute(work);
  // A new search's count over a pair's documents (a million: ~200 ms) and every
  // pair's last run read off the event loop.
  const longRead = <T>(work: (trx: Db) => Promise<T>) => longReadTransaction(db).execute(work);
  // The documents search's totals, remembered per pair and words until the pair's inventory moves.
  const searchTotals = new SearchTotals();

  route(cancelIndexAttempt, async ({ params }, request) =>
    write(request, async (trx, log) => {
      const job = await findJob(trx, params.index_attempt_id);
      if (!job) throw problem(404, ATTEMPT_NOT_FOUND);
      const pair = await findPair(trx, Number(job.cc_pair_id));
      if (!pair) throw problem(404, ATTEMPT_NOT_FOUND);
      await changeableConnector(
        trx,
        await scopeOf(trx, request.user!),
        Number(pair.connector_id),
        ATTEMPT_NOT_FOUND,
      );
      const now = new Date();
      if (job.status === 'not_started') {
        await endJob(trx, job.id, 'canceled', 'Canceled before a worker claimed it', now);
      } else if (job.status === 'in_progress') {
        await updateJob(trx, job.id, {
          cancellation_requested: 1,
          time_updated: now.toISOString(),
        });
      } else {
        throw problem(409, `This run already ended (${job.status}): there is nothing to cancel.`);
      }
      await log({
        resource_type: 'index_attempt',
        resource_id: job.id,
        changes: {
          status: {
            before: job.status,
            after: job.status === 'not_started' ? 'canceled' : job.status,
          },
        },
      });
      return toIndexAttempt((await findJob(trx, job.id))!);
    }),
  );

  route(listIndexAttempts, async ({ params, query }, request) =>
    read(async (trx) => {
      const pair = await visiblePair(trx, request.user!, params.cc_pair_id);
      const { pageNum, pageSize } = paging(query);
      return pairJobsPage(trx, pair.id, pageNum, pageSize);
    }),
  );

  route(listPairErrors, async ({ params, query }, request) =>
    read(async (trx) => {
      const pair = await visiblePair(trx, request.user!, params.cc_pair_id);
      const { pageNum, pageSize } = paging(query);
      return pairErrorsPage(
        trx,
        pair.id,
        { includeResolved: query.include_resolved ?? false, jobId: query.index_attempt_id },
        pageNum,
        pageSize,
      );
    }),
  );

  route(listPairDocuments, async ({ params, query }, request) =>
    longRead(async (trx) => {
      const pair = await visiblePair(trx, request.user!, params.cc_pair_id);
      const { pageNum, pageSize } = paging(query);
      return documentsPage(trx, pair.id, query.q, pageNum, pageSize, searchTotals);
    }),
  );

  route(listFailedIndexing, async (_input, request) =>
    longRead(async (trx) => {
      const visible = await visibleConnectorIds(trx, request.user!);
      const pairs = (await everyPair(trx)).filter(
        (pair) => visible === null || visible.has(Number(pair.connector_id)),
      );
      const last = await lastFinishedJobs(
        trx,
        pairs.map((pair) => pair.id),
        'index',
        1,
      );
      return pairs.flatMap((pair) => {
        const job = last.get(pair.id)?.[0];
        if (job?.status !== 'failed') return [];
        return [
          {
            cc_pair_id: pair.id,
            name: pair.name,
            error_msg: job.error_msg,
            is_deletable: true,
            connector_id: Number(pair.connector_id),
            credential_id: Number(pair.credential_id),
          },
        ];
      });
    }),
  );
}
