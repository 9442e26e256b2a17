import type { FastifyInstance } from 'fastify';
import { sendCachedJson } from '../http/cachedJson';
import { listCredentials } from '../repos/credentials';
import { CURATOR_OR_ADMIN } from '../http/access';
import type { RouteContext } from './context';

export function credentialRoutes(
  app: FastifyInstance,
  { db, guard, reads, secrets }: RouteContext,
) {
  app.get(
    '/manage/admin/credential',
    { onRequest: guard(CURATOR_OR_ADMIN) },
    async (request, reply) => {
      const list = await reads.get(
        'credentials',
        () => db.transaction().execute((trx) => listCredentials(trx, secrets)),
        request.revision,
      );
      return sendCachedJson(request, reply, list);
    },
  );
}
