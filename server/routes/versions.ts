import type { FastifyInstance } from 'fastify';
import type { VersionSet } from '../../src/contract/contract';
import { getVersion, getVersions } from '../../src/contract/endpoints/service';
import { RUNNING_VERSION } from '../versions';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';

/** D1, D9: no authentication; an Authorization header is ignored. */
export function versionRoutes(app: FastifyInstance, { guard }: RouteContext, versions: VersionSet) {
  const route = declaredRoutes(app, guard);
  route(getVersions, async () => versions);
  route(getVersion, async () => ({ backend_version: RUNNING_VERSION }));
}
