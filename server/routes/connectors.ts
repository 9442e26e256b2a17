// Connectors: listed (D5), created (D4), attached to a credential (D7), then
// opened, changed, paused and resumed, detached and deleted. Curators and
// admins (D2), the same rules for a change as for a creation (D4), one
// transaction per request (D11).
import type { FastifyInstance } from 'fastify';
import {
  DUPLICATE_CONNECTOR_REFUSAL,
  type ConnectorDetail,
  type DocumentSource,
  type StatusResponse,
} from '../../src/contract/contract';
import { credentialFitsSource } from '../../src/contract/rules';
import {
  validate,
  validateConnectorCreate,
  validateConnectorPatch,
  type Validated,
} from '../http/validation';
import { withUploadsKept, type UploadFolder } from '../http/fileUpload';
import { attachRequestSchema } from '../../src/contract/groups';
import { checkGroupChoice, withKnownGroups } from '../groups/choice';
import {
  CONNECTOR_REFUSALS,
  changeableConnector,
  connectorAccess,
  connectorRights,
  rightsOn,
  scopeOf,
  seesPair,
  visibleCredential,
  visibleCredentialIds,
  type Scope,
} from '../groups/visibility';
import { setPairGroups } from '../repos/groups';
import {
  attachCredential,
  createConnector,
  deleteConnector as deleteConnectorEndpoint,
  detachCredential,
  CONNECTOR_NOT_FOUND,
  getConnector,
  listConnectors as listConnectorsEndpoint,
  updateConnector as updateConnectorEndpoint,
} from '../../src/contract/endpoints/connectors';
import { forAdmin, sendCachedJson } from '../http/cachedJson';
import { problem } from '../http/problems';
import { readingTransaction, type Db } from '../db/database';
import type { SecretBox } from '../crypto/secretBox';
import { findCredentialSource, findCredentials } from '../repos/credentials';
import {
  deleteConnector,
  deletePair,
  findConnector,
  findConnectorSource,
  insertConnector,
  insertPair,
  updateConnector,
} from '../repos/connectors';
import { isDuplicateConnector } from '../db/constraints';
import { markPairsUntested, listPairs, recordPairTest } from '../repos/pairChecks';
import type { PassedTests } from '../connectionCheck/passedTests';
import { openCredentialValues } from '../repos/credentialValues';
import { assertSecretMayGoTo, type SecretSender } from '../connectionCheck/secretDestination';
import { namedOrigin } from '../connectionCheck/trust';
import { CONFIG_ADDRESS_KEYS } from '../connectionCheck/checks';
import { SnapshotBytes } from '../repos/snapshotBytes';
import { changesBetween, type AuditLog } from '../audit/recorder';
import type { RouteContext } from './context';
import { declaredRoutes, type DeclaredRoute } from './route';

/** D4: a write the (name, source) key refused becomes the duplicate answer; other failures pass. */
function refuseDuplicate(error: unknown): never {
  throw isDuplicateConnector(error) ? problem(400, DUPLICATE_CONNECTOR_REFUSAL) : error;
}

/**
 * A connector as its page reads it, credentials masked and only those the
 * caller sees (D13), with the caller's rights on it; null when there is none
 * or the caller may not see it.
 */
async function detail(
  db: Db,
  secrets: SecretBox,
  id: number,
  scope: Scope | null,
): Promise<ConnectorDetail | null> {
  const rights = await rightsOn(db, scope, id);
  if (!rights?.see) return null;
  const found = await findConnector(db, id);
  if (!found) return null;
  const seen = await visibleCredentialIds(db, scope, found.snapshot.credential_ids);
  const credentials = await findCredentials(db, secrets, seen);
  // D13: only the pairs they see. A pair of theirs holding a credential they
  // may not see stays listed (its id only: no name, maker or values), so the
  // page can say so and offer to replace it.
  const cc_pairs = (await listPairs(db, id)).filter((pair) => seesPair(scope, pair));
  return {
    ...found.snapshot,
    access_type: found.access_type,
    status: found.status,
    credentials,
    cc_pairs,
    can_change: rights.change,
    can_delete: rights.delete,
  };
}

/** D5's list as the caller sees it (D13), as bytes: an admin all of it, anyone else what their groups show. */
async function visibleList(
  db: Db,
  snapshots: SnapshotBytes,
  scope: Scope | null,
  credential: number | undefined,
) {
  if (scope === null) return snapshots.list(db, credential);
  // D13: filtering by a credential they may not see tells nothing about it.
  const unseen =
    credential !== undefined && (await visibleCredentialIds(db, scope, [credential])).length === 0;
  const access = await connectorAccess(db);
  return snapshots.list(db, credential, (id) => {
    if (unseen) return false;
    const found = access.get(id);
    return found !== undefined && connectorRights(scope, found).see;
  });
}

/** A connector's fields as the activity log tells them (its config is not secret: D4). */
function told(found: Awaited<ReturnType<typeof findConnector>>) {
  return found && { ...found.snapshot, access_type: found.access_type, status: found.status };
}

/**
 * D13: a PATCH's `groups` become the groups of every pair of the connector,
 * when the caller controls each pair's stored groups (403 otherwise) and the
 * requested ones (400 in D13's words); an admin always may.
 */
async function changePairGroups(
  trx: Db,
  scope: Scope | null,
  role: string,
  connectorId: number,
  groups: readonly number[],
) {
  const pairs = await listPairs(trx, connectorId);
  if (scope !== null) {
    for (const pair of pairs) {
      if (!pair.groups.every((group) => scope.controlled.has(group))) {
        throw problem(403, CONNECTOR_REFUSALS.change);
      }
      checkGroupChoice(scope, role, {
        isPublic: groups.length === 0 && pair.access_type !== 'private',
        groups,
      });
    }
  }
  await setPairGroups(
    trx,
    pairs.map((pair) => pair.cc_pair_id),
    groups,
  );
}

/**
 * D15, where a connector's credentials would send their secrets: each of
 * `credentialIds` must be approved for the connector's address (the caller
 * approves it when they may read the credential), else 403 in D15's words.
 */
async function sendsOnlyWhereApproved(
  trx: Db,
  secrets: SecretBox,
  caller: SecretSender,
  connectorId: number,
  credentialIds: readonly number[],
) {
  const connector = (await findConnector(trx, connectorId))!;
  for (const credentialId of credentialIds) {
    const credential = await openCredentialValues(trx, secrets, credentialId);
    if (!credential) continue;
    await assertSecretMayGoTo(trx, {
      credential,
      source: connector.snapshot.source as DocumentSource,
      config: connector.snapshot.connector_specific_config,
      by: caller,
    });
  }
}

/**
 * The caller's passing test of this credential's stored values with this
 * connector's stored source and settings, run lately (the wizard's before it
 * saved): the server's own record, matched on the values themselves.
 */
async function passedBefore(
  trx: Db,
  secrets: SecretBox,
  passed: PassedTests,
  callerId: string,
  connectorId: number,
  credentialId: number,
) {
  const connector = (await findConnector(trx, connectorId))!;
  const credential = await openCredentialValues(trx, secrets, credentialId);
  if (!credential) return undefined;
  return passed.recall(callerId, {
    source: connector.snapshot.source as DocumentSource,
    config: connector.snapshot.connector_specific_config,
    credential: credential.values,
  });
}

/** Attaching and detaching: the pair named by its connector, the ids before or after. */
async function logPair(
  trx: Db,
  log: AuditLog,
  pairId: number,
  connectorId: number,
  credentialId: number,
  side: 'before' | 'after',
) {
  const pair = { connector_id: connectorId, credential_id: credentialId };
  const found = await findConnector(trx, connectorId);
  await log({
    resource_type: 'cc_pair',
    resource_id: pairId,
    resource_name: found?.snapshot.name ?? null,
    changes: side === 'after' ? changesBetween(null, pair) : changesBetween(pair, null),
  });
}

/** A create's or change's checked body, its upload names checked against the uploads kept. */
type KeptUploads = <
  T extends { source?: string; connector_specific_config?: Record<string, unknown> },
>(
  checked: Validated<T>,
  source?: string,
) => Validated<T> | Promise<Validated<T>>;

export function connectorRoutes(
  app: FastifyInstance,
  ctx: RouteContext,
  /** The tests that passed lately: an attach starts its pair with the caller's test of the very same. */
  passed?: PassedTests,
  /** Where uploads are kept: a File or Google Sites connector names only files kept there. */
  uploads?: UploadFolder,
) {
  const { db, guard, write, reads, secrets } = ctx;
  const route = declaredRoutes(app, guard);
  const kept: KeptUploads = (checked, source) =>
    uploads ? withUploadsKept(uploads, checked, source) : checked;
  const snapshots = new SnapshotBytes();

  // Kept as bytes per caller's view (D13) until the next change of the data:
  // an admin's list is everyone's, a curator's their own, built once per change.
  // An admin's is kept by the connectors alone: a group write does not rebuild it.
  route(listConnectorsEndpoint, async ({ query: { credential } }, request, reply) => {
    const caller = request.user!;
    const viewer = caller.role === 'admin' ? 'admin' : `user:${caller.id}`;
    const list = await reads.getBytes(
      viewer === 'admin' ? forAdmin(listConnectorsEndpoint) : listConnectorsEndpoint,
      `credential=${credential ?? ''} for ${viewer}`,
      () =>
        readingTransaction(db).execute(async (trx) =>
          visibleList(trx, snapshots, await scopeOf(trx, caller), credential),
        ),
    );
    return sendCachedJson(request, reply, list);
  });

  route(
    createConnector,
    async ({ body: input }, request) => {
      // D4: the (name, source) key refuses a duplicate, even from two instances at once.
      const id = await write(request, async (trx, log) => {
        const made = await insertConnector(trx, input, request.user?.id ?? null);
        await log({
          resource_type: 'connector',
          resource_id: made,
          resource_name: input.name,
          changes: changesBetween(null, told(await findConnector(trx, made))),
        });
        return made;
      }).catch(refuseDuplicate);
      return { id, credential: null };
    },
    { checkBody: (json) => kept(validateConnectorCreate(json)) },
  );

  route(getConnector, async ({ params: { connector_id: id } }, request) => {
    const found = await readingTransaction(db).execute(async (trx) =>
      detail(trx, secrets, id, await scopeOf(trx, request.user!)),
    );
    if (!found) throw problem(404, CONNECTOR_NOT_FOUND);
    return found;
  });

  route(deleteConnectorEndpoint, async ({ params: { connector_id: id } }, request) => {
    return write(request, async (trx, log) => {
      await changeableConnector(
        trx,
        await scopeOf(trx, request.user!),
        id,
        CONNECTOR_NOT_FOUND,
        'delete',
      );
      const current = (await findConnector(trx, id))!;
      await deleteConnector(trx, id);
      await log({
        resource_type: 'connector',
        resource_id: id,
        resource_name: current.snapshot.name,
        changes: changesBetween(told(current), null),
      });
      return { success: true, message: `Connector ${id} deleted`, data: id };
    });
  });

  connectorUpdateRoute(route, ctx, kept);
  pairRoutes(route, ctx, passed);
}

/** Changing a connector: its fields, its pairs' groups, and what a new address means (D15). */
function connectorUpdateRoute(
  route: DeclaredRoute,
  { db, write, secrets }: RouteContext,
  kept: KeptUploads,
) {
  route(
    updateConnectorEndpoint,
    async ({ params: { connector_id: id }, body: change }, request) =>
      write(request, async (trx, log) => {
        const scope = await scopeOf(trx, request.user!);
        await changeableConnector(trx, scope, id, CONNECTOR_NOT_FOUND);
        const current = (await findConnector(trx, id))!;
        if (change.groups !== undefined) {
          await changePairGroups(trx, scope, request.user!.role, id, change.groups);
        }
        // D4: the (name, source) key refuses a name another connector has.
        await updateConnector(trx, id, change).catch(refuseDuplicate);
        const changed = await findConnector(trx, id);
        const source = current.snapshot.source;
        const address = (found: typeof current) =>
          namedOrigin(source, found.snapshot.connector_specific_config);
        if (address(current) !== address(changed!)) {
          // D15: a new address only where every credential may go.
          const credentials = changed!.snapshot.credential_ids;
          await sendsOnlyWhereApproved(trx, secrets, request.user!, id, credentials);
        }
        // D15: any new address (another path on the same host too) leaves the pairs "not tested".
        const written = (found: typeof current) =>
          JSON.stringify(
            found.snapshot.connector_specific_config[CONFIG_ADDRESS_KEYS[source] ?? ''],
          );
        if (written(current) !== written(changed!)) {
          await markPairsUntested(trx, { connectorId: id });
        }
        const changes = changesBetween(told(current), told(changed));
        // Which source the settings are for, so the activity words them in its form's labels.
        if (changes.connector_specific_config) {
          changes.connector_specific_config = {
            ...(changes.connector_specific_config as object),
            source: current.snapshot.source,
          };
        }
        if (Object.keys(changes).length > 0) {
          await log({
            resource_type: 'connector',
            resource_id: id,
            resource_name: changed!.snapshot.name,
            changes,
          });
        }
        return (await detail(trx, secrets, id, scope))!;
      }),
    {
      // D2's order: every problem of the body (422, the Jira rules too when the
      // connector is a Jira one), then 404. A source never changes, so the rules
      // read here still hold inside the write.
      checkBody: async (json, { connector_id: id }) => {
        const known = await readingTransaction(db).execute((trx) => findConnector(trx, id));
        const source = known?.snapshot.source ?? '';
        return withKnownGroups(db, await kept(validateConnectorPatch(json, source), source));
      },
    },
  );
}

/** Attaching a credential to a connector and detaching it: the pair made or undone. */
function pairRoutes(
  route: DeclaredRoute,
  { db, write, secrets }: RouteContext,
  passed: PassedTests | undefined,
) {
  route(
    attachCredential,
    async ({ params, body }, request) => {
      const { connector_id: connectorId, credential_id: credentialId } = params;
      return write(request, async (trx, log) => {
        const scope = await scopeOf(trx, request.user!);
        const connectorSource = await findConnectorSource(trx, connectorId);
        const rights = connectorSource ? await rightsOn(trx, scope, connectorId) : undefined;
        if (!rights?.see) throw problem(404, `Connector ${connectorId} does not exist`);
        const credential = await visibleCredential(trx, scope, credentialId);
        const credentialSource = (await findCredentialSource(trx, credential.id))!;
        if (!rights.change) throw problem(403, CONNECTOR_REFUSALS.change);
        if (!credentialFitsSource(credentialSource, connectorSource as DocumentSource)) {
          throw problem(
            400,
            `Credential ${credentialId} is for source ${credentialSource}, but connector ${connectorId} is ${connectorSource}`,
          );
        }
        const access_type = body?.access_type ?? 'public';
        const groups = body?.groups ?? [];
        checkGroupChoice(scope, request.user!.role, {
          isPublic: access_type !== 'private',
          groups,
        });
        // D15: attached, its secret would go to the connector's address.
        await sendsOnlyWhereApproved(trx, secrets, request.user!, connectorId, [credentialId]);
        const pairId = await insertPair(trx, connectorId, credentialId, {
          name: body?.name,
          access_type,
        });
        if (pairId !== null) {
          // The groups' foreign keys keep a group deleted meanwhile from gaining an orphan row.
          await setPairGroups(trx, [pairId], groups);
          await logPair(trx, log, pairId, connectorId, credentialId, 'after');
          const test =
            passed &&
            (await passedBefore(trx, secrets, passed, request.user!.id, connectorId, credentialId));
          if (test) await recordPairTest(trx, pairId, test);
        }
        return pairId === null
          ? {
              success: false,
              message: `Connector ${connectorId} already has Credential ${credentialId}`,
              data: connectorId,
            }
          : {
              success: true,
              message: `Creating new association between Connector ${connectorId} and Credential ${credentialId}`,
              data: pairId,
            };
      });
    },
    { checkBody: (json) => withKnownGroups(db, validate(attachRequestSchema, json)) },
  );

  // Detaching answers like attaching (D7): idempotent, 200 either way.
  route(detachCredential, async ({ params }, request): Promise<StatusResponse> => {
    const { connector_id: connectorId, credential_id: credentialId } = params;
    return write(request, async (trx, log) => {
      const scope = await scopeOf(trx, request.user!);
      const rights = await rightsOn(trx, scope, connectorId);
      if (!rights?.see) throw problem(404, `Connector ${connectorId} does not exist`);
      await visibleCredential(trx, scope, credentialId);
      if (!rights.change) throw problem(403, CONNECTOR_REFUSALS.change);
      const pairId = await deletePair(trx, connectorId, credentialId);
      if (pairId !== null) await logPair(trx, log, pairId, connectorId, credentialId, 'before');
      return pairId === null
        ? {
            success: false,
            message: `Connector ${connectorId} does not have Credential ${credentialId}`,
            data: connectorId,
          }
        : {
            success: true,
            message: `Removed the association between Connector ${connectorId} and Credential ${credentialId}`,
            data: pairId,
          };
    });
  });
}
