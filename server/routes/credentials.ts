// Credentials listed (D6), made, renamed, given new values and deleted through
// the API (Onyx's paths). Values are sealed at rest (server/crypto) and every
// answer masks them (D6); credential 0 is built in and stays as it is.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readingTransaction, type Db } from '../db/database';
import { checkGroupChoice, withKnownGroups } from '../groups/choice';
import {
  CONNECTOR_REFUSALS,
  connectorAccess,
  connectorRights,
  scopeOf,
  seesCredential,
  visibleCredential,
} from '../groups/visibility';
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
import { assertAddressEditAllowed } from '../connectionCheck/secretDestination';
import { changesBetween } from '../audit/recorder';
import type { RouteContext } from './context';
import { declaredRoutes, type DeclaredRoute } from './route';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const BUILT_IN =
  'Credential 0 is the built-in empty credential: it can be neither changed nor deleted.';

/**
 * 404 for an unknown id or one the caller may not see (D13), 400 for
 * credential 0, 403 for one they see but may not change; its source otherwise.
 */
async function changeable(trx: Db, request: FastifyRequest, id: number) {
  const scope = await scopeOf(trx, request.user!);
  const credential = await visibleCredential(trx, scope, id);
  if (id === EMPTY_CREDENTIAL_ID) throw problem(400, BUILT_IN);
  if (!credential.change) throw problem(403, CREDENTIAL_REFUSAL);
  return (await findCredentialSource(trx, id))!;
}

/**
 * D13: the connectors using a credential, as the caller may name and touch
 * them: an admin all; anyone else those they see, and none they do not (400,
 * unnamed: deleting would detach it from them), each theirs to change when
 * `force` detaches it (403).
 */
async function usersSeen(trx: Db, request: FastifyRequest, id: number, force: boolean) {
  const all = await connectorsUsing(trx, id);
  const scope = await scopeOf(trx, request.user!);
  if (scope === null || all.length === 0) return all;
  const access = await connectorAccess(trx, all);
  const rights = all.map((connectorId) => connectorRights(scope, access.get(connectorId)!));
  if (rights.some((right) => !right.see)) throw problem(400, USED_UNSEEN);
  if (force && rights.some((right) => !right.change)) {
    throw problem(403, CONNECTOR_REFUSALS.change);
  }
  return all;
}

const USED_UNSEEN =
  'This credential is also used by connectors you cannot see: only an admin can delete it.';

const CREDENTIAL_REFUSAL =
  'Access denied. You may change only credentials you made or that are shared with a group you curate.';

export function credentialRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { db, guard, write, reads, secrets } = ctx;
  const route = declaredRoutes(app, guard);

  // Kept as bytes per caller's view (D13), like the connector list.
  route(listCredentialsEndpoint, async (_input, request, reply) => {
    const caller = request.user!;
    const viewer = caller.role === 'admin' ? 'admin' : `user:${caller.id}`;
    const list = await reads.get(listCredentialsEndpoint, viewer, () =>
      readingTransaction(db).execute(async (trx) => {
        const all = await listCredentials(trx, secrets);
        const scope = await scopeOf(trx, caller);
        return scope === null ? all : all.filter((credential) => seesCredential(scope, credential));
      }),
    );
    return sendCachedJson(request, reply, list);
  });

  route(
    createCredentialEndpoint,
    async ({ body }, request) =>
      write(request, async (trx, log) => {
        // D13: a curator shares what they make only with groups they control.
        if (body.groups.length > 0) {
          checkGroupChoice(await scopeOf(trx, request.user!), request.user!.role, {
            isPublic: true,
            groups: body.groups,
          });
        }
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
    { checkBody: (json) => withKnownGroups(db, validateCredentialCreate(json)) },
  );
  credentialChangeRoutes(route, ctx);
}

/** Changing a credential and deleting it. */
function credentialChangeRoutes(route: DeclaredRoute, { db, write, secrets }: RouteContext) {
  route(
    updateCredentialEndpoint,
    async ({ params: { credential_id: id }, body }, request) =>
      write(request, async (trx, log) => {
        const { name, credential_json: sent, replace_credential_json: replace } = body;
        const { curator_public, groups } = body;
        const source = await changeable(trx, request, id);
        // D13: a curator shares a credential only with groups they control.
        if (groups && groups.length > 0) {
          checkGroupChoice(await scopeOf(trx, request.user!), request.user!.role, {
            isPublic: true,
            groups,
          });
        }
        // Merged with the stored values unless the caller replaces them all.
        const opened = sent && (await openCredentialValues(trx, secrets, id));
        const stored = opened ? opened.values : undefined;
        const values = sent && (replace || !stored ? sent : mergedValues(stored, sent));
        if (values) {
          const problems = credentialValueErrors(source, values);
          if (problems.length > 0) throw validationProblem(problems);
          // D15: where its secret goes is written only by someone who may read it.
          await assertAddressEditAllowed(trx, {
            credentialId: id,
            makerId: opened ? opened.user_id : null,
            before: stored ?? {},
            after: values,
            by: request.user!,
          });
        }
        const before = await findCredential(trx, secrets, id);
        await updateCredential(trx, secrets, id, {
          name,
          credential_json: values,
          ...(curator_public !== undefined && { curator_public }),
          ...(groups !== undefined && { groups }),
        });
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
    { checkBody: (json) => withKnownGroups(db, validateCredentialPatch(json)) },
  );

  route(deleteCredentialEndpoint, async ({ params: { credential_id: id }, query }, request) => {
    const force = query.force === 'true';
    return write<StatusResponse>(request, async (trx, log) => {
      await changeable(trx, request, id);
      const users = await usersSeen(trx, request, id, force);
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
