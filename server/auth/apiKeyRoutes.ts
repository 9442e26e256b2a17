// API keys managed by admins (Onyx's `/admin/api-key` routes and answer shape;
// docs/security.md, "API keys"). The secret is in the answers of creation and
// regeneration only; every change is an activity record.
import type { FastifyInstance } from 'fastify';
import { apiKeyPatchSchema, apiKeyRequestSchema } from '../../src/contract/apiKeys';
import { changesBetween } from '../audit/recorder';
import { ADMIN } from './access';
import { pathIntegers, readJsonObject } from '../http/body';
import { problem, validationProblem } from '../http/problems';
import { validate } from '../http/validation';
import { keyName, lockoutOfKey, revokeKey, toldKey as told } from './keyChanges';
import {
  createServiceKey,
  findLiveKey,
  listLiveKeys,
  regenerateKey,
  renameKey,
} from './managedKeys';
import { setUserRole } from '../repos/users';
import type { Db } from '../db/database';
import type { RouteContext } from '../routes/context';

const ONE = '/admin/api-key/:api_key_id';
type OneParams = { Params: { api_key_id: string } };

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
  const onRequest = guard(ADMIN);

  app.get('/admin/api-key', { onRequest }, async () =>
    (await db.transaction().execute((trx) => listLiveKeys(trx))).map(shown),
  );

  app.post('/admin/api-key', { onRequest }, async (request) => {
    const body = validate(apiKeyRequestSchema, readJsonObject(request));
    if (!body.ok) throw validationProblem(body.errors);
    const { name, role, expires_at } = body.value;
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

  app.patch<OneParams>(ONE, { onRequest }, async (request) => {
    const { api_key_id: id } = pathIntegers(request.params, 'api_key_id');
    const body = validate(apiKeyPatchSchema, readJsonObject(request));
    if (!body.ok) throw validationProblem(body.errors);
    const { name, role } = body.value;
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

  app.post<OneParams>(`${ONE}/regenerate`, { onRequest }, async (request) => {
    const { api_key_id: id } = pathIntegers(request.params, 'api_key_id');
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

  app.delete<OneParams>(ONE, { onRequest }, async (request) => {
    const { api_key_id: id } = pathIntegers(request.params, 'api_key_id');
    return write(request, async (trx, log) => {
      const refusal = await revokeKey(trx, await liveKey(trx, id), log);
      if (refusal) throw problem(400, refusal);
      return { success: true, message: `API key ${id} deleted`, data: id };
    });
  });
}
