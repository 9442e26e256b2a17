// API keys managed by admins (Onyx's API key routes, declared in src/contract/endpoints/apiKeys.ts;
// docs/security.md, "API keys"). The secret is in the answers of creation and
// regeneration only; every change is an activity record.
import type { FastifyInstance } from 'fastify';
import {
  createApiKey,
  deleteApiKey,
  listApiKeys,
  regenerateApiKey,
  updateApiKey,
} from '../../src/contract/endpoints/apiKeys';
import { changesBetween } from '../audit/recorder';
import { problem, validationProblem } from '../http/problems';
import { keyName, lockoutOfKey, revokeKey, toldKey as told } from '../auth/keyChanges';
import {
  createServiceKey,
  findLiveKey,
  listLiveKeys,
  regenerateKey,
  renameKey,
} from '../auth/managedKeys';
import { setUserRole } from '../repos/users';
import { readingTransaction, type Db } from '../db/database';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';

const PERSON_ROLE_REFUSAL =
  "This key acts as a person (it was issued by the key command): change that user's role on the Users page.";

/** The answer's fields: Onyx's, plus ours; never `is_api_key`. */
const shown = ({
  is_api_key: _service,
  ...key
}: NonNullable<Awaited<ReturnType<typeof findLiveKey>>>) => key;

async function liveKey(trx: Db, id: number) {
  const key = await findLiveKey(trx, id);
  if (!key) throw problem(404, `API key ${id} does not exist`);
  return key;
}

export function apiKeyRoutes(app: FastifyInstance, { db, guard, write }: RouteContext) {
  const route = declaredRoutes(app, guard);

  route(listApiKeys, async () =>
    (await readingTransaction(db).execute((trx) => listLiveKeys(trx))).map(shown),
  );

  route(createApiKey, async ({ body: { name, role, expires_at } }, request) => {
    const ends = expires_at ? new Date(expires_at) : null;
    if (ends && ends.getTime() <= Date.now()) {
      throw validationProblem([
        { loc: ['body', 'expires_at'], msg: 'Input should be in the future', type: 'value_error' },
      ]);
    }
    return write(request, async (trx, log) => {
      const made = await createServiceKey(trx, {
        name: name?.trim() || null,
        role,
        expires_at: ends?.toISOString() ?? null,
        owner: request.user?.id ?? null,
      });
      const key = (await findLiveKey(trx, made.id))!;
      await log({
        resource_type: 'api_key',
        resource_id: made.id,
        resource_name: keyName(key),
        changes: changesBetween(null, told(key)),
      });
      return { ...shown(key), api_key: made.key };
    });
  });

  route(updateApiKey, async ({ params: { api_key_id: id }, body: { name, role } }, request) => {
    return write(request, async (trx, log) => {
      const before = await liveKey(trx, id);
      if (role !== undefined && role !== before.api_key_role) {
        if (!before.is_api_key) throw problem(400, PERSON_ROLE_REFUSAL);
        const refusal = await lockoutOfKey(trx, before);
        if (refusal) throw problem(400, refusal);
        await setUserRole(trx, before.user_id, role);
      }
      if (name !== undefined) await renameKey(trx, id, name?.trim() || null);
      const after = (await findLiveKey(trx, id))!;
      const changes = changesBetween(told(before), told(after));
      if (Object.keys(changes).length > 0) {
        await log({
          resource_type: 'api_key',
          resource_id: id,
          resource_name: keyName(after),
          changes,
        });
      }
      return shown(after);
    });
  });

  route(regenerateApiKey, async ({ params: { api_key_id: id } }, request) => {
    return write(request, async (trx, log) => {
      const before = await liveKey(trx, id);
      const secret = await regenerateKey(trx, id);
      const after = (await findLiveKey(trx, id))!;
      await log({
        resource_type: 'api_key',
        resource_id: id,
        resource_name: keyName(after),
        changes: changesBetween(told(before), told(after)),
      });
      return { ...shown(after), api_key: secret };
    });
  });

  route(deleteApiKey, async ({ params: { api_key_id: id } }, request) => {
    return write(request, async (trx, log) => {
      const refusal = await revokeKey(trx, await liveKey(trx, id), log);
      if (refusal) throw problem(400, refusal);
      return { success: true, message: `API key ${id} deleted`, data: id };
    });
  });
}
