import type { FastifyInstance } from 'fastify';
import type { VersionSet } from '../../src/contract/contract';
import { PUBLIC } from '../auth/access';
import { RUNNING_VERSION } from '../versions';
import type { RouteContext } from './context';

/** D1, D9: no authentication; an Authorization header is ignored. */
export function versionRoutes(app: FastifyInstance, { guard }: RouteContext, versions: VersionSet) {
  const onRequest = guard(PUBLIC);
  app.get('/versions', { onRequest }, async () => versions);
  app.get('/version', { onRequest }, async () => ({ backend_version: RUNNING_VERSION }));
}
