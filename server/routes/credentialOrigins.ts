// A credential's approved origins (D15): listed to whoever may use it, removed
// by its maker or an admin (403 for anyone else who sees it, 404 for one they
// do not see or an origin it does not have).
import type { FastifyInstance } from 'fastify';
import {
  listCredentialOrigins,
  removeCredentialOrigin,
} from '../../src/contract/endpoints/credentials';
import { changesBetween } from '../audit/recorder';
import { mayApproveOrigins } from '../connectionCheck/secretDestination';
import { scopeOf, visibleCredential } from '../groups/visibility';
import { problem } from '../http/problems';
import { approvedOrigins, removeOrigin } from '../repos/credentialOrigins';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';
import { readingTransaction } from '../db/database';

export const ORIGIN_REFUSAL =
  "Access denied. Only a credential's maker or an admin may remove an origin it is approved for.";

export function credentialOriginRoutes(app: FastifyInstance, { db, guard, write }: RouteContext) {
  const route = declaredRoutes(app, guard);

  route(listCredentialOrigins, async ({ params: { credential_id: id } }, request) =>
    readingTransaction(db).execute(async (trx) => {
      const caller = request.user!;
      const credential = await visibleCredential(trx, await scopeOf(trx, caller), id);
      return {
        origins: await approvedOrigins(trx, id),
        can_remove: mayApproveOrigins(caller, credential.user_id ?? null),
      };
    }),
  );

  route(removeCredentialOrigin, async ({ params: { credential_id: id }, body }, request) =>
    write(request, async (trx, log) => {
      const { origin } = body;
      const caller = request.user!;
      const credential = await visibleCredential(trx, await scopeOf(trx, caller), id);
      if (!mayApproveOrigins(caller, credential.user_id ?? null)) {
        throw problem(403, ORIGIN_REFUSAL);
      }
      const before = (await approvedOrigins(trx, id)).map((row) => row.origin);
      if (!(await removeOrigin(trx, id, origin))) {
        throw problem(404, `Credential ${id} is not approved for ${origin}`);
      }
      await log({
        resource_type: 'credential',
        resource_id: id,
        resource_name: null,
        changes: changesBetween(
          { approved_origins: before },
          { approved_origins: before.filter((kept) => kept !== origin) },
        ),
      });
      return {
        success: true,
        message: `Credential ${id} is no longer sent to ${origin}`,
        data: id,
      };
    }),
  );
}
