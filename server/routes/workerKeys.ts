// Worker keys and the workers (D14), admins only: a key is shown once when
// made; revoking one interrupts the runs its workers held. Worker keys never
// travel in a configuration bundle.
import type { FastifyInstance } from 'fastify';
import {
  createWorkerKey,
  deleteWorkerKey,
  listWorkerKeys as listWorkerKeysRoute,
  listWorkers,
} from '../../src/contract/endpoints/syncJobs';
import type { Worker } from '../../src/contract/sync';
import type { JobKind } from '../../src/contract/sync';
import { problem } from '../http/problems';
import { workerOnline, type SyncSettings } from '../health/syncRules';
import { interruptJobsOfKey } from '../repos/syncJobs';
import {
  findLiveWorkerKey,
  insertWorkerKey,
  listWorkerKeys,
  revokeWorkerKey,
} from '../repos/workerKeys';
import { listWorkerRows, runningJobs } from '../repos/workers';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';
import { readingTransaction } from '../db/database';

export function workerKeyRoutes(
  app: FastifyInstance,
  { db, guard, write }: RouteContext,
  settings: SyncSettings,
) {
  const route = declaredRoutes(app, guard);

  route(listWorkerKeysRoute, async () => listWorkerKeys(db));

  route(createWorkerKey, async ({ body }, request) =>
    write(request, async (trx, log) => {
      const made = await insertWorkerKey(trx, body.name.trim(), request.user?.id ?? null);
      await log({
        resource_type: 'worker_key',
        resource_id: made.id,
        resource_name: made.name,
        changes: { name: { before: null, after: made.name } },
      });
      return made;
    }),
  );

  route(deleteWorkerKey, async ({ params }, request) =>
    write(request, async (trx, log) => {
      const key = await findLiveWorkerKey(trx, params.worker_key_id);
      if (!key) throw problem(404, 'Worker key not found');
      const now = new Date();
      await revokeWorkerKey(trx, key.id, now);
      const interrupted = await interruptJobsOfKey(trx, key.id, now);
      await log({
        resource_type: 'worker_key',
        resource_id: key.id,
        resource_name: key.name,
        changes: { name: { before: key.name, after: null }, interrupted_jobs: interrupted },
      });
      return {
        success: true,
        message: `Worker key revoked${interrupted > 0 ? `; ${interrupted} run${interrupted === 1 ? '' : 's'} in progress interrupted` : ''}.`,
        data: null,
      };
    }),
  );

  route(listWorkers, async () =>
    readingTransaction(db).execute(async (trx): Promise<Worker[]> => {
      const now = new Date();
      const running = await runningJobs(trx);
      return (await listWorkerRows(trx)).map((row) => ({
        worker_id: row.worker_id,
        worker_key_id: Number(row.worker_key_id),
        worker_key_name: row.key_name,
        hostname: row.hostname,
        version: row.version,
        sources: row.sources === null ? null : (JSON.parse(row.sources) as string[]),
        last_check_in: row.last_check_in,
        online: workerOnline(row.last_check_in, now, settings),
        running_jobs: running
          .filter(
            (job) =>
              Number(job.worker_key_id) === Number(row.worker_key_id) &&
              job.worker_id === row.worker_id,
          )
          .map((job) => ({
            id: Number(job.id),
            cc_pair_id: Number(job.cc_pair_id),
            kind: job.kind as JobKind,
            time_started: job.time_started,
          })),
      }));
    }),
  );
}
