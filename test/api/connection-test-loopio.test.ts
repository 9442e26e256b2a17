// POST /manage/admin/connector/test for Loopio (server/connectionCheck/loopio.ts),
// against a fake Loopio on 127.0.0.1 that answers as its API does: the token
// endpoint takes the API client's ID and secret (OAuth client credentials)
// for the scopes the client was made with, and the library takes the token it
// gave. A good client passes; a deleted one (401), one without library:read
// (the scope refused) and a wrong address (404) each fail in their own words.
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionTestResultSchema } from '../../src/contract/connectionTest';
import { startTestServer, type TestServer } from '../support/harness';
import { api } from '../support/http';
import { sendJson, startStandIn, type StandIn } from '../support/standIns';

const CLIENT = 'loopio-client-id';
const SECRET = 'loopio-client-secret-0123456789';
/** A client made without the library:read scope. */
const PROJECTS_ONLY = 'loopio-projects-only';

function tokenEndpoint(request: http.IncomingMessage, response: http.ServerResponse) {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const form = new URLSearchParams(body);
    const client = form.get('client_id');
    if (form.get('grant_type') !== 'client_credentials') {
      return sendJson(response, 400, { error: 'unsupported_grant_type' });
    }
    if ((client !== CLIENT && client !== PROJECTS_ONLY) || form.get('client_secret') !== SECRET) {
      return sendJson(response, 401, { error: 'invalid_client' });
    }
    if (client === PROJECTS_ONLY && form.get('scope')?.includes('library:read')) {
      return sendJson(response, 400, { error: 'invalid_scope' });
    }
    sendJson(response, 200, { access_token: `token-${client}`, token_type: 'Bearer' });
  });
}

let loopio: StandIn;
let nowhere: StandIn;
let server: TestServer;
let lost: TestServer;
beforeAll(async () => {
  loopio = await startStandIn({
    'POST /oauth2/access_token': tokenEndpoint,
    'GET /data/v2/libraryEntries': (request, response) =>
      request.headers.authorization === `Bearer token-${CLIENT}`
        ? sendJson(response, 200, { items: [], totalItems: 0 })
        : sendJson(response, 401, { message: 'Unauthorized' }),
  });
  nowhere = await startStandIn({});
  server = await startTestServer({
    connectionTest: { limit: null, hosts: { loopio: loopio.origin } },
  });
  lost = await startTestServer({
    connectionTest: { limit: null, hosts: { loopio: nowhere.origin } },
  });
});
afterAll(async () => {
  await Promise.all([server.close(), lost.close()]);
  await Promise.all([loopio.close(), nowhere.close()]);
});

async function check(client: string, secret = SECRET, on = server) {
  const response = await api(on, 'POST', '/manage/admin/connector/test', {
    body: {
      source: 'loopio',
      connector_specific_config: {},
      credential_json: {
        loopio_subdomain: 'acme',
        loopio_client_id: client,
        loopio_client_token: secret,
      },
    },
  });
  expect(response.status, response.text).toBe(200);
  expect(response.text).not.toContain(secret);
  return connectionTestResultSchema.parse(response.json);
}

describe('Loopio', () => {
  it('a good API client passes: a token for library:read, then one library entry read', async () => {
    const before = loopio.seen.length;
    const result = await check(CLIENT);
    expect(result.checks.map((c) => [c.name, c.ok])).toEqual([
      ['Loopio sign-in', true],
      ['Loopio library', true],
    ]);
    expect(loopio.seen.slice(before).map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /oauth2/access_token',
      'GET /data/v2/libraryEntries?pageSize=1',
    ]);
  });

  it('a deleted client or wrong secret (401, invalid_client) says to make a new one', async () => {
    const result = await check(CLIENT, 'revoked-secret-0123456789');
    expect(result.ok).toBe(false);
    expect(result.checks[0]!.message).toMatch(
      /^Loopio refused the client ID or secret \(401, invalid_client\): .*make a new one under Admin › Integrations › Loopio API/,
    );
    expect(result.checks[1]!.ok).toBeNull();
  });

  it('a client without the library:read scope is told to get it', async () => {
    const result = await check(PROJECTS_ONLY);
    expect(result.checks[0]!.message).toMatch(
      /^Loopio refused the library:read scope \(400\): give the API client the library:read scope/,
    );
  });

  it('a wrong address (404) fails in words', async () => {
    const result = await check(CLIENT, SECRET, lost);
    expect(result.checks[0]!.message).toBe(
      'Loopio has no such page (404): the token address is wrong',
    );
  });
});
