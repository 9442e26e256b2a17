// Credentials listed (D6), made, renamed, given new values and deleted through
// the API (Onyx's paths). Values are sealed at rest (server/crypto) and every
// answer masks them (D6); credential 0 is built in and stays as it is.
import type { FastifyInstance } from 'fastify';
import type { StatusResponse } from '../../src/contract/contract';
import {
  createCredential as createCredentialEndpoint,
  deleteCredential as deleteCredentialEndpoint,
  listCredentials as listCredentialsEndpoint,
  updateCredential as updateCredentialEndpoint,
} from '../../src/contract/endpoints/credentials';
import { EMPTY_CREDENTIAL_ID } from '../../src/contract/rules';
import { sendCachedJson } from '../http/cachedJson';
import { problem, validationProblem } from '../http/problems';
import { validateCredentialCreate, validateCredentialPatch } from '../http/credentialBody';
import { credentialValueErrors } from '../http/validation';
import {
  connectorsUsing,
  createCredential,
  deleteCredential,
  findCredential,
  findCredentialSource,
  listCredentials,
  updateCredential,
} from '../repos/credentials';
import { mergedValues, openCredentialValues } from '../repos/credentialValues';
import { changesBetween } from '../audit/recorder';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const BUILT_IN =
  'Credential 0 is the built-in empty credential: it can be neither changed nor deleted.';

/** 404 for an unknown id, 400 for credential 0; the credential's source otherwise. */
async function changeable(trx: Parameters<typeof findCredentialSource>[0], id: number) {
  const source = await findCredentialSource(trx, id);
  if (!source) throw problem(404, `Credential ${id} does not exist`);
  if (id === EMPTY_CREDENTIAL_ID) throw problem(400, BUILT_IN);
  return source;
}

export function credentialRoutes(
  app: FastifyInstance,
  { db, guard, write, reads, secrets }: RouteContext,
) {
  const route = declaredRoutes(app, guard);

  route(listCredentialsEndpoint, async (_input, request, reply) => {
    const list = await reads.get(
      'credentials',
      () => db.transaction().execute((trx) => listCredentials(trx, secrets)),
      request.revision,
    );
    return sendCachedJson(request, reply, list);
  });

  route(
    createCredentialEndpoint,
    async ({ body }, request) =>
      write(request, async (trx, log) => {
        const id = await createCredential(trx, secrets, {
          ...body,
          name: body.name ?? null,
          user_id: request.user?.id ?? null,
        });
        // Every view of a credential is masked (D6): so is what the log keeps.
        const credential = await findCredential(trx, secrets, id);
        await log({
          resource_type: 'credential',
          resource_id: id,
          resource_name: credential?.name ?? null,
          changes: changesBetween(null, credential),
        });
        return { id, credential };
      }),
    { checkBody: validateCredentialCreate },
  );

  route(
    updateCredentialEndpoint,
    async ({ params: { credential_id: id }, body }, request) =>
      write(request, async (trx, log) => {
        const { name, credential_json: sent, replace_credential_json: replace } = body;
        const source = await changeable(trx, id);
        // Merged with the stored values unless the caller replaces them all.
        const stored = sent && (await openCredentialValues(trx, secrets, id))?.values;
        const values = sent && (replace || !stored ? sent : mergedValues(stored, sent));
        if (values) {
          const problems = credentialValueErrors(source, values);
          if (problems.length > 0) throw validationProblem(problems);
        }
        const before = await findCredential(trx, secrets, id);
        await updateCredential(trx, secrets, id, { name, credential_json: values });
        const after = await findCredential(trx, secrets, id);
        const changes = changesBetween(before, after);
        // New values whose masked form reads the same are still a change.
        if (values && !changes.credential_json && !sameJson(stored, values)) {
          changes.credential_json = {
            before: before?.credential_json,
            after: after?.credential_json,
          };
        }
        if (Object.keys(changes).length > 0) {
          await log({
            resource_type: 'credential',
            resource_id: id,
            resource_name: after?.name,
            changes,
          });
        }
        return after;
      }),
    { checkBody: validateCredentialPatch },
  );

  route(deleteCredentialEndpoint, async ({ params: { credential_id: id }, query }, request) => {
    const force = query.force === 'true';
    return write<StatusResponse>(request, async (trx, log) => {
      await changeable(trx, id);
      const users = await connectorsUsing(trx, id);
      if (users.length > 0 && !force) {
        throw problem(
          400,
          `Credential ${id} is used by ${users.length} connector${users.length === 1 ? '' : 's'} ` +
            `(${users.join(', ')}): detach it first, or delete with ?force=true to detach it from them.`,
        );
      }
      const before = await findCredential(trx, secrets, id);
      await deleteCredential(trx, id);
      await log({
        resource_type: 'credential',
        resource_id: id,
        resource_name: before?.name ?? null,
        changes: {
          ...changesBetween(before, null),
          ...(users.length > 0 ? { detached_from_connectors: { before: users, after: [] } } : {}),
        },
      });
      return {
        success: true,
        message: `Credential ${id} deleted${users.length > 0 ? `, detached from ${users.length} connector${users.length === 1 ? '' : 's'}` : ''}`,
        data: id,
      };
    });
  });
}
