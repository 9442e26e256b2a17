// A connector after its creation: opened, changed, paused and resumed,
// detached from a credential, deleted. The same roles as the list (D2), the
// same rules as the creation (D4), one transaction per request (D11).
import type { FastifyInstance } from 'fastify';
import type { ConnectorDetail, DocumentSource, StatusResponse } from '../../src/api/contract';
import { pathIntegers, readJsonObject } from '../http/body';
import { problem, validationProblem } from '../http/problems';
import { validateConnectorPatch } from '../http/validation';
import type { Db } from '../db/database';
import type { SecretBox } from '../crypto/secretBox';
import { deleteConnector, deletePair, findConnector, updateConnector } from '../repos/connectors';
import { findCredentialSource, findCredentials } from '../repos/credentials';
import { CURATOR_OR_ADMIN } from '../http/access';
import { refuseDuplicate } from './connectors';
import type { RouteContext } from './context';

const NOT_FOUND = 'Connector not found';
const ONE = '/manage/admin/connector/:connector_id';
type OneParams = { Params: { connector_id: string } };
type PairParams = { Params: { connector_id: string; credential_id: string } };

async function detail(db: Db, secrets: SecretBox, id: number): Promise<ConnectorDetail | null> {
  const found = await findConnector(db, id);
  if (!found) return null;
  const credentials = await findCredentials(db, secrets, found.snapshot.credential_ids);
  return { ...found.snapshot, access_type: found.access_type, status: found.status, credentials };
}

export function connectorLifeRoutes(
  app: FastifyInstance,
  { db, guard, write, secrets }: RouteContext,
) {
  const onRequest = guard(CURATOR_OR_ADMIN);

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
    return write(request, async (trx) => {
      const current = await findConnector(trx, id);
      if (!current) throw problem(404, NOT_FOUND);
      // D4: the (name, source) key refuses a name another connector has.
      await updateConnector(trx, id, change.value).catch(refuseDuplicate);
      return (await detail(trx, secrets, id))!;
    });
  });

  app.delete<OneParams>(ONE, { onRequest }, async (request): Promise<StatusResponse> => {
    const { connector_id: id } = pathIntegers(request.params, 'connector_id');
    return write(request, async (trx) => {
      if (!(await findConnector(trx, id))) throw problem(404, NOT_FOUND);
      await deleteConnector(trx, id);
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
      return write(request, async (trx) => {
        if (!(await findConnector(trx, connectorId))) {
          throw problem(404, `Connector ${connectorId} does not exist`);
        }
        const source: DocumentSource | undefined = await findCredentialSource(trx, credentialId);
        if (!source) throw problem(404, `Credential ${credentialId} does not exist`);
        const pairId = await deletePair(trx, connectorId, credentialId);
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
