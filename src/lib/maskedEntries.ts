// A credential's values as the server masked them (D6) — the panel never sees a
// secret, so it only lays them out, under its source's words for each key. Apart
// from credentials.ts, so the list's first rows (which name credentials) do not
// carry every source's credential words.
import CREDENTIAL_LABELS from 'virtual:source-credential-labels';
import type { Credential } from '../contract/contract';

/**
 * `Label: masked value` for every value of a credential, under the label its
 * source's form gives the key ("API token or personal access token", not
 * `jira_api_token`); a key the form does not name (nested keys joined by dots)
 * shows as it is. Yes/no switches read "yes" or "no".
 */
export function maskedEntries(
  credential: Pick<Credential, 'source' | 'credential_json'> | undefined,
): string[] {
  const labels =
    credential && Object.hasOwn(CREDENTIAL_LABELS, credential.source)
      ? CREDENTIAL_LABELS[credential.source]!
      : {};
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
