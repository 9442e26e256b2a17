// GET /manage/admin/connector-status (issue 25): every connector–credential
// pair in Onyx's shape with its health (server/health/attention.ts), or only
// those that need attention. Not kept in the read cache: "not tested for too
// long" changes with the clock, not only with the data.
import type { FastifyInstance } from 'fastify';
import { listConnectorStatus } from '../../src/contract/endpoints/health';
import { connectorStatusRows } from '../health/statusRows';
import { statusRowsForCaller } from '../health/scope';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';

export function connectorStatusRoutes(
  app: FastifyInstance,
  { db, guard, secrets }: RouteContext,
  retestHours: number,
) {
  declaredRoutes(app, guard)(listConnectorStatus, async ({ query }, request) => {
    const settings = { retestHours, now: new Date() };
    const seen = await db.transaction().execute(async (trx) => {
      const rows = await connectorStatusRows(trx, secrets, settings);
      return statusRowsForCaller(trx, rows, request.user!);
    });
    return query.needs_attention === 'true'
      ? seen.filter((row) => row.needs_attention.length > 0)
      : seen;
  });
}
