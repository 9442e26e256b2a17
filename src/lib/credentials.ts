// How a credential reads to a person: its name, and the values the server
// already masked (D6) — the panel never sees a secret, so it only lays them out.
import type { Credential, DocumentSource } from '../contract/contract';
import { credentialFitsSource, EMPTY_CREDENTIAL_ID } from '../contract/pairRules';
import { catalogueWords } from './sources';

const EMPTY_CREDENTIAL_LABEL = 'Built-in empty credential (no secret)';

export function credentialLabel(credential: Pick<Credential, 'id' | 'name'>): string {
  if (credential.id === EMPTY_CREDENTIAL_ID) return EMPTY_CREDENTIAL_LABEL;
  return credential.name?.trim() || `Credential ${credential.id}`;
}

/**
 * `Label: masked value` for every value of a credential, under the label its
 * source's form gives the key ("API token or personal access token", not
 * `jira_api_token`); a key the form does not name (nested keys joined by dots)
 * shows as it is. Yes/no switches read "yes" or "no".
 */
export function maskedEntries(
  credential: Pick<Credential, 'source' | 'credential_json'> | undefined,
): string[] {
  const labels = credential ? (catalogueWords(credential.source)?.credential ?? {}) : {};
  const entries: string[] = [];
  const walk = (json: Record<string, unknown>, prefix: string) => {
    for (const [key, value] of Object.entries(json)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        walk(value as Record<string, unknown>, path);
        continue;
      }
      const label = (!prefix && Object.hasOwn(labels, key) && labels[key]) || path;
      const shown =
        typeof value === 'string'
          ? value
          : typeof value === 'boolean'
            ? value
              ? 'yes'
              : 'no'
            : JSON.stringify(value);
      entries.push(`${label}: ${shown}`);
    }
  };
  walk(credential?.credential_json ?? {}, '');
  return entries;
}

/** D7: may this credential be attached to a connector of `source`? */
export const credentialFits = (credential: Pick<Credential, 'source'>, source: DocumentSource) =>
  credentialFitsSource(credential.source, source);
