// POST /manage/admin/connector/test for SharePoint (server/connectionCheck/sharepoint.ts),
// against a fake Microsoft Entra and Graph on 127.0.0.1 that answer as they
// do: the token endpoint takes the app's client secret for its directory and
// gives a token for the Graph host asked for; Graph's root site needs
// Sites.Read.All. A good secret passes; an expired secret, an unknown app, a
// missing permission and a wrong address each fail in their own words. The
// config's authority_host is where the secret goes: D15 approves it like
// Jira's address.
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionTestResultSchema } from '../../src/contract/connectionTest';
import { startTestServer, type TestServer } from '../support/harness';
import { api } from '../support/http';
import { sendJson, startStandIn, type StandIn } from '../support/standIns';

const TENANT = 'contoso-tenant-id';
const APP = 'app-client-id';
const SECRET = 'good-client-secret~0123456789';
const LIMITED_APP = 'app-without-sites';

function tokenEndpoint(request: http.IncomingMessage, response: http.ServerResponse) {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const form = new URLSearchParams(body);
    const app = form.get('client_id');
    if (app !== APP && app !== LIMITED_APP) {
      return sendJson(response, 400, { error: 'unauthorized_client', error_codes: [700016] });
    }
    if (form.get('client_secret') !== SECRET) {
      return sendJson(response, 401, { error: 'invalid_client', error_codes: [7000222] });
    }
    if (
      form.get('grant_type') !== 'client_credentials' ||
      !form.get('scope')?.endsWith('/.default')
    ) {
      return sendJson(response, 400, { error: 'invalid_request' });
    }
    sendJson(response, 200, { access_token: `token-for-${app}`, token_type: 'Bearer' });
  });
}

let microsoft: StandIn;
let sovereign: StandIn;
let server: TestServer;
/** Microsoft Entra's token endpoint and Graph's root site, as one fake serves them. */
const microsoftRoutes = () => ({
  [`POST /${TENANT}/oauth2/v2.0/token`]: tokenEndpoint,
  'GET /v1.0/sites/root': graphRead({ id: 'root', webUrl: 'https://contoso.sharepoint.com' }),
  'GET /v1.0/teams': graphRead({ value: [{ id: 't1', displayName: 'Support' }] }),
});
/** A Graph read: the app's token passes, the limited app's lacks the permission (403). */
const graphRead =
  (ok: unknown) => (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (request.headers.authorization === `Bearer token-for-${APP}`) {
      return sendJson(response, 200, ok);
    }
    if (request.headers.authorization === `Bearer token-for-${LIMITED_APP}`) {
      return sendJson(response, 403, { error: { code: 'accessDenied' } });
    }
    sendJson(response, 401, { error: { code: 'InvalidAuthenticationToken' } });
  };
beforeAll(async () => {
  microsoft = await startStandIn(microsoftRoutes());
  // A national cloud's hosts, which a config names (authority_host, graph_api_host).
  sovereign = await startStandIn(microsoftRoutes());
  server = await startTestServer({
    connectionTest: {
      limit: null,
      hosts: { sharepoint: microsoft.origin, microsoft_graph: microsoft.origin },
    },
  });
});
afterAll(async () => {
  await server.close();
  await Promise.all([microsoft.close(), sovereign.close()]);
});

async function check(
  credential: Record<string, string>,
  config: Record<string, unknown> = {},
  source = 'sharepoint',
) {
  const response = await api(server, 'POST', '/manage/admin/connector/test', {
    body: {
      source,
      connector_specific_config: config,
      credential_json:
        source === 'sharepoint'
          ? { authentication_method: 'client_secret', ...credential }
          : credential,
    },
  });
  expect(response.status, response.text).toBe(200);
  return connectionTestResultSchema.parse(response.json);
}

const app = (overrides: Record<string, string> = {}) => ({
  sp_client_id: APP,
  sp_client_secret: SECRET,
  sp_directory_id: TENANT,
  ...overrides,
});
const outcomes = (result: Awaited<ReturnType<typeof check>>) =>
  result.checks.map((c) => [c.name, c.ok]);

describe('SharePoint', () => {
  it('a good client secret passes: a token from the directory, the root site read', async () => {
    const result = await check(app());
    expect(result.ok).toBe(true);
    expect(outcomes(result)).toEqual([
      ['Microsoft sign-in', true],
      ['SharePoint sites', true],
    ]);
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });

  it('an expired secret fails the sign-in (invalid_client) and Graph is not asked', async () => {
    const result = await check(app({ sp_client_secret: 'expired-secret~0123456789' }));
    expect(result.ok).toBe(false);
    expect(result.checks[0]!.message).toMatch(/invalid_client.*make a new one/);
    expect(result.checks[1]).toMatchObject({
      ok: null,
      message: expect.stringMatching(/^Not checked/),
    });
  });

  it('an app the directory does not know is named so', async () => {
    const result = await check(app({ sp_client_id: 'unknown-app' }));
    expect(result.checks[0]!.message).toMatch(/unauthorized_client.*client\) ID/);
  });

  it('an app without Sites.Read.All is told to get it (403)', async () => {
    const result = await check(app({ sp_client_id: LIMITED_APP }));
    expect(outcomes(result)).toEqual([
      ['Microsoft sign-in', true],
      ['SharePoint sites', false],
    ]);
    expect(result.checks[1]!.message).toMatch(/\(403\): give the app the Sites\.Read\.All/);
  });

  it('a wrong directory (tenant) ID is a wrong address (404)', async () => {
    const result = await check(app({ sp_directory_id: 'other-tenant' }));
    expect(result.checks[0]!.message).toMatch(/\(404\): check the authority host/);
  });

  it('the config’s authority and Graph hosts are used when named (a national cloud)', async () => {
    const before = microsoft.seen.length;
    const result = await check(app(), {
      authority_host: `${sovereign.origin}/`,
      graph_api_host: sovereign.origin,
    });
    expect(result.ok).toBe(true);
    expect(sovereign.seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      `POST /${TENANT}/oauth2/v2.0/token`,
      'GET /v1.0/sites/root',
    ]);
    expect(microsoft.seen.length).toBe(before);
  });
});

describe('Microsoft Teams', () => {
  const teamsApp = (overrides: Record<string, string> = {}) => ({
    teams_client_id: APP,
    teams_client_secret: SECRET,
    teams_directory_id: TENANT,
    ...overrides,
  });
  const teams = (overrides: Record<string, string> = {}, config: Record<string, unknown> = {}) =>
    check(teamsApp(overrides), config, 'teams');

  it('a good client secret passes: a token from the directory, then one team read', async () => {
    const before = microsoft.seen.length;
    const result = await teams();
    expect(outcomes(result)).toEqual([
      ['Microsoft sign-in', true],
      ['Microsoft Teams', true],
    ]);
    expect(result.checks[1]!.message).toBe('Microsoft Graph let the app read the teams (200)');
    expect(microsoft.seen.slice(before).map((s) => `${s.method} ${s.url}`)).toEqual([
      `POST /${TENANT}/oauth2/v2.0/token`,
      'GET /v1.0/teams?$top=1',
    ]);
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });

  it('an expired secret (invalid_client, 401) says to make a new one; Graph is not asked', async () => {
    const result = await teams({ teams_client_secret: 'expired-secret~0123456789' });
    expect(result.ok).toBe(false);
    expect(result.checks[0]!.message).toMatch(/invalid_client.*make a new one/);
    expect(result.checks[1]!.ok).toBeNull();
  });

  it('an app without Team.ReadBasic.All is told to get it (403)', async () => {
    const result = await teams({ teams_client_id: LIMITED_APP });
    expect(result.checks[1]).toMatchObject({ name: 'Microsoft Teams', ok: false });
    expect(result.checks[1]!.message).toMatch(/\(403\): give the app the Team\.ReadBasic\.All/);
  });

  it('a wrong directory (tenant) ID is a wrong address (404)', async () => {
    const result = await teams({ teams_directory_id: 'other-tenant' });
    expect(result.checks[0]!.message).toMatch(/\(404\): check the authority host/);
  });

  it('the config’s authority and Graph hosts are used when named (a national cloud)', async () => {
    const before = sovereign.seen.length;
    const result = await teams(
      {},
      { authority_host: sovereign.origin, graph_api_host: sovereign.origin },
    );
    expect(result.ok).toBe(true);
    expect(sovereign.seen.slice(before).map((s) => s.url)).toEqual([
      `/${TENANT}/oauth2/v2.0/token`,
      '/v1.0/teams?$top=1',
    ]);
  });
});
