// GET /manage/admin/connector-status (connector health): every connector–credential
// pair in Onyx's shape with its health (server/health/attention.ts), or only
// those that need attention. Kept as bytes per caller's view (D13) until the
// data changes or the clock alone would change an answer ("not tested for too
// long": attention.ts says when), so the panel's every page may ask for it;
// after a sync write only the pairs it touched are read again (statusPieces.ts).
import type { FastifyInstance } from 'fastify';
import { listConnectorStatus } from '../../src/contract/endpoints/health';
import { statusRowFilter } from '../health/scope';
import { PieceJoin, StatusPieces } from '../health/statusPieces';
import type { RouteContext } from './context';
import type { SyncSettings } from '../health/syncRules';
import { declaredRoutes } from './route';
import { sendCachedJson } from '../http/cachedJson';
import { longReadTransaction } from '../db/database';

/** What a row reads apart from its runs (the sync topic): its bases are kept until one of these moves. */
const BASE_TOPICS = listConnectorStatus.cachedReads.filter((topic) => topic !== 'sync');

export function connectorStatusRoutes(
  app: FastifyInstance,
  { db, guard, secrets, reads }: RouteContext,
  retestHours: number,
  sync: SyncSettings,
) {
  const pieces = new StatusPieces();
  const joins = new PieceJoin();
  declaredRoutes(app, guard)(listConnectorStatus, async ({ query }, request, reply) => {
    const caller = request.user!;
    const viewer = caller.role === 'admin' ? 'admin' : `user:${caller.id}`;
    const onlyAttention = query.needs_attention === 'true';
    const view = `needs_attention=${onlyAttention} for ${viewer}`;
    const answer = await reads.getBytesTimed(listConnectorStatus, view, async () => {
      const made = await pieces.oneAtATime(async () => {
        const baseKey = await reads.revisions(BASE_TOPICS);
        const read = await longReadTransaction(db).execute(async (trx) => ({
          made: await pieces.read(trx, baseKey, secrets, { retestHours, now: new Date() }, sync),
          sees: await statusRowFilter(trx, caller),
        }));
        // The rows after the transaction, in bounded turns: a write waits
        // behind the transaction, and no request behind the rows.
        return { ...(await pieces.build(read.made)), sees: read.sees };
      });
      const shown = made.pieces.filter(
        ({ row }) =>
          (made.sees === null || made.sees(row)) &&
          (!onlyAttention || row.needs_attention.length > 0),
      );
      // Joined and compressed in turns too; the compression waits on zlib's threads.
      return { ...(await joins.join(view, shown)), until: made.until };
    });
    return sendCachedJson(request, reply, answer);
  });
}
