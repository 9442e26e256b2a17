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
