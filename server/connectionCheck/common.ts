// What every source's checks are given, and the small readers they share: the
// config and credential arrive as the caller sent them (only Jira's config is
// validated before, D4), so every value is read defensively here.
import type { ConnectionCheck } from '../../src/contract/connectionTest';
import type { SourceApiHosts } from './hosts';
import { failed, skipped, type CheckRun } from './run';

export interface CheckInput {
  config: Record<string, unknown>;
  /** The credential's values, opened; only strings are used. */
  credential: Record<string, unknown>;
  hosts: SourceApiHosts;
  run: CheckRun;
}

export type SourceChecks = (input: CheckInput) => Promise<ConnectionCheck[]>;

/** Repositories, channels … checked one by one at most this many; the rest are said to be unchecked. */
export const MAX_NAMED = 20;

/** A non-blank string value, trimmed. */
export function text(values: Record<string, unknown>, key: string): string | undefined {
  const value = values[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The base address a config or credential names, or why it cannot be used.
 * Query and fragment are dropped: API paths are appended to the base.
 */
export function baseAddress(value: string | undefined, what: string): URL | string {
  if (value === undefined) return `No ${what} is given`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${what} is not an address such as https://example.com`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `${what} is not an http or https address`;
  }
  if (url.username || url.password) return `${what} holds a user name or password: remove it`;
  url.search = '';
  url.hash = '';
  return url;
}

/** `base` with an API path after its own path (a Jira at https://host/jira keeps /jira). */
export const under = (base: URL, path: string) =>
  new URL(`${base.origin}${base.pathname.replace(/\/+$/, '')}${path}`);

export const basicAuth = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;

/** A name as one path segment; null for a name no path can hold (`..` would climb). */
export function segment(name: string): string | null {
  if (name === '' || name === '.' || name === '..') return null;
  return encodeURIComponent(name);
}

/** Names given as a list of strings or as one comma-separated string (Onyx's GitHub form). */
export function namedList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const names = items.filter((item): item is string => typeof item === 'string');
  return [...new Set(names.map((name) => name.trim()).filter((name) => name !== ''))];
}

/** One check for the names past MAX_NAMED, so a long list is neither silently cut nor a pass. */
export const beyondLimit = (what: string, names: string[]): ConnectionCheck[] =>
  names.length > MAX_NAMED
    ? [
        {
          name: `${names.length - MAX_NAMED} more ${what}`,
          ok: null,
          message: `Not checked: a test checks the first ${MAX_NAMED}`,
        },
      ]
    : [];

/**
 * A check that needs the sign-in (a project, a repository): not run when the
 * sign-in did not pass, failed when the name cannot be part of an address.
 */
export function dependent(
  signIn: ConnectionCheck,
  name: string,
  path: string | null,
  check: (path: string) => Promise<ConnectionCheck>,
): Promise<ConnectionCheck> | ConnectionCheck {
  if (signIn.ok !== true) return skipped(name, 'the sign-in did not pass');
  if (path === null) return failed(name, 'The name cannot be part of an address');
  return check(path);
}
