// Where a stored credential may be sent (docs/api.md, "Testing a
// connection"): only to an address it is already trusted with — the origin of
// a connector it is attached to, an address its source fixes (hosts.ts), or
// one written in the credential itself — unless the caller made it or is an
// admin. Otherwise anyone who may test could point an admin's token at their
// own server. Origins are compared as the WHATWG URL parser normalises them
// (scheme and host lowercased, IDN as punycode, numeric IPv4 forms, default
// ports, user info dropped from the origin) with trailing dots removed.
import type { DocumentSource } from '../../src/contract/contract';
import type { Db } from '../db/database';
import { configsUsingCredential } from '../repos/connectors';
import type { OpenedCredential } from '../repos/credentialValues';
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

interface Caller {
  id: string;
  role: string;
}

/** Whether the test of `config` may send `credential`, as `caller` asks. */
export async function mayBeSent(
  db: Db,
  caller: Caller,
  credential: OpenedCredential,
  source: DocumentSource,
  config: Record<string, unknown>,
): Promise<boolean> {
  const wanted = namedOrigin(source, config);
  if (wanted === null) return true;
  if (caller.role === 'admin' || caller.id === credential.user_id) return true;
  if (namedOrigin(source, credential.values) === wanted) return true;
  const attached = await configsUsingCredential(db, credential.id);
  return attached.some((connector) => namedOrigin(connector.source, connector.config) === wanted);
}
