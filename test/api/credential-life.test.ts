// Credentials through the API (Onyx's paths): made with the keys their source
// needs, renamed, given new values, deleted; sealed at rest, masked in every
// answer (D6); credential 0 stays as it is; a failed request changes nothing.
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness';
import { api, attach, createConnector, jiraRequest, snapshotDb } from '../support/http';

let server: TestServer;
const dataDir = mkdtempSync(join(tmpdir(), 'sourcedesk-credentials-'));
beforeAll(async () => {
  server = await startTestServer({ dataDir });
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const TOKEN = 'ATATT3xFfGF0-a-jira-api-token-that-is-secret';
const jiraCloud = (json: Record<string, string> = {}) => ({
  name: 'Jira Cloud bot',
  source: 'jira',
  credential_json: { jira_user_email: 'bot@acme.example', jira_api_token: TOKEN, ...json },
  admin_public: true,
});
const create = (body: unknown) => api(server, 'POST', '/manage/credential', { body });

describe('POST /manage/credential', () => {
  it('makes a Jira Cloud credential and answers it masked (D6)', async () => {
    const response = await create(jiraCloud());
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      id: expect.any(Number),
      credential: expect.objectContaining({
        name: 'Jira Cloud bot',
        source: 'jira',
        credential_json: { jira_user_email: 'bot@...mple', jira_api_token: 'ATAT...cret' },
        admin_public: true,
        curator_public: false,
        groups: [],
        user_email: server.adminEmail,
      }),
    });
    expect(response.text).not.toContain(TOKEN);
  });

  it('Jira Server / Data Center: a personal access token alone is enough', async () => {
    const response = await create({
      name: 'Jira DC',
      source: 'jira',
      credential_json: { jira_api_token: 'a-personal-access-token-0123' },
      admin_public: true,
    });
    expect(response.status).toBe(200);
  });

  it.each([
    ['jira', 'jira_api_token'],
    ['confluence', 'confluence_access_token'],
    ['slack', 'slack_bot_token'],
    ['github', 'github_access_token'],
  ])(
    'a %s credential without %s → 422 missing, naming the key; nothing stored',
    async (source, key) => {
      const before = await snapshotDb(server);
      const response = await create({ name: 'x', source, credential_json: {}, admin_public: true });
      expect(response.status).toBe(422);
      expect(response.json).toEqual({
        detail: [
          {
            loc: ['body', 'credential_json', key],
            msg: 'Field required',
            type: 'missing',
          },
        ],
      });
      expect(await snapshotDb(server)).toEqual(before);
    },
  );

  it('other sources take any flat object of strings, and nothing else', async () => {
    expect(
      (
        await create({
          name: 'z',
          source: 'mock_connector',
          credential_json: { a: 'b' },
          admin_public: false,
        })
      ).status,
    ).toBe(200);
    const nested = await create({
      name: 'z',
      source: 'mock_connector',
      credential_json: { a: { b: 'c' } },
      admin_public: true,
    });
    expect(nested.status).toBe(422);
    expect(nested.json).toMatchObject({
      detail: [{ loc: ['body', 'credential_json', 'a'], type: 'string_type' }],
    });
  });

  it('the shape of D3: missing fields, wrong types, unknown source', async () => {
    const response = await create({ source: 'nowhere', credential_json: [], admin_public: 'yes' });
    expect(response.status).toBe(422);
    const locs = (response.json as { detail: { loc: unknown[] }[] }).detail.map((p) =>
      p.loc.join('.'),
    );
    expect(locs).toEqual(['body.source', 'body.credential_json', 'body.admin_public']);
  });
});

describe('PATCH and DELETE /manage/admin/credential/{id}', () => {
  it('renames, and takes new values (checked against the source); time_updated moves', async () => {
    const { id } = (await create(jiraCloud())).json as { id: number };
    const renamed = await api(server, 'PATCH', `/manage/admin/credential/${id}`, {
      body: { name: '  Renamed  ' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ id, name: 'Renamed' });

    const refused = await api(server, 'PATCH', `/manage/admin/credential/${id}`, {
      body: {
        credential_json: { jira_user_email: 'x@acme.example' },
        replace_credential_json: true,
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({
      detail: [{ loc: ['body', 'credential_json', 'jira_api_token'], type: 'missing' }],
    });

    const replaced = await api(server, 'PATCH', `/manage/admin/credential/${id}`, {
      body: { credential_json: { jira_api_token: 'another-token-value-9999' } },
    });
    expect(replaced.json).toMatchObject({ credential_json: { jira_api_token: 'anot...9999' } });
  });

  it('credential 0 can be neither changed nor deleted; an unknown id is 404', async () => {
    const words =
      'Credential 0 is the built-in empty credential: it can be neither changed nor deleted.';
    const patch = await api(server, 'PATCH', '/manage/admin/credential/0', {
      body: { name: 'mine' },
    });
    expect([patch.status, patch.json]).toEqual([400, { detail: words }]);
    const del = await api(server, 'DELETE', '/manage/admin/credential/0');
    expect([del.status, del.json]).toEqual([400, { detail: words }]);
    const unknown = await api(server, 'DELETE', '/manage/admin/credential/99999');
    expect([unknown.status, unknown.json]).toEqual([
      404,
      { detail: 'Credential 99999 does not exist' },
    ]);
  });

  it('in use: 400 naming the connectors, unless ?force=true detaches first', async () => {
    const { id } = (await create(jiraCloud())).json as { id: number };
    const connector = await createConnector(server, jiraRequest());
    await attach(server, connector, id);
    const before = await snapshotDb(server);
    const refused = await api(server, 'DELETE', `/manage/admin/credential/${id}`);
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      detail: `Credential ${id} is used by 1 connector (${connector}): detach it first, or delete with ?force=true to detach it from them.`,
    });
    expect(await snapshotDb(server)).toEqual(before);

    const forced = await api(server, 'DELETE', `/manage/admin/credential/${id}?force=true`);
    expect(forced.json).toEqual({
      success: true,
      message: `Credential ${id} deleted, detached from 1 connector`,
      data: id,
    });
    const listed = (await api(server, 'GET', '/manage/admin/connector')).json as {
      id: number;
      credential_ids: number[];
    }[];
    expect(listed.find((c) => c.id === connector)?.credential_ids).toEqual([]);
  });
});

describe('a key named __proto__ in credential_json', () => {
  // JSON.parse keeps it as a key like any other; a schema that rebuilt the
  // object would drop it and its value without a word. Refused instead (D3).
  const PROTO = { loc: ['body', 'credential_json', '__proto__'], type: 'value_error' };
  const values = '{"__proto__":"a-value-that-would-be-lost","token":"t"}';

  it('is refused on create: 422 at its loc, nothing stored', async () => {
    const before = await snapshotDb(server);
    const response = await api(server, 'POST', '/manage/credential', {
      raw: `{"name":"Proto","source":"mock_connector","credential_json":${values},"admin_public":true}`,
    });
    expect(response.status).toBe(422);
    expect(response.json).toEqual({
      detail: [{ ...PROTO, msg: expect.stringMatching(/__proto__/) }],
    });
    expect(await snapshotDb(server)).toEqual(before);
  });

  it('is refused on patch, beside the other problems of the request', async () => {
    const { id } = (await create(jiraCloud())).json as { id: number };
    const before = await snapshotDb(server);
    const response = await api(server, 'PATCH', `/manage/admin/credential/${id}`, {
      raw: `{"name":"","credential_json":${values}}`,
    });
    expect(response.status).toBe(422);
    expect(response.json).toEqual({
      detail: [
        expect.objectContaining({ loc: ['body', 'name'], type: 'string_too_short' }),
        expect.objectContaining(PROTO),
      ],
    });
    expect(await snapshotDb(server)).toEqual(before);
  });
});

it('a secret made through the API is found in no file of the data folder (database, WAL, key file)', async () => {
  const secret = 'glpat-this-exact-secret-must-never-be-stored-plain-42';
  const made = await create({
    name: 'Findable',
    source: 'gitlab',
    credential_json: { gitlab_url: 'https://gitlab.acme.example', gitlab_access_token: secret },
    admin_public: true,
  });
  expect(made.status).toBe(200);
  const { id } = made.json as { id: number };
  await api(server, 'PATCH', `/manage/admin/credential/${id}`, {
    body: {
      credential_json: {
        gitlab_url: 'https://gitlab.acme.example',
        gitlab_access_token: `${secret}-2`,
      },
    },
  });
  const files = readdirSync(dataDir);
  expect(files).toEqual(
    expect.arrayContaining(['sourcedesk.sqlite', 'sourcedesk.sqlite-wal', 'secret.key']),
  );
  for (const file of files) {
    const bytes = readFileSync(join(dataDir, file));
    expect([file, bytes.includes(secret)]).toEqual([file, false]);
    expect([file, bytes.includes(Buffer.from(secret, 'utf16le'))]).toEqual([file, false]);
  }
  const answers = [
    await api(server, 'GET', '/manage/admin/credential'),
    await api(server, 'GET', `/manage/admin/credential`),
  ];
  for (const answer of answers) expect(answer.text).not.toContain(secret.slice(4, -4));
});
