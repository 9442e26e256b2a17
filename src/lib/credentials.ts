// How a credential reads to a person: its name, and the values the server
// already masked (D6) — the panel never sees a secret, so it only lays them out.
import type { Credential, DocumentSource } from '../api/contract';
import { credentialFitsSource, EMPTY_CREDENTIAL_ID } from '../api/contractRules';

const EMPTY_CREDENTIAL_LABEL = 'Built-in empty credential (no secret)';

export function credentialLabel(credential: Pick<Credential, 'id' | 'name'>): string {
  if (credential.id === EMPTY_CREDENTIAL_ID) return EMPTY_CREDENTIAL_LABEL;
  return credential.name?.trim() || `Credential ${credential.id}`;
}

/** `key: masked value` for every leaf of credential_json, nested keys joined by dots. */
export function maskedEntries(json: Record<string, unknown> | undefined, prefix = ''): string[] {
  const entries: string[] = [];
  for (const [key, value] of Object.entries(json ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      entries.push(...maskedEntries(value as Record<string, unknown>, path));
    } else {
      entries.push(`${path}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
    }
  }
  return entries;
}

/** D7: may this credential be attached to a connector of `source`? */
export const credentialFits = (credential: Pick<Credential, 'source'>, source: DocumentSource) =>
  credentialFitsSource(credential.source, source);
