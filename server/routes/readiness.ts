import type { FastifyInstance } from 'fastify';
import { getHealth } from '../../src/contract/endpoints/service';
import { readAnySetting } from '../repos/settings';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';

/**
 * Readiness, for load balancers and orchestrators: 200 while the database
 * answers a trivial query (a read of one small table, so that SQLite touches
 * its file), 503 with Retry-After while it does not. No key: it tells nothing
 * but that. (GET /version answers as long as the process runs: liveness.)
 */
export function readinessRoutes(app: FastifyInstance, { db, guard, outage }: RouteContext) {
  declaredRoutes(app, guard)(getHealth, async () => {
    try {
      await readAnySetting(db);
    } catch (error) {
      // Whatever kept the database from answering, this instance cannot serve.
      outage.failed(error);
      throw outage.problem();
    }
    return { status: 'ok' as const };
  });
}
