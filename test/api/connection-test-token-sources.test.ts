// POST /manage/admin/connector/test for the sources checked by one read-only
// sign-in with a token (server/connectionTest/tokenSources.ts), against fakes
// on 127.0.0.1 that answer as each API does: a good token passes; a revoked one
// (401), one without the permission (403) and a wrong address each fail with
// their own words and how to fix them. Nothing is written (D-rules: no secret
// in any answer).
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionTestResultSchema } from '../../src/contract/connectionTest';
import type { DocumentSource } from '../../src/contract/contract';
import type { SourceApiHosts } from '../../server/connectionCheck/hosts';
import { startTestServer, type TestServer } from '../support/harness';
import { api, snapshotDb } from '../support/http';
import { minimalConfig } from '../support/sourceConfigs';
import { sendJson, startStandIn, type Route, type StandIn } from '../support/standIns';

const GOOD = 'good-token-0123456789';
const REVOKED = 'revoked-token-0123456789';
const LIMITED = 'limited-token-0123456789';

const basicOf = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

interface Row {
  source: string;
  /** Its fixed host, pointed at the fake; none when the credential names the server (`origin`). */
  host?: keyof SourceApiHosts;
  /** "METHOD /path" as the fake serves it (a subdomain first, as the hosts setting puts it). */
  route: string;
  credential: (token: string, origin: string) => Record<string, string>;
  authorization: (token: string) => string;
  /** The header the token goes in (Document360's api_token); authorization unless said. */
  header?: string;
  /** The answer to a good token (Linear's GraphQL names the viewer). */
  ok?: unknown;
  /** How the source answers a refused token, when not 401. */
  refused?: (response: http.ServerResponse) => void;
  /** The connector's settings, when they name the server (`origin`). */
  config?: (origin: string) => Record<string, unknown>;
  /** What a revoked token and a missing permission read, when the source's own words differ. */
  revokedWords?: RegExp;
  limitedWords?: RegExp;
  notFoundWords?: RegExp;
}

const ROWS: Row[] = [
  {
    source: 'notion',
    host: 'notion',
    route: 'GET /v1/users/me',
    credential: (t) => ({ notion_integration_token: t }),
    authorization: (t) => `Bearer ${t}`,
  },
  {
    source: 'linear',
    host: 'linear',
    route: 'POST /graphql',
    credential: (t) => ({ linear_api_key: t }),
    authorization: (t) => t,
    ok: { data: { viewer: { id: 'u1' } } },
  },
  {
    source: 'asana',
    host: 'asana',
    route: 'GET /api/1.0/users/me',
    credential: (t) => ({ asana_api_token_secret: t }),
    authorization: (t) => `Bearer ${t}`,
  },
  {
    source: 'discord',
    host: 'discord',
    route: 'GET /api/v10/users/@me',
    credential: (t) => ({ discord_bot_token: t }),
    authorization: (t) => `Bot ${t}`,
  },
  {
    source: 'freshdesk',
    host: 'freshdesk',
    route: 'GET /acme/api/v2/agents/me',
    credential: (t) => ({ freshdesk_domain: 'acme.freshdesk.com', freshdesk_api_key: t }),
    authorization: (t) => basicOf(t, 'X'),
  },
  {
    source: 'hubspot',
    host: 'hubspot',
    route: 'GET /account-info/v3/details',
    credential: (t) => ({ hubspot_access_token: t }),
    authorization: (t) => `Bearer ${t}`,
  },
  {
    source: 'gong',
    host: 'gong',
    route: 'GET /v2/workspaces',
    credential: (t) => ({ gong_access_key: 'key-1', gong_access_key_secret: t }),
    authorization: (t) => basicOf('key-1', t),
  },
  {
    source: 'dropbox',
    host: 'dropbox',
    route: 'POST /2/users/get_current_account',
    credential: (t) => ({ dropbox_access_token: t }),
    authorization: (t) => `Bearer ${t}`,
  },
  {
    source: 'airtable',
    host: 'airtable',
    route: 'GET /v0/meta/whoami',
    credential: (t) => ({ airtable_access_token: t }),
    authorization: (t) => `Bearer ${t}`,
  },
  {
    source: 'clickup',
    host: 'clickup',
    route: 'GET /api/v2/user',
    credential: (t) => ({ clickup_api_token: t, clickup_team_id: '9' }),
    authorization: (t) => t,
  },
  {
    source: 'coda',
    host: 'coda',
    route: 'GET /apis/v1/whoami',
    credential: (t) => ({ coda_bearer_token: t }),
    authorization: (t) => `Bearer ${t}`,
  },
  {
    source: 'gitbook',
    host: 'gitbook',
    route: 'GET /v1/user',
    credential: (t) => ({ gitbook_api_key: t }),
    authorization: (t) => `Bearer ${t}`,
  },
  {
    source: 'bitbucket',
    host: 'bitbucket',
    route: 'GET /2.0/user',
    credential: (t) => ({ bitbucket_email: 'bot@acme.example', bitbucket_api_token: t }),
    authorization: (t) => basicOf('bot@acme.example', t),
  },
  {
    source: 'guru',
    host: 'guru',
    route: 'GET /api/v1/whoami',
    credential: (t) => ({ guru_user: 'bot@acme.example', guru_user_token: t }),
    authorization: (t) => basicOf('bot@acme.example', t),
  },
  {
    source: 'productboard',
    host: 'productboard',
    route: 'GET /features',
    credential: (t) => ({ productboard_access_token: t }),
    authorization: (t) => `Bearer ${t}`,
  },
  {
    source: 'fireflies',
    host: 'fireflies',
    // Beside Linear's /graphql on the one fake: under a prefix of its own, as the hosts setting allows.
    route: 'POST /fireflies/graphql',
    credential: (t) => ({ fireflies_api_key: t }),
    authorization: (t) => `Bearer ${t}`,
    ok: { data: { user: { user_id: 'u1' } } },
  },
  {
    source: 'document360',
    host: 'document360',
    route: 'GET /v2/ProjectVersions',
    credential: (t) => ({ portal_id: 'p1', document360_api_token: t }),
    authorization: (t) => t,
    header: 'api_token',
  },
  {
    source: 'bookstack',
    route: 'GET /bookstack/api/books',
    credential: (t, origin) => ({
      bookstack_base_url: `${origin}/bookstack`,
      bookstack_api_token_id: 'id-1',
      bookstack_api_token_secret: t,
    }),
    authorization: (t) => `Token id-1:${t}`,
  },
  {
    source: 'outline',
    route: 'POST /outline/api/auth.info',
    credential: (t, origin) => ({ outline_base_url: `${origin}/outline/`, outline_api_token: t }),
    authorization: (t) => `Bearer ${t}`,
  },
  {
    source: 'testrail',
    route: 'GET /testrail/index.php',
    credential: (t, origin) => ({
      testrail_base_url: `${origin}/testrail`,
      testrail_username: 'bot@acme.example',
      testrail_api_key: t,
    }),
    authorization: (t) => basicOf('bot@acme.example', t),
  },
  {
    source: 'highspot',
    route: 'GET /highspot/v1.0/me',
    credential: (t, origin) => ({
      highspot_url: `${origin}/highspot/v1.0/`,
      highspot_key: 'key-1',
      highspot_secret: t,
    }),
    authorization: (t) => basicOf('key-1', t),
  },
  {
    source: 'slab',
    host: 'slab',
    // Beside Linear's /graphql on the one fake: under a prefix of its own.
    route: 'POST /slab/v1/graphql',
    credential: (t) => ({ slab_bot_token: t }),
    authorization: (t) => t,
    ok: { data: { organization: { id: 'org-1' } } },
  },
  {
    source: 'egnyte',
    host: 'egnyte',
    route: 'GET /acme/pubapi/v1/userinfo',
    credential: (t) => ({ domain: 'https://acme.egnyte.com', access_token: t }),
    authorization: (t) => `Bearer ${t}`,
  },
  {
    source: 'requesttracker',
    route: 'GET /rt/REST/2.0/rt',
    credential: (t, origin) => ({
      requesttracker_base_url: `${origin}/rt`,
      requesttracker_username: 'bot',
      requesttracker_password: t,
    }),
    authorization: (t) => basicOf('bot', t),
    notFoundWords: /no REST 2\.0 API at this address \(404\): check requesttracker_base_url/,
  },
  {
    source: 'axero',
    route: 'GET /axero/api/content/list',
    credential: (t, origin) => ({ base_url: `${origin}/axero/`, axero_api_token: t }),
    authorization: (t) => t,
    header: 'rest-api-key',
  },
  {
    source: 'discourse',
    route: 'GET /forum/categories.json',
    config: (origin) => ({ base_url: `${origin}/forum` }),
    credential: (t) => ({ discourse_api_key: t, discourse_api_username: 'system' }),
    authorization: (t) => t,
    header: 'api-key',
    // Discourse answers an unknown key 403 (invalid_access), as it does a key without the scope.
    refused: (response) =>
      sendJson(response, 403, { errors: ['invalid'], error_type: 'invalid_access' }),
    revokedWords: /Discourse refused the API key or its user name \(403\): .*make a new key/,
    limitedWords: /Discourse refused the API key or its user name \(403\)/,
  },
  {
    source: 'drupal_wiki',
    route: 'GET /drupal/api/rest/scope/api/space',
    config: (origin) => ({ base_url: `${origin}/drupal/` }),
    credential: (t) => ({ drupal_wiki_api_token: t }),
    authorization: (t) => `Bearer ${t}`,
  },
];

/** The fake: 200 to the good token, 403 to the limited one, 401 to any other. */
const fake = (row: Row): Route => {
  return (request, response) => {
    const authorization = request.headers[row.header ?? 'authorization'];
    if (authorization === row.authorization(GOOD)) return sendJson(response, 200, row.ok ?? {});
    if (authorization === row.authorization(LIMITED))
      return sendJson(response, 403, { message: 'Forbidden' });
    if (row.refused) return row.refused(response);
    return sendJson(response, 401, { message: 'Unauthorized' });
  };
};

/** Where a fake host starts below the fake's origin (a subdomain, or room beside another source's path). */
const HOST_PREFIX: Partial<Record<keyof SourceApiHosts, string>> = {
  freshdesk: '/{subdomain}',
  egnyte: '/{subdomain}',
  slab: '/slab',
  fireflies: '/fireflies',
};

let server: TestServer;
let wrongAddress: TestServer;
let fakes: StandIn;
let empty: StandIn;

beforeAll(async () => {
  fakes = await startStandIn(Object.fromEntries(ROWS.map((row) => [row.route, fake(row)])));
  // A host that answers, but not as the source's API: every path is a 404.
  empty = await startStandIn({});
  const pointAt = (origin: string) =>
    Object.fromEntries(
      ROWS.flatMap((row) =>
        row.host ? [[row.host, `${origin}${HOST_PREFIX[row.host] ?? ''}`]] : [],
      ),
    );
  server = await startTestServer({ connectionTest: { limit: null, hosts: pointAt(fakes.origin) } });
  wrongAddress = await startTestServer({
    connectionTest: { limit: null, hosts: pointAt(empty.origin) },
  });
});
afterAll(async () => {
  await server.close();
  await wrongAddress.close();
  await fakes.close();
  await empty.close();
});

async function testOf(on: TestServer, row: Row, token: string) {
  // A credential or settings that name the server name the fake this server's hosts point at.
  const origin = on === wrongAddress ? empty.origin : fakes.origin;
  const response = await api(on, 'POST', '/manage/admin/connector/test', {
    body: {
      source: row.source,
      connector_specific_config: {
        ...minimalConfig(row.source as DocumentSource),
        ...row.config?.(origin),
      },
      credential_json: row.credential(token, origin),
    },
  });
  expect(response.status, response.text).toBe(200);
  expect(response.text).not.toContain(token);
  return connectionTestResultSchema.parse(response.json);
}

describe.each(ROWS)('$source', (row) => {
  it('a good token passes, read-only, and nothing is stored', async () => {
    const before = await snapshotDb(server);
    const result = await testOf(server, row, GOOD);
    expect(result.ok).toBe(true);
    expect(result.checks).toHaveLength(1);
    expect(result.checks[0]!.message).toMatch(/accepted the .* \(200\)/);
    expect(await snapshotDb(server)).toEqual(before);
  });

  it('a revoked token fails, saying to make a new one', async () => {
    const result = await testOf(server, row, REVOKED);
    expect(result.ok).toBe(false);
    expect(result.checks[0]!.message).toMatch(
      row.revokedWords ?? /\(401\): it is wrong, expired or revoked — make a new one/,
    );
  });

  it('a token without the permission fails, saying where it is granted', async () => {
    const result = await testOf(server, row, LIMITED);
    expect(result.ok).toBe(false);
    expect(result.checks[0]!.message).toMatch(row.limitedWords ?? /but refused access \(403\): \S/);
  });

  it('a wrong address fails, saying to check it', async () => {
    const result = await testOf(wrongAddress, row, GOOD);
    expect(result.ok).toBe(false);
    expect(result.checks[0]!.message).toMatch(
      row.notFoundWords ?? /no such page \(404\): the address is wrong/,
    );
  });
});

it('Freshdesk: a domain that is no subdomain is refused before anything is sent', async () => {
  const seen = fakes.seen.length;
  const response = await api(server, 'POST', '/manage/admin/connector/test', {
    body: {
      source: 'freshdesk',
      connector_specific_config: {},
      credential_json: { freshdesk_domain: 'evil.example#', freshdesk_api_key: GOOD },
    },
  });
  const result = connectionTestResultSchema.parse(response.json);
  expect(result.checks[0]).toMatchObject({ ok: false });
  expect(result.checks[0]!.message).toMatch(/not a subdomain/);
  expect(fakes.seen.length).toBe(seen);
});

it('Salesforce says why it is not checked (a sign-in is recorded there); File needs no check', async () => {
  const salesforce = await api(server, 'POST', '/manage/admin/connector/test', {
    body: {
      source: 'salesforce',
      connector_specific_config: {},
      credential_json: {
        sf_username: 'bot@acme.example',
        sf_password: 'p',
        sf_security_token: 't',
        is_sandbox: false,
      },
    },
  });
  const result = connectionTestResultSchema.parse(salesforce.json);
  expect(result.ok).toBeNull();
  expect(result.checks[0]!.message).toMatch(
    /^Not checked: signing in to Salesforce records a login/,
  );
  const file = await api(server, 'POST', '/manage/admin/connector/test', {
    body: { source: 'file', connector_specific_config: { file_locations: ['a.pdf'] } },
  });
  expect(connectionTestResultSchema.parse(file.json).checks[0]!.message).toMatch(
    /stored on this server/,
  );
});
