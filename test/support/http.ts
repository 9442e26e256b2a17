// Small helpers for the API tests: one fetch wrapper, and the few requests most
// tests need as setup. Everything goes through real HTTP against startTestServer().
import { minimalConfig } from './sourceConfigs';
import { sql } from 'kysely';
import type { ConnectorCreateRequest, DocumentSource, UserRole } from '../../src/contract/contract';
import { createCredential } from '../../server/repos/credentials';
import { heardEverything, type TestServer } from './harness';

export interface ApiOptions {
  /** Bearer key; the admin's key by default, null for no Authorization header. */
  key?: string | null;
  /** Sent as JSON (application/json) unless `raw` is given. */
  body?: unknown;
  /** Sent exactly as is; content type application/json unless `headers` say otherwise. */
  raw?: string | Uint8Array<ArrayBuffer>;
  /** Sent as multipart/form-data (an upload); fetch writes its boundary. */
  form?: FormData;
  /** Added last; a null value leaves that header out. */
  headers?: Record<string, string | null>;
}

interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
}

export async function api(
  server: TestServer,
  method: string,
  path: string,
  options: ApiOptions = {},
): Promise<ApiResponse> {
  // On PostgreSQL a change counts from the first request after its notice (the
  // revision is pushed): tests write directly through the store too, so each
  // request waits, boundedly, until the server has heard every change so far.
  await heardEverything(server);
  const headers: Record<string, string> = {};
  const key = options.key === undefined ? server.adminKey : options.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  let body: string | Uint8Array<ArrayBuffer> | FormData | undefined;
  if (options.form !== undefined) {
    body = options.form;
  } else if (options.raw !== undefined) {
    body = options.raw;
    headers['content-type'] = 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === null) delete headers[name];
    else headers[name] = value;
  }
  const response = await fetch(`${server.apiUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

let counter = 0;
/** A name no other test uses. */
const uniqueName = (prefix = 'Connector') => `${prefix} ${++counter}`;

/** A valid creation request (D4) of the interface's Jira flow. */
export function jiraRequest(
  overrides: Partial<ConnectorCreateRequest> = {},
): ConnectorCreateRequest {
  return {
    name: uniqueName('Jira'),
    source: 'jira',
    input_type: 'poll',
    access_type: 'PUBLIC',
    connector_specific_config: {
      jira_base_url: 'https://acme.atlassian.net',
      project_key: 'ENG',
      comment_email_blacklist: ['noreply@acme.example'],
    },
    refresh_freq: 3600,
    prune_freq: 86400,
    ...overrides,
  };
}

/** A valid creation request for any source, with the smallest config it takes. */
export function plainRequest(
  source: DocumentSource,
  overrides: Partial<ConnectorCreateRequest> = {},
): ConnectorCreateRequest {
  return {
    name: uniqueName(source),
    source,
    input_type: 'load_state',
    connector_specific_config: minimalConfig(source),
    ...overrides,
  };
}

/** Creates a connector through the API and returns its id. */
export async function createConnector(
  server: TestServer,
  request: ConnectorCreateRequest,
): Promise<number> {
  const response = await api(server, 'POST', '/manage/admin/connector', { body: request });
  if (response.status !== 200)
    throw new Error(`create failed: ${response.status} ${response.text}`);
  return (response.json as { id: number }).id;
}

export async function attach(server: TestServer, connectorId: number, credentialId: number) {
  return api(server, 'PUT', `/manage/admin/connector/${connectorId}/credential/${credentialId}`);
}

/** A credential stored directly (the interface shows no way to create one). */
export async function addCredential(
  server: TestServer,
  source: DocumentSource,
  credential_json: Record<string, unknown> = { token: 'a-secret-token-value' },
  name: string | null = `${source} credential`,
): Promise<number> {
  return createCredential(server.store.db, server.store.secrets, { source, name, credential_json });
}

/** A credential made through the API by the holder of `key` (the admin's by default), who is its maker. */
export async function madeCredential(
  server: TestServer,
  source: DocumentSource,
  credential_json: Record<string, unknown>,
  key: string = server.adminKey,
): Promise<number> {
  const made = await api(server, 'POST', '/manage/credential', {
    key,
    body: { name: `${source} credential`, source, credential_json, admin_public: true },
  });
  if (made.status !== 200) throw new Error(`credential failed: ${made.status} ${made.text}`);
  return (made.json as { id: number }).id;
}

/** Each table of the data, and the column its rows are listed by. */
const TABLES = {
  users: 'id',
  api_keys: 'id',
  credentials: 'id',
  connectors: 'id',
  connector_credential_pairs: 'id',
  invited_users: 'email_lower',
  sessions: 'token_hash',
  user_groups: 'id',
  user_group_members: ['group_id', 'user_id'],
  pair_groups: ['pair_id', 'group_id'],
  credential_groups: ['credential_id', 'group_id'],
  document_sets: 'id',
  document_set_pairs: ['set_id', 'pair_id'],
  document_set_groups: ['set_id', 'group_id'],
  scim_tokens: 'id',
  scim_users: 'user_id',
  scim_groups: 'group_id',
} as const;

/** Every row of every table, to show that a failed request changed nothing (D11). */
export async function snapshotDb(server: TestServer): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const [table, order] of Object.entries(TABLES)) {
    const { rows } =
      await sql`select * from ${sql.table(table)} order by ${sql.join([order].flat().map((column) => sql.ref(column)))}`.execute(
        server.store.db,
      );
    // A key's last use is noted as it is used (at most once a minute): not a change a request made.
    result[table] = rows.map((row) => {
      const { last_used_at: _lastUse, ...rest } = row as Record<string, unknown>;
      return rest;
    });
  }
  return result;
}

/** A user group made by the admin through the API (D13); its id. */
export async function makeGroup(
  server: TestServer,
  name: string,
  userIds: string[] = [],
): Promise<number> {
  const made = await api(server, 'POST', '/manage/admin/user-group', {
    body: { name, user_ids: userIds, cc_pair_ids: [] },
  });
  if (made.status !== 200) throw new Error(`group ${name}: ${made.status} ${made.text}`);
  return (made.json as { id: number }).id;
}

export const ALL_ROLES: readonly UserRole[] = [
  'limited',
  'basic',
  'admin',
  'curator',
  'global_curator',
  'slack_user',
  'ext_perm_user',
];

export const NOT_AUTHENTICATED = { detail: 'Access denied. User is not authenticated.' };
export const NOT_CURATOR = { detail: 'Access denied. User is not a curator or admin.' };
export const NOT_ADMIN = { detail: 'Access denied. User must be an admin to perform this action.' };

/**
 * D7: `count` identical attaches at once, taking turns among servers on one
 * database (each with the key to use there): what they answered, and how many
 * pairs the database holds after.
 */
export async function splitAttaches(
  sides: [TestServer, string][],
  connector: number,
  credential: number,
  count: number,
) {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, index) => {
      const [server, key] = sides[index % sides.length]!;
      return api(server, 'PUT', `/manage/admin/connector/${connector}/credential/${credential}`, {
        key,
      });
    }),
  );
  const pairs = await sides[0]![0].store.db
    .selectFrom('connector_credential_pairs')
    .select('id')
    .where('connector_id', '=', connector)
    .execute();
  return {
    statuses: answers.map((answer) => answer.status),
    successes: answers.filter((answer) => (answer.json as { success: boolean }).success).length,
    pairs: pairs.length,
  };
}
