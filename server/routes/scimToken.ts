// The SCIM token's admin routes (Onyx's): making one revokes every other; the
// secret is in the making's answer only, stored as its SHA-256.
import type { FastifyInstance } from 'fastify';
import {
  createScimToken,
  getScimToken,
  listScimManagedUsers,
} from '../../src/contract/endpoints/scimToken';
import { activeScimToken, replaceScimToken, scimManagedUserIds } from '../repos/scim';
import { generateScimToken, hashScimToken } from '../scim/guard';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';

export function scimTokenRoutes(app: FastifyInstance, { db, guard, write }: RouteContext) {
  const route = declaredRoutes(app, guard);

  route(createScimToken, async ({ body: { name } }, request) =>
    write(request, async (trx, log) => {
      const before = await activeScimToken(trx);
      const token = generateScimToken();
      const made = await replaceScimToken(trx, name, hashScimToken(token), token.slice(-4));
      await log({
        resource_type: 'scim_token',
        resource_id: made.id,
        resource_name: name,
        changes: {
          name: { before: before?.name ?? null, after: name },
          ...(before && { revoked_token: `…${before.last_four}` }),
        },
      });
      return { ...made, token };
    }),
  );

  route(getScimToken, async () => (await activeScimToken(db)) ?? null);

  route(listScimManagedUsers, async () => ({ user_ids: await scimManagedUserIds(db) }));
}
