// Configuration as code (docs/configuration-as-code.md): the setup
// exported as one bundle, and a bundle planned (dry run) or applied in the
// request's one transaction (D11): a conflict, a refused constraint or any
// failure half way leaves the instance exactly as it was.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { stringify } from 'yaml';
import {
  planCounts,
  planIsEmpty,
  type ConfigBundle,
  type ImportPlan,
} from '../../src/contract/configBundle';
import {
  exportConfiguration,
  importConfiguration,
} from '../../src/contract/endpoints/configuration';
import { batchedLogFor } from '../audit/recorder';
import { findLiveKey } from '../auth/managedKeys';
import { checkBundle } from '../bundle/checkBundle';
import { bundleOf } from '../bundle/exportBundle';
import { heldIds, planImport } from '../bundle/plan';
import { readSetup } from '../bundle/setup';
import { longReadTransaction, type Db } from '../db/database';
import { problem, validationProblem } from '../http/problems';
import { keepWhileWorking } from '../http/timeouts';
import { RUNNING_VERSION } from '../versions';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';

/** A dry run's plan, carried out of the transaction it rolls back. */
class DryRun extends Error {
  constructor(readonly plan: ImportPlan) {
    super('dry run');
  }
}

/**
 * The person importing, whom an import never demotes nor deactivates: the
 * caller, or for a key made in the panel (a user of its own) the admin who made it.
 */
async function importingPerson(trx: Db, request: FastifyRequest): Promise<string | null> {
  const caller = request.user!;
  if (caller.api_key_id === null) return caller.id;
  const key = await findLiveKey(trx, caller.api_key_id);
  if (!key?.is_api_key) return caller.id;
  return key.owner?.user_id ?? null;
}

export function bundleRoutes(app: FastifyInstance, { db, guard, write, secrets }: RouteContext) {
  const route = declaredRoutes(app, guard);

  route(exportConfiguration, async ({ query }, _request, reply) => {
    const setup = await longReadTransaction(db).execute((trx) => readSetup(trx, secrets));
    const bundle = bundleOf(setup, RUNNING_VERSION, new Date().toISOString());
    const yaml = query.format === 'yaml';
    return reply
      .type(yaml ? 'application/yaml; charset=utf-8' : 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="sourcedesk.${yaml ? 'yaml' : 'json'}"`)
      .send(yaml ? stringify(bundle) : `${JSON.stringify(bundle, null, 2)}\n`);
  });

  const planned = async (trx: Db, bundle: ConfigBundle, request: FastifyRequest) => {
    const setup = await readSetup(trx, secrets);
    const importerId = request.user!.id;
    const planner = planImport(bundle, setup, importerId, await importingPerson(trx, request));
    if (planner.errors.length > 0) throw validationProblem(planner.errors);
    return { planner, ids: heldIds(setup) };
  };

  route(
    importConfiguration,
    async ({ query, body }, request) => {
      if (query.dry_run === 'true') {
        // The plan, and the people's steps run and rolled back: their refusals
        // (the last admin, the last admin key) depend on what the store holds.
        try {
          await db.transaction().execute(async (trx) => {
            const { planner, ids } = await planned(trx, body, request);
            const tools = { trx, ids, log: async () => {}, secrets };
            for (const step of planner.steps.slice(0, planner.checkedSteps)) await step(tools);
            throw new DryRun(planner.plan);
          });
        } catch (error) {
          if (error instanceof DryRun) return error.plan;
          throw error;
        }
      }
      return write(request, async (trx) => {
        const { log, flush } = batchedLogFor(trx, request);
        const { planner, ids } = await planned(trx, body, request);
        const { plan } = planner;
        if (plan.conflicts.length > 0) {
          const words = plan.conflicts.map((c) => `${c.section} ${c.ref}: ${c.reason}`).join(' ');
          throw problem(
            409,
            `The bundle conflicts with this server; nothing was imported. ${words}`,
          );
        }
        if (planIsEmpty(plan)) return plan;
        // The import's own record first, then one for each change it makes.
        await log({
          action: 'config.import',
          resource_type: 'config',
          resource_id: null,
          resource_name: `format ${body.format_version}`,
          changes: planCounts(plan),
        });
        for (const step of planner.allSteps) {
          await step({ trx, ids, log, secrets });
          // Others’ requests are answered between steps (one item each, or 500 made at once).
          await nextTurn();
        }
        await flush();
        return { ...plan, applied: true };
      });
    },
    {
      // The body is in: checking and importing it may outlast the idle limit.
      first: async (request) => keepWhileWorking(request.raw),
      checkBody: checkBundle,
    },
  );
}
