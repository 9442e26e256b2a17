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
import { CURATOR_OR_ADMIN } from '../auth/access';
import { sendCachedJson } from '../http/cachedJson';
import { intParsingError, parseIntegerText, pathIntegers, readJsonObject } from '../http/body';
import { problem, validationProblem } from '../http/problems';
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
  listConnectorStatuses,
  updateConnector,
} from '../repos/connectors';
import { isDuplicateConnector } from '../db/constraints';
import { listPairs } from '../repos/pairTests';
import { changesBetween, type AuditLog } from '../audit/recorder';
import type { RouteContext } from './context';

const NOT_FOUND = 'Connector not found';
const ONE = '/manage/admin/connector/:connector_id';
type OneParams = { Params: { connector_id: string } };
type PairParams = { Params: { connector_id: string; credential_id: string } };

/** D4: a write the (name, source) key refused becomes the duplicate answer; other failures pass. */
function refuseDuplicate(error: unknown): never {
  throw isDuplicateConnector(error) ? problem(400, DUPLICATE_CONNECTOR_REFUSAL) : error;
}

/** D5: an empty value means no filter; when repeated, the last one counts. */
function credentialFilter(query: unknown): number | undefined {
  const raw = (query as Record<string, string | string[] | undefined>).credential;
  const text = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (text === undefined || text === '') return undefined;
  const value = parseIntegerText(text);
  if (value === null) throw validationProblem([intParsingError(['query', 'credential'])]);
  return value;
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
  const onRequest = guard(CURATOR_OR_ADMIN);

  app.get('/manage/admin/connector', { onRequest }, async (request, reply) => {
    const credential = credentialFilter(request.query);
    const list = await reads.get(
      `connectors?credential=${credential ?? ''}`,
      () => db.transaction().execute((trx) => listConnectors(trx, credential)),
      request.revision,
    );
    return sendCachedJson(request, reply, list);
  });

  // Whether each listed connector runs or is paused (the list's snapshots hold
  // exactly D5's fields, so the panel asks for this beside it).
  app.get('/manage/admin/connector-status', { onRequest }, async (request, reply) => {
    const statuses = await reads.get(
      'connector-status',
      () => db.transaction().execute((trx) => listConnectorStatuses(trx)),
      request.revision,
    );
    return sendCachedJson(request, reply, statuses);
  });

  app.post('/manage/admin/connector', { onRequest }, async (request) => {
    const result = validateConnectorCreate(readJsonObject(request));
    if (!result.ok) throw validationProblem(result.errors);
    const input = result.value;
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
  });

  app.put<PairParams>(`${ONE}/credential/:credential_id`, { onRequest }, async (request) => {
    const { connector_id: connectorId, credential_id: credentialId } = pathIntegers(
      request.params,
      'connector_id',
      'credential_id',
    );
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

  app.get<OneParams>(ONE, { onRequest }, async (request) => {
    const { connector_id: id } = pathIntegers(request.params, 'connector_id');
    const found = await db.transaction().execute((trx) => detail(trx, secrets, id));
    if (!found) throw problem(404, NOT_FOUND);
    return found;
  });

  app.patch<OneParams>(ONE, { onRequest }, async (request) => {
    const { connector_id: id } = pathIntegers(request.params, 'connector_id');
    const body = readJsonObject(request);
    // D2's order: every problem of the body (422, the Jira rules too when the
    // connector is a Jira one), then 404. A source never changes, so the rules
    // read here still hold inside the write.
    const known = await db.transaction().execute((trx) => findConnector(trx, id));
    const change = validateConnectorPatch(body, known?.snapshot.source ?? '');
    if (!change.ok) throw validationProblem(change.errors);
    return write(request, async (trx, log) => {
      const current = await findConnector(trx, id);
      if (!current) throw problem(404, NOT_FOUND);
      // D4: the (name, source) key refuses a name another connector has.
      await updateConnector(trx, id, change.value).catch(refuseDuplicate);
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
    });
  });

  app.delete<OneParams>(ONE, { onRequest }, async (request): Promise<StatusResponse> => {
    const { connector_id: id } = pathIntegers(request.params, 'connector_id');
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
  app.delete<PairParams>(
    `${ONE}/credential/:credential_id`,
    { onRequest },
    async (request): Promise<StatusResponse> => {
      const { connector_id: connectorId, credential_id: credentialId } = pathIntegers(
        request.params,
        'connector_id',
        'credential_id',
      );
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
    },
  );
}
