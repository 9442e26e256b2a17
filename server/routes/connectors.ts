import type { FastifyInstance } from 'fastify';
import { DUPLICATE_CONNECTOR_REFUSAL, type DocumentSource } from '../../src/api/contract';
import { credentialFitsSource } from '../../src/api/contractRules';
import { validateConnectorCreate } from '../http/validation';
import { CURATOR_OR_ADMIN } from '../http/access';
import { sendCachedJson } from '../http/cachedJson';
import { intParsingError, parseIntegerText, pathIntegers, readJsonObject } from '../http/body';
import { problem, validationProblem } from '../http/problems';
import { findCredentialSource } from '../repos/credentials';
import {
  findConnectorSource,
  insertConnector,
  insertPair,
  listConnectors,
  listConnectorStatuses,
} from '../repos/connectors';
import { isDuplicateConnector } from '../db/constraints';
import type { RouteContext } from './context';

/** D4: a write the (name, source) key refused becomes the duplicate answer; other failures pass. */
export function refuseDuplicate(error: unknown): never {
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

export function connectorRoutes(app: FastifyInstance, { db, guard, write, reads }: RouteContext) {
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
    const id = await write(request, (trx) => insertConnector(trx, input)).catch(refuseDuplicate);
    return { id, credential: null };
  });

  app.put<{ Params: { connector_id: string; credential_id: string } }>(
    '/manage/admin/connector/:connector_id/credential/:credential_id',
    { onRequest },
    async (request) => {
      const { connector_id: connectorId, credential_id: credentialId } = pathIntegers(
        request.params,
        'connector_id',
        'credential_id',
      );
      return write(request, async (trx) => {
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
  );
}
