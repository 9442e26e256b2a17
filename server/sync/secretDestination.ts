// D15 for a worker's job: the credential's secret goes only to an origin the
// credential has approved. Until D15's approved origins land (one function for
// every road), this local check approves what trust.ts already trusts without
// a caller: an origin the source fixes (none named), the credential's own
// address, and the address of a connector its own maker made and attached it
// to. TO BE UNIFIED with D15's one secret-destination check.
import type { DocumentSource } from '../../src/contract/contract';
import type { Db } from '../db/database';
import { namedOrigin } from '../connectionCheck/trust';
import type { OpenedCredential } from '../repos/credentialValues';

/** The refusal in D15's words, or null when the secret may go to the connector's origin. */
export async function refusedDestination(
  db: Db,
  credential: OpenedCredential,
  connector: { source: DocumentSource; config: Record<string, unknown> },
): Promise<string | null> {
  const wanted = namedOrigin(connector.source, connector.config);
  if (wanted === null) return null;
  const approved = new Set<string>();
  const own = namedOrigin(credential.source, credential.values);
  if (own !== null) approved.add(own);
  const madeByOwner = await db
    .selectFrom('connector_credential_pairs as p')
    .innerJoin('connectors as c', 'c.id', 'p.connector_id')
    .select(['c.source', 'c.connector_specific_config', 'c.creator_id'])
    .where('p.credential_id', '=', credential.id)
    .execute();
  for (const row of madeByOwner) {
    if (credential.user_id === null || row.creator_id !== credential.user_id) continue;
    const origin = namedOrigin(
      row.source as DocumentSource,
      JSON.parse(row.connector_specific_config) as Record<string, unknown>,
    );
    if (origin !== null) approved.add(origin);
  }
  if (approved.has(wanted)) return null;
  const list = approved.size === 0 ? 'no address yet' : [...approved].join(', ');
  return `This credential may only be sent to ${list}: ask its owner or an admin to approve ${wanted}.`;
}
