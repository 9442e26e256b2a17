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
import { validateConnectorCreate, validateConnectorPatch } from '../http/validation';
import {
  attachCredential,
  createConnector,
  deleteConnector as deleteConnectorEndpoint,
  detachCredential,
  getConnector,
  listConnectors as listConnectorsEndpoint,
  updateConnector as updateConnectorEndpoint,
} from '../../src/contract/endpoints/connectors';
import { sendCachedJson } from '../http/cachedJson';
import { problem } from '../http/problems';
import type { Db } from '../db/database';
import type { SecretBox } from '../crypto/secretBox';
import { findCredentialSource, findCredentials } from '../repos/credentials';
import {
  deleteConnector,
  deletePair,
  findConnector,
  findConnectorSource,
  insertConnector,
  insertPair,
  listConnectors,
  updateConnector,
} from '../repos/connectors';
import { isDuplicateConnector } from '../db/constraints';
import { listPairs } from '../repos/pairTests';
import { changesBetween, type AuditLog } from '../audit/recorder';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';

const NOT_FOUND = 'Connector not found';

/** D4: a write the (name, source) key refused becomes the duplicate answer; other failures pass. */
function refuseDuplicate(error: unknown): never {
  throw isDuplicateConnector(error) ? problem(400, DUPLICATE_CONNECTOR_REFUSAL) : error;
}

/** A connector as its page reads it, credentials masked; null when there is none. */
async function detail(db: Db, secrets: SecretBox, id: number): Promise<ConnectorDetail | null> {
  const found = await findConnector(db, id);
  if (!found) return null;
  const credentials = await findCredentials(db, secrets, found.snapshot.credential_ids);
  const cc_pairs = await listPairs(db, id);
  return {
    ...found.snapshot,
    access_type: found.access_type,
    status: found.status,
    credentials,
    cc_pairs,
  };
}

/** A connector's fields as the activity log tells them (its config is not secret: D4). */
function told(found: Awaited<ReturnType<typeof findConnector>>) {
  return found && { ...found.snapshot, access_type: found.access_type, status: found.status };
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

export function connectorRoutes(
  app: FastifyInstance,
  { db, guard, write, reads, secrets }: RouteContext,
) {
  const route = declaredRoutes(app, guard);

  route(listConnectorsEndpoint, async ({ query: { credential } }, request, reply) => {
    const list = await reads.get(
      `connectors?credential=${credential ?? ''}`,
      () => db.transaction().execute((trx) => listConnectors(trx, credential)),
      request.revision,
    );
    return sendCachedJson(request, reply, list);
  });

  route(
    createConnector,
    async ({ body: input }, request) => {
      // D4: the (name, source) key refuses a duplicate, even from two instances at once.
      const id = await write(request, async (trx, log) => {
        const made = await insertConnector(trx, input);
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
    { checkBody: validateConnectorCreate },
  );

  route(attachCredential, async ({ params }, request) => {
    const { connector_id: connectorId, credential_id: credentialId } = params;
    return write(request, async (trx, log) => {
      const connectorSource = await findConnectorSource(trx, connectorId);
      if (!connectorSource) throw problem(404, `Connector ${connectorId} does not exist`);
      const credentialSource = await findCredentialSource(trx, credentialId);
      if (!credentialSource) throw problem(404, `Credential ${credentialId} does not exist`);
      if (!credentialFitsSource(credentialSource, connectorSource as DocumentSource)) {
        throw problem(
          400,
          `Credential ${credentialId} is for source ${credentialSource}, but connector ${connectorId} is ${connectorSource}`,
        );
      }
      const pairId = await insertPair(trx, connectorId, credentialId);
      if (pairId !== null) await logPair(trx, log, pairId, connectorId, credentialId, 'after');
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
  });

  route(getConnector, async ({ params: { connector_id: id } }) => {
    const found = await db.transaction().execute((trx) => detail(trx, secrets, id));
    if (!found) throw problem(404, NOT_FOUND);
    return found;
  });

  route(
    updateConnectorEndpoint,
    async ({ params: { connector_id: id }, body: change }, request) =>
      write(request, async (trx, log) => {
        const current = await findConnector(trx, id);
        if (!current) throw problem(404, NOT_FOUND);
        // D4: the (name, source) key refuses a name another connector has.
        await updateConnector(trx, id, change).catch(refuseDuplicate);
        const changed = await findConnector(trx, id);
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
        return (await detail(trx, secrets, id))!;
      }),
    {
      // D2's order: every problem of the body (422, the Jira rules too when the
      // connector is a Jira one), then 404. A source never changes, so the rules
      // read here still hold inside the write.
      checkBody: async (json, { connector_id: id }) => {
        const known = await db.transaction().execute((trx) => findConnector(trx, id));
        return validateConnectorPatch(json, known?.snapshot.source ?? '');
      },
    },
  );

  route(deleteConnectorEndpoint, async ({ params: { connector_id: id } }, request) => {
    return write(request, async (trx, log) => {
      const current = await findConnector(trx, id);
      if (!current) throw problem(404, NOT_FOUND);
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

  // Detaching answers like attaching (D7): idempotent, 200 either way.
  route(detachCredential, async ({ params }, request): Promise<StatusResponse> => {
    const { connector_id: connectorId, credential_id: credentialId } = params;
    return write(request, async (trx, log) => {
      if (!(await findConnector(trx, connectorId))) {
        throw problem(404, `Connector ${connectorId} does not exist`);
      }
      const source: DocumentSource | undefined = await findCredentialSource(trx, credentialId);
      if (!source) throw problem(404, `Credential ${credentialId} does not exist`);
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
