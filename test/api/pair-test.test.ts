// POST /manage/admin/cc-pair/{cc_pair_id}/test (docs/configuration.md,
// "Background re-tests and alerts"): a saved pair tested now with its stored config and credential,
// against a stand-in Jira on 127.0.0.1 whose token can be revoked; the answer
// is the connection test's, and the result is kept on the pair and shown in
// the connector's own answer — the checks' words, never the remote answer,
// never a secret. Limits are the connection test's, shared with it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionTestResultSchema } from '../../src/contract/connectionTest';
import { connectorDetailSchema } from '../../src/contract/contract';
import { startTestServer, type TestServer } from '../support/harness';
import {
  api,
  attach,
  createConnector,
  jiraRequest,
  madeCredential,
  NOT_AUTHENTICATED,
  NOT_CURATOR,
  plainRequest,
} from '../support/http';
import * as standIns from '../support/standIns';
import type { StandIn } from '../support/standIns';

const TOKEN = 'stored-jira-token-kept-on-the-server';
const REMOTE_WORDS = 'Client must be authenticated';
const LIMIT = 3;
let server: TestServer;
let jira: StandIn;
/** The token the stand-in Jira accepts now: a test may revoke it. */
let accepted = TOKEN;

beforeAll(async () => {
  jira = await standIns.startStandIn({
    'GET /rest/api/2/myself': (request, response) =>
      request.headers.authorization === `Bearer ${accepted}`
        ? standIns.sendJson(response, 200, { name: 'bot' })
        : standIns.sendJson(response, 401, { errorMessages: [REMOTE_WORDS] }),
    'GET /rest/api/2/project/ENG': (_request, response) =>
      standIns.sendJson(response, 200, { key: 'ENG' }),
  });
  server = await startTestServer({
    connectionTest: { limit: { tests: LIMIT, windowMs: 60_000 } },
  });
});
afterAll(async () => {
  await server.close();
  await jira.close();
});

let people = 0;
/** Each test its own admin: the limit counts per user. */
const freshKey = (role: 'admin' | 'curator' = 'admin') =>
  server.keyFor(role, `pair.tester.${++people}@example.com`);

/** A Jira connector on the stand-in with the admin's stored credential: the connector and pair ids. */
async function jiraPair() {
  const credential = await madeCredential(server, 'jira', { jira_api_token: TOKEN });
  const connector = await createConnector(
    server,
    jiraRequest({ connector_specific_config: { jira_base_url: jira.origin, project_key: 'ENG' } }),
  );
  const pair = await attach(server, connector, credential);
  return { connector, pair: (pair.json as { data: number }).data };
}

const testPair = (pair: number | string, key?: string | null) =>
  api(server, 'POST', `/manage/admin/cc-pair/${pair}/test`, key === undefined ? {} : { key });

async function detail(connector: number) {
  const answer = await api(server, 'GET', `/manage/admin/connector/${connector}`);
  expect(answer.status).toBe(200);
  expect(answer.text).not.toContain(TOKEN);
  return connectorDetailSchema.parse(answer.json);
}

describe('a saved pair, tested now', () => {
  it('answers the connection test and keeps it on the pair, shown in the connector', async () => {
    const { connector, pair } = await jiraPair();
    expect((await detail(connector)).cc_pairs).toEqual([
      {
        cc_pair_id: pair,
        credential_id: expect.any(Number),
        name: null,
        access_type: 'public',
        groups: [],
        last_test: null,
      },
    ]);

    const answer = await testPair(pair, await freshKey());
    expect(answer.status, answer.text).toBe(200);
    expect(answer.text).not.toContain(TOKEN);
    const result = connectionTestResultSchema.parse(answer.json);
    expect(result.ok).toBe(true);
    expect(result.checks.map((check) => check.name)).toEqual([
      'Jira sign-in (Server or Data Center: personal access token)',
      'Jira project ENG',
    ]);

    const [kept] = (await detail(connector)).cc_pairs;
    expect(kept!.last_test).toEqual({ time: expect.any(String), ...result });
    expect(Date.parse(kept!.last_test!.time)).not.toBeNaN();
  });

  it('a revoked token: the failing checks are kept in words, not the remote answer or the secret', async () => {
    const { connector, pair } = await jiraPair();
    accepted = 'a-token-issued-later';
    try {
      const answer = await testPair(pair, await freshKey());
      expect(answer.status).toBe(200);
      expect(connectionTestResultSchema.parse(answer.json)).toMatchObject({
        ok: false,
        checks: [{ ok: false, message: 'Jira refused the token (401)' }, { ok: null }],
      });
    } finally {
      accepted = TOKEN;
    }
    const answer = await api(server, 'GET', `/manage/admin/connector/${connector}`);
    expect(answer.text).not.toContain(REMOTE_WORDS);
    const test = connectorDetailSchema.parse(answer.json).cc_pairs[0]!.last_test;
    expect(test).toMatchObject({
      ok: false,
      checks: [{ message: 'Jira refused the token (401)' }, { ok: null }],
    });

    const { rows } = await sql<Record<string, unknown>>`
      select * from connector_credential_pairs where id = ${pair}`.execute(server.store.db);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(TOKEN);
    expect(stored).not.toContain(REMOTE_WORDS);
  });

  it('D13: a curator tests a pair of a connector and credential they made', async () => {
    const curator = await freshKey('curator');
    const credential = await madeCredential(server, 'jira', { jira_api_token: TOKEN }, curator);
    const made = await api(server, 'POST', '/manage/admin/connector', {
      key: curator,
      body: jiraRequest({
        name: 'Curator’s own Jira',
        connector_specific_config: { jira_base_url: jira.origin, project_key: 'ENG' },
      }),
    });
    const connector = (made.json as { id: number }).id;
    const attached = await api(
      server,
      'PUT',
      `/manage/admin/connector/${connector}/credential/${credential}`,
      { key: curator },
    );
    const answer = await testPair((attached.json as { data: number }).data, curator);
    expect(answer.status, answer.text).toBe(200);
    expect((answer.json as { ok: unknown }).ok).toBe(true);
  });

  it("D13: a pair of an admin's credential does not exist for a curator (404), and nothing is sent", async () => {
    const { pair } = await jiraPair();
    const before = jira.seen.length;
    const answer = await testPair(pair, await freshKey('curator'));
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ detail: `Connector-credential pair ${pair} does not exist` });
    expect(jira.seen.length).toBe(before);
  });
});

describe('refusals', () => {
  it('D2: no key → 401; a basic user → 403', async () => {
    const { pair } = await jiraPair();
    expect((await testPair(pair, null)).json).toEqual(NOT_AUTHENTICATED);
    const basic = await testPair(pair, await server.keyFor('basic'));
    expect(basic.status).toBe(403);
    expect(basic.json).toEqual(NOT_CURATOR);
  });

  it('an unknown pair → 404 in words, and nothing is tested', async () => {
    const before = jira.seen.length;
    const answer = await testPair(987654);
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ detail: 'Connector-credential pair 987654 does not exist' });
    expect(jira.seen.length).toBe(before);
  });

  it.each(['abc', '1.5', '9007199254740993'])('D3: id %s → 422 int_parsing', async (id) => {
    const answer = await testPair(id);
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      detail: [{ loc: ['path', 'cc_pair_id'], msg: expect.any(String), type: 'int_parsing' }],
    });
  });

  it('429 past the per-user limit, counted with the connection test; the last result stays', async () => {
    const { connector, pair } = await jiraPair();
    const key = await freshKey();
    const other = await createConnector(server, plainRequest('file'));
    await attach(server, other, 0);
    expect((await testPair(pair, key)).status).toBe(200);
    const before = await api(server, 'POST', '/manage/admin/connector/test', {
      key,
      body: { source: 'file', connector_specific_config: {} },
    });
    expect(before.status).toBe(200);
    for (let n = 2; n < LIMIT; n++) expect((await testPair(pair, key)).status).toBe(200);
    const kept = (await detail(connector)).cc_pairs[0]!.last_test;
    const refused = await testPair(pair, key);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((refused.json as { detail: string }).detail).toMatch(
      /^Too many connection tests: at most 3 every 60 seconds for each user\./,
    );
    expect((await detail(connector)).cc_pairs[0]!.last_test).toEqual(kept);
  });
});
