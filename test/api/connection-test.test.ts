// POST /manage/admin/connector/test against stand-ins that answer as the real
// sources do: right and wrong tokens, each source's way of signing in, a stored
// credential opened on the server, and nothing written. (Time limits,
// redirects, sizes, TLS, logs, the rate limit and 422s: connection-test-safety.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionTestResultSchema } from '../../src/contract/connectionTest';
import { startTestServer, type TestServer } from '../support/harness';
import { api, snapshotDb } from '../support/http';
import * as standIns from '../support/standIns';
import type { StandIn } from '../support/standIns';

const TOKEN = 'ATATT3xFfGF0-right-token-for-tests';
const EMAIL = 'bot@acme.example';
let server: TestServer;
let hosted: Record<'github' | 'slack' | 'zendesk' | 'gitlab', StandIn>;
const started: StandIn[] = [];

beforeAll(async () => {
  hosted = {
    github: await standIns.startStandIn(standIns.github(TOKEN, ['acme/docs'])),
    slack: await standIns.startStandIn(
      standIns.slack(TOKEN, ['general', 'random', 'eng', 'ops', 'support']),
    ),
    zendesk: await standIns.startStandIn(standIns.zendesk('acme', EMAIL, TOKEN)),
    gitlab: await standIns.startStandIn(standIns.gitlab(TOKEN, ['acme/docs'])),
  };
  server = await startTestServer({
    connectionTest: {
      limit: null,
      hosts: {
        github: hosted.github.origin,
        slack: hosted.slack.origin,
        zendesk: `${hosted.zendesk.origin}/{subdomain}`,
        gitlab: hosted.gitlab.origin,
      },
    },
  });
});
afterAll(async () => {
  await server.close();
  for (const standIn of [...Object.values(hosted), ...started]) await standIn.close();
});

async function standIn(routes: Record<string, standIns.Route>) {
  const one = await standIns.startStandIn(routes);
  started.push(one);
  return one;
}

async function test(body: unknown) {
  const response = await api(server, 'POST', '/manage/admin/connector/test', { body });
  expect(response.status, response.text).toBe(200);
  expect(response.text).not.toContain(TOKEN);
  return connectionTestResultSchema.parse(response.json);
}

const outcomes = (result: Awaited<ReturnType<typeof test>>) =>
  result.checks.map(({ name, ok }) => [name, ok]);

describe('Jira', () => {
  it('Cloud: the e-mail and API token sign in (v3, Basic), then the project', async () => {
    const jira = await standIn(standIns.jiraCloud(EMAIL, TOKEN, ['ENG']));
    const result = await test({
      source: 'jira',
      connector_specific_config: { jira_base_url: jira.origin, project_key: 'ENG' },
      credential_json: { jira_user_email: EMAIL, jira_api_token: TOKEN },
    });
    expect(result.ok).toBe(true);
    expect(outcomes(result)).toEqual([
      ['Jira sign-in (Cloud: e-mail and API token)', true],
      ['Jira project ENG', true],
    ]);
    expect(jira.seen.map((r) => r.url)).toEqual(['/rest/api/3/myself', '/rest/api/3/project/ENG']);
  });

  it('Cloud: a wrong token fails in words, and the project is not checked', async () => {
    const jira = await standIn(standIns.jiraCloud(EMAIL, TOKEN, ['ENG']));
    const result = await test({
      source: 'jira',
      connector_specific_config: { jira_base_url: jira.origin, project_key: 'ENG' },
      credential_json: { jira_user_email: EMAIL, jira_api_token: 'wrong' },
    });
    expect(result.ok).toBe(false);
    expect(result.checks[0]).toMatchObject({ ok: false, message: 'Jira refused the token (401)' });
    expect(result.checks[1]).toMatchObject({
      ok: null,
      message: expect.stringMatching(/^Not checked/),
    });
  });

  it('Data Center: a personal access token as Bearer (v2); a missing project is named', async () => {
    const jira = await standIn(standIns.jiraDataCenter(TOKEN, ['ENG']));
    const body = (token: string, project: string) => ({
      source: 'jira',
      connector_specific_config: { jira_base_url: `${jira.origin}/`, project_key: project },
      credential_json: { jira_api_token: token },
    });
    const right = await test(body(TOKEN, 'OPS'));
    expect(outcomes(right)).toEqual([
      ['Jira sign-in (Server or Data Center: personal access token)', true],
      ['Jira project OPS', false],
    ]);
    expect(right.checks[1]!.message).toMatch(/^Jira: project OPS not found \(404\)/);
    expect(jira.seen[0]).toEqual({
      method: 'GET',
      url: '/rest/api/2/myself',
      authorization: `Bearer ${TOKEN}`,
    });
    expect((await test(body('wrong', 'ENG'))).checks[0]!.message).toBe(
      'Jira refused the token (401)',
    );
  });
});

describe('Confluence', () => {
  it('Cloud under /wiki with Basic, whether wiki_base ends in /wiki or not', async () => {
    const wiki = await standIn(standIns.confluenceCloud(EMAIL, TOKEN));
    for (const base of [`${wiki.origin}/wiki`, wiki.origin]) {
      const result = await test({
        source: 'confluence',
        connector_specific_config: { wiki_base: base, is_cloud: true },
        credential_json: { confluence_username: EMAIL, confluence_access_token: TOKEN },
      });
      expect(outcomes(result)).toEqual([['Confluence sign-in (Cloud)', true]]);
    }
    expect(wiki.seen.map((r) => r.url)).toEqual([
      '/wiki/rest/api/space?limit=1',
      '/wiki/rest/api/space?limit=1',
    ]);
  });

  it('Server with Bearer; a wrong token fails', async () => {
    const wiki = await standIn(standIns.confluenceServer(TOKEN));
    const body = (token: string) => ({
      source: 'confluence',
      connector_specific_config: { wiki_base: wiki.origin, is_cloud: false },
      credential_json: { confluence_access_token: token },
    });
    expect((await test(body(TOKEN))).ok).toBe(true);
    expect((await test(body('wrong'))).checks).toEqual([
      {
        name: 'Confluence sign-in (Server or Data Center)',
        ok: false,
        message: 'Confluence refused the token (401)',
      },
    ]);
  });
});

describe('GitHub, GitLab, Slack and Zendesk on their API hosts', () => {
  it('GitHub: the token, then each repository', async () => {
    const body = (token: string) => ({
      source: 'github',
      connector_specific_config: { repo_owner: 'acme', repositories: 'docs, x' },
      credential_json: { github_access_token: token },
    });
    const result = await test(body(TOKEN));
    expect(result.ok).toBe(false);
    expect(outcomes(result)).toEqual([
      ['GitHub sign-in', true],
      ['GitHub repository acme/docs', true],
      ['GitHub repository acme/x', false],
    ]);
    expect(result.checks[2]!.message).toMatch(/^GitHub: repository acme\/x not found \(404\)/);
    const wrong = await test(body('wrong'));
    expect(wrong.checks.map((c) => c.ok)).toEqual([false, null, null]);
    expect(wrong.checks[0]!.message).toBe('GitHub refused the token (401)');
  });

  it('GitLab: the server the credential names, PRIVATE-TOKEN, then the project', async () => {
    const result = await test({
      source: 'gitlab',
      connector_specific_config: { project_owner: 'acme', project_name: 'docs' },
      credential_json: { gitlab_url: hosted.gitlab.origin, gitlab_access_token: TOKEN },
    });
    expect(outcomes(result)).toEqual([
      ['GitLab sign-in', true],
      ['GitLab project acme/docs', true],
    ]);
  });

  it('Slack: ok false in a 200 is a refusal; channels are looked for page by page', async () => {
    const body = (token: string) => ({
      source: 'slack',
      connector_specific_config: { channels: ['#general', 'support', 'nowhere'] },
      credential_json: { slack_bot_token: token },
    });
    const result = await test(body(TOKEN));
    expect(outcomes(result)).toEqual([
      ['Slack sign-in', true],
      ['Slack channel list', true],
      ['Slack channel #general', true],
      ['Slack channel #support', true],
      ['Slack channel #nowhere', false],
    ]);
    const wrong = await test(body('xoxb-wrong'));
    expect(wrong.checks[0]).toEqual({
      name: 'Slack sign-in',
      ok: false,
      message: 'Slack refused the token (invalid_auth)',
    });
  });

  it('Zendesk: {email}/token:{token} on the account host; an anonymous answer is a refusal', async () => {
    const body = (token: string) => ({
      source: 'zendesk',
      connector_specific_config: {},
      credential_json: {
        zendesk_subdomain: 'https://acme.zendesk.com',
        zendesk_email: EMAIL,
        zendesk_token: token,
      },
    });
    expect((await test(body(TOKEN))).ok).toBe(true);
    const wrong = await test(body('wrong'));
    expect(wrong.checks[0]!.message).toMatch(/did not accept the e-mail and token/);
    expect(JSON.stringify(wrong)).not.toContain('acme'); // the credential's subdomain, masked (D6)
  });
});

describe('web and the sources without a test', () => {
  it('web: the address answers below 400, no credential needed', async () => {
    const site = await standIn({ 'GET /': (_q, r) => standIns.sendJson(r, 200, {}) });
    const result = await test({
      source: 'web',
      connector_specific_config: { base_url: site.origin },
    });
    expect(result).toEqual({
      ok: true,
      checks: [{ name: 'Web address', ok: true, message: `${site.host} answered 200` }],
    });
    expect(site.seen[0]!.authorization).toBeUndefined();
    const missing = await test({
      source: 'web',
      connector_specific_config: { base_url: `${site.origin}/gone` },
    });
    expect(missing.ok).toBe(false);
  });

  it('a source without a test (outside the catalogue) is said to be not checked, never a pass', async () => {
    const result = await test({
      source: 'mock_connector',
      connector_specific_config: {},
      credential_json: { token: 'mock-token-0123456789' },
    });
    expect(result.ok).toBeNull();
    expect(result.checks).toEqual([
      { name: 'Connection', ok: null, message: expect.stringMatching(/^Not checked/) },
    ]);
  });
});

describe('a stored credential', () => {
  it('is opened on the server and sent to the host the config names; nothing is written', async () => {
    const jira = await standIn(standIns.jiraCloud(EMAIL, TOKEN));
    const made = await api(server, 'POST', '/manage/credential', {
      body: {
        name: 'Stored Jira',
        source: 'jira',
        credential_json: { jira_user_email: EMAIL, jira_api_token: TOKEN },
        admin_public: true,
      },
    });
    const id = (made.json as { id: number }).id;
    const before = await snapshotDb(server);
    const result = await test({
      source: 'jira',
      connector_specific_config: { jira_base_url: jira.origin },
      credential_id: id,
    });
    expect(result.ok).toBe(true);
    expect(jira.seen[0]!.authorization).toBe(
      `Basic ${Buffer.from(`${EMAIL}:${TOKEN}`).toString('base64')}`,
    );
    expect(
      await test({
        source: 'web',
        connector_specific_config: { base_url: jira.origin },
        credential_id: 0,
      }),
    ).toMatchObject({ ok: false }); // credential 0 fits web (D7); the Jira stand-in has no page at /
    expect(await snapshotDb(server)).toEqual(before);
  });

  it('of another source → 400 in D7 words; unknown → 404', async () => {
    const made = await api(server, 'POST', '/manage/credential', {
      body: {
        name: 'Slack bot',
        source: 'slack',
        credential_json: { slack_bot_token: TOKEN },
        admin_public: true,
      },
    });
    const id = (made.json as { id: number }).id;
    const config = { jira_base_url: 'http://127.0.0.1:1' };
    const other = await api(server, 'POST', '/manage/admin/connector/test', {
      body: { source: 'jira', connector_specific_config: config, credential_id: id },
    });
    expect(other.status).toBe(400);
    expect(other.json).toEqual({
      detail: `Credential ${id} is for source slack, but the connection to test is jira`,
    });
    const unknown = await api(server, 'POST', '/manage/admin/connector/test', {
      body: { source: 'jira', connector_specific_config: config, credential_id: 987654 },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ detail: 'Credential 987654 does not exist' });
  });
});
