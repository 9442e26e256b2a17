// A connection test's request: D2's order (401, 403, 415, 422 …), D3's 422
// bodies listing every problem, the per-user limit (429 with Retry-After), and
// a log that never holds the credential.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, logRedaction } from '../../server/app';
import { MEMORY, openStore } from '../../server/db/database';
import { prepareStore } from '../../server/setup';
import { defaultVersionSet } from '../../server/versions';
import { startTestServer, type TestServer } from '../support/harness';
import { api, NOT_AUTHENTICATED, NOT_CURATOR } from '../support/http';
import * as standIns from '../support/standIns';

const PATH = '/manage/admin/connector/test';
const TOKEN = 'ATATT3xFfGF0-requests-token-never-logged';
const notChecked = { source: 'file', connector_specific_config: {} };
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ connectionTest: { limit: { tests: 20, windowMs: 60_000 } } });
});
afterAll(() => server.close());

const post = (body: unknown, key?: string | null) => api(server, 'POST', PATH, { body, key });

describe('D2 order of answers', () => {
  it('401 without a key and 403 for a basic user, before any 422', async () => {
    expect((await post({}, null)).json).toEqual(NOT_AUTHENTICATED);
    const basic = await post({}, await server.keyFor('basic'));
    expect([basic.status, basic.json]).toEqual([403, NOT_CURATOR]);
    const text = await api(server, 'POST', PATH, {
      raw: '{}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
  });
});

describe('D3 422: every problem of the body, with its place', () => {
  const problems = async (body: unknown) => {
    const response = await post(body);
    expect(response.status, response.text).toBe(422);
    return (response.json as { detail: { loc: unknown[]; type: string }[] }).detail.map(
      ({ loc, type }) => [loc.join('.'), type],
    );
  };

  it('missing fields, a source that is none, a config that is no object', async () => {
    expect(await problems({})).toEqual([
      ['body.source', 'missing'],
      ['body.connector_specific_config', 'missing'],
    ]);
    expect(await problems({ source: 'nope', connector_specific_config: [] })).toEqual([
      ['body.source', 'enum'],
      ['body.connector_specific_config', 'dict_type'],
    ]);
  });

  it("Jira's config rules (D4) beside the body's own problems", async () => {
    const config = { jira_base_url: 'ftp://jira.example', project_key: 'not a key' };
    expect(
      await problems({ source: 'jira', connector_specific_config: config, credential_id: 1.5 }),
    ).toEqual([
      ['body.credential_id', 'int_type'],
      ['body.connector_specific_config.jira_base_url', 'url_parsing'],
      ['body.connector_specific_config.project_key', 'string_pattern_mismatch'],
    ]);
  });

  it('the credential: exactly one of credential_id and credential_json, with the keys its source needs', async () => {
    const jira = {
      source: 'jira',
      connector_specific_config: { jira_base_url: 'https://x.example' },
    };
    expect(await problems(jira)).toEqual([['body.credential_json', 'missing']]);
    expect(await problems({ ...jira, credential_id: 1, credential_json: {} })).toEqual([
      ['body.credential_json', 'value_error'],
    ]);
    expect(await problems({ ...jira, credential_json: { jira_user_email: 'a@b.co' } })).toEqual([
      ['body.credential_json.jira_api_token', 'missing'],
    ]);
    expect(await problems({ ...jira, credential_id: -1 })).toEqual([
      ['body.credential_id', 'greater_than_equal'],
    ]);
    expect(await problems({ ...notChecked, credential_json: { token: 5 } })).toEqual([
      ['body.credential_json.token', 'string_type'],
    ]);
  });
});

describe('at most 20 tests a minute per user', () => {
  it('then 429 with Retry-After and a detail; refused bodies do not count; others go on', async () => {
    const key = await server.keyFor('curator');
    for (let i = 0; i < 3; i++) expect((await post({}, key)).status).toBe(422);
    for (let i = 0; i < 20; i++) expect((await post(notChecked, key)).status).toBe(200);
    const refused = await post(notChecked, key);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.json).toEqual({
      detail: `Too many connection tests: at most 20 every 60 seconds for each user. Try again in ${wait} seconds.`,
    });
    expect((await post(notChecked, await server.keyFor('curator'))).status).toBe(200);
  });
});

describe('the log', () => {
  it('holds neither a typed nor a stored credential, at any level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write: (chunk: Buffer, _encoding, done) => done(void lines.push(chunk.toString('utf8'))),
    });
    const store = await openStore(MEMORY);
    const { adminKey } = await prepareStore(store, {
      adminEmail: 'admin@logs.test',
      adminApiKey: undefined,
      demoData: false,
    });
    const app = await buildApp({
      store,
      versions: defaultVersionSet(store.engine),
      logger: { level: 'trace', redact: logRedaction, stream },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const jira = await standIns.startStandIn(standIns.jiraDataCenter(TOKEN));
    try {
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api`;
      const send = (path: string, body: unknown) =>
        fetch(`${base}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((response) => response.json() as Promise<{ id?: number }>);
      const config = { jira_base_url: jira.origin, project_key: 'NOPE' };
      for (const token of [TOKEN, `${TOKEN}-wrong`]) {
        await send(PATH, {
          source: 'jira',
          connector_specific_config: config,
          credential_json: { jira_api_token: token },
        });
      }
      const { id } = await send('/manage/credential', {
        name: 'Stored',
        source: 'jira',
        credential_json: { jira_api_token: TOKEN },
        admin_public: true,
      });
      await send(PATH, { source: 'jira', connector_specific_config: config, credential_id: id });
      expect(jira.seen).toHaveLength(5); // myself and the project twice, myself once
      const log = lines.join('');
      expect(log).toContain('connection tested');
      for (const secret of [TOKEN, TOKEN.slice(4, -4)]) expect(log).not.toContain(secret);
    } finally {
      await jira.close();
      await app.close();
      await store.close();
    }
  });
});
