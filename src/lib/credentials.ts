// How a credential reads to a person: its name (its masked values: maskedEntries.ts).
import type { Credential, DocumentSource } from '../contract/contract';
import { credentialFitsSource, EMPTY_CREDENTIAL_ID } from '../contract/pairRules';

const EMPTY_CREDENTIAL_LABEL = 'Built-in empty credential (no secret)';

export function credentialLabel(credential: Pick<Credential, 'id' | 'name'>): string {
  if (credential.id === EMPTY_CREDENTIAL_ID) return EMPTY_CREDENTIAL_LABEL;
  return credential.name?.trim() || `Credential ${credential.id}`;
}

/** D7: may this credential be attached to a connector of `source`? */
export const credentialFits = (credential: Pick<Credential, 'source'>, source: DocumentSource) =>
  credentialFitsSource(credential.source, source);
