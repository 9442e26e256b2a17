// The origin a secret would be sent to, as D15's approved origins are kept and
// compared (secretDestination.ts decides whether it may go there). Origins are
// compared as the WHATWG URL parser normalises them
// (scheme and host lowercased, IDN as punycode, numeric IPv4 forms, default
// ports, user info dropped from the origin) with trailing dots removed.
import type { DocumentSource } from '../../src/contract/contract';
import { CONFIG_ADDRESS_KEYS } from './checks';
import { text } from './common';

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** One origin, one key: `https://jira.example:443`. */
export function originKey(url: URL): string {
  const host = url.hostname.replace(/\.+$/, '');
  return `${url.protocol}//${host}:${url.port || DEFAULT_PORTS[url.protocol] || ''}`;
}

/**
 * The origin `values` (a config, or a credential that holds the same key) name
 * for the source's checks; null when the source fixes the address, or the
 * value is no address at all (then the checks send nothing either). Parsed as
 * given, user info and all, so an address the checks would refuse is judged
 * by where it points, not waved through.
 */
export function namedOrigin(
  source: DocumentSource,
  values: Record<string, unknown>,
): string | null {
  const key = CONFIG_ADDRESS_KEYS[source];
  const value = key && text(values, key);
  if (!value) return null;
  try {
    return originKey(new URL(value));
  } catch {
    return null;
  }
}

/**
 * The keys of a credential's values that decide where its secret goes: the
 * address keys of every source's config (a credential may hold one, and then
 * it is trusted as its own: secretDestination.ts), and the sources' own
 * address keys (a server, a site, an account's subdomain or domain, a cloud's
 * account or region). Kept as one set, whatever the source, because a
 * credential's values are loose objects. `zuliprc_content` is not here: it
 * holds the site and the key together, so a new one replaces the key too.
 */
export const CREDENTIAL_ADDRESS_KEYS: ReadonlySet<string> = new Set([
  ...Object.values(CONFIG_ADDRESS_KEYS),
  'base_url',
  'bookstack_base_url',
  'gitlab_url',
  'gong_base_url',
  'highspot_url',
  'outline_base_url',
  'requesttracker_base_url',
  'testrail_base_url',
  'domain',
  'freshdesk_domain',
  'zendesk_subdomain',
  'loopio_subdomain',
  'portal_id',
  'account_id',
  'namespace',
  'region',
  'is_sandbox',
]);

/** A credential value's origin when it is an address; the value as written otherwise (a subdomain, a region). */
export function valueOrigin(value: unknown): string {
  const written = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    return originKey(new URL(written));
  } catch {
    return written;
  }
}
