import type { FastifyInstance } from 'fastify';
import type { VersionSet } from '../../src/api/contract';
import type { Db } from '../db/database';
import { guard } from '../http/auth';
import { RUNNING_VERSION } from '../versions';

/** D1, D9: no authentication; an Authorization header is ignored. */
export function versionRoutes(app: FastifyInstance, db: Db, versions: VersionSet) {
  const onRequest = guard(db, null);
  app.get('/versions', { onRequest }, async () => versions);
  app.get('/version', { onRequest }, async () => ({ backend_version: RUNNING_VERSION }));
}
