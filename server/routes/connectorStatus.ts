// GET /manage/admin/connector-status (connector health): every connector–credential
// pair in Onyx's shape with its health (server/health/attention.ts), or only
// those that need attention. Kept as bytes per caller's view (D13) until the
// data changes or the clock alone would change an answer ("not tested for too
// long": attention.ts says when), so the panel's every page may ask for it.
import type { FastifyInstance } from 'fastify';
import { listConnectorStatus } from '../../src/contract/endpoints/health';
import { connectorStatusRows } from '../health/statusRows';
import { statusRowsForCaller } from '../health/scope';
import type { RouteContext } from './context';
import type { SyncSettings } from '../health/syncRules';
import { declaredRoutes } from './route';
import { sendCachedJson } from '../http/cachedJson';

export function connectorStatusRoutes(
  app: FastifyInstance,
  { db, guard, secrets, reads }: RouteContext,
  retestHours: number,
  sync: SyncSettings,
) {
  declaredRoutes(app, guard)(listConnectorStatus, async ({ query }, request, reply) => {
    const caller = request.user!;
    const viewer = caller.role === 'admin' ? 'admin' : `user:${caller.id}`;
    const onlyAttention = query.needs_attention === 'true';
    const answer = await reads.getTimed(
      listConnectorStatus,
      `needs_attention=${onlyAttention} for ${viewer}`,
      () =>
        db.transaction().execute(async (trx) => {
          const settings = { retestHours, now: new Date() };
          const { rows, until } = await connectorStatusRows(trx, secrets, settings, sync);
          const seen = await statusRowsForCaller(trx, rows, caller);
          const value = onlyAttention ? seen.filter((row) => row.needs_attention.length > 0) : seen;
          return { value, until };
        }),
    );
    return sendCachedJson(request, reply, answer);
  });
}
