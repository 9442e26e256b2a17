// Configuration as code (docs/configuration-as-code.md): the setup
// exported as one bundle, and a bundle planned (dry run) or applied in the
// request's one transaction (D11): a conflict, a refused constraint or any
// failure half way leaves the instance exactly as it was.
import type { FastifyInstance } from 'fastify';
import { stringify } from 'yaml';
import {
  configBundleSchema,
  formatVersionProblem,
  planCounts,
  planIsEmpty,
  type ConfigBundle,
} from '../../src/contract/configBundle';
import type { ValidationError } from '../../src/contract/contract';
import {
  exportConfiguration,
  importConfiguration,
} from '../../src/contract/endpoints/configuration';
import { bundleOf } from '../bundle/exportBundle';
import { heldIds, planImport } from '../bundle/plan';
import { readSetup } from '../bundle/setup';
import type { Db } from '../db/database';
import { problem, validationProblem } from '../http/problems';
import { sourceConfigErrors, validate, type Validated } from '../http/validation';
import { RUNNING_VERSION } from '../versions';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';

/** D3 for a bundle: its format first (in words), then every problem at its place, each connector's source rules too. */
function checkBundle(json: Record<string, unknown>): Validated<ConfigBundle> {
  const version = json.format_version;
  const words = Number.isInteger(version) ? formatVersionProblem(version as number) : null;
  if (words) {
    return {
      ok: false,
      errors: [{ loc: ['body', 'format_version'], msg: words, type: 'value_error' }],
    };
  }
  const result = validate(configBundleSchema, json);
  const errors: ValidationError[] = result.ok ? [] : [...result.errors];
  const connectors = Array.isArray(json.connectors) ? (json.connectors as unknown[]) : [];
  connectors.forEach((connector, index) => {
    const { source, connector_specific_config: config } = (connector ?? {}) as Record<
      string,
      unknown
    >;
    for (const error of sourceConfigErrors(source, config)) {
      errors.push({ ...error, loc: ['body', 'connectors', index, ...error.loc.slice(1)] });
    }
  });
  return errors.length > 0 ? { ok: false, errors } : result;
}

export function bundleRoutes(app: FastifyInstance, { db, guard, write, secrets }: RouteContext) {
  const route = declaredRoutes(app, guard);

  route(exportConfiguration, async ({ query }, _request, reply) => {
    const setup = await db.transaction().execute((trx) => readSetup(trx, secrets));
    const bundle = bundleOf(setup, RUNNING_VERSION, new Date().toISOString());
    const yaml = query.format === 'yaml';
    return reply
      .type(yaml ? 'application/yaml; charset=utf-8' : 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="sourcedesk.${yaml ? 'yaml' : 'json'}"`)
      .send(yaml ? stringify(bundle) : `${JSON.stringify(bundle, null, 2)}\n`);
  });

  const planned = async (trx: Db, bundle: ConfigBundle, importerId: string) => {
    const setup = await readSetup(trx, secrets);
    const planner = planImport(bundle, setup, importerId);
    if (planner.errors.length > 0) throw validationProblem(planner.errors);
    return { planner, ids: heldIds(setup) };
  };

  route(
    importConfiguration,
    async ({ query, body }, request) => {
      const importerId = request.user!.id;
      if (query.dry_run === 'true') {
        return db
          .transaction()
          .execute(async (trx) => (await planned(trx, body, importerId)).planner.plan);
      }
      return write(request, async (trx, log) => {
        const { planner, ids } = await planned(trx, body, importerId);
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
        for (const step of planner.allSteps) await step({ trx, ids, log, secrets });
        return { ...plan, applied: true };
      });
    },
    { checkBody: checkBundle },
  );
}
