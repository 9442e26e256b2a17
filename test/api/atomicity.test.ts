// D11: a request that fails changes nothing — every row of every table is the same after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness';
import {
  addCredential,
  api,
  attach,
  createConnector,
  jiraRequest,
  plainRequest,
  snapshotDb,
  type ApiOptions,
} from '../support/http';

let server: TestServer;
let jiraConnector: number;
let slackCredential: number;
let basicKey: string;

beforeAll(async () => {
  server = await startTestServer();
  jiraConnector = await createConnector(server, jiraRequest({ name: 'Existing' }));
  await createConnector(server, plainRequest('web', { name: 'Site' }));
  slackCredential = await addCredential(server, 'slack');
  basicKey = await server.keyFor('basic', 'basic@atomic.test');
  await server.keyFor('slack_user', 'slack@atomic.test');
});
afterAll(() => server.close());

type Case = [string, string, string, () => ApiOptions, number];
const cases: Case[] = [
  [
    '422 create',
    'POST',
    '/manage/admin/connector',
    () => ({ body: { ...jiraRequest(), refresh_freq: 1 } }),
    422,
  ],
  [
    '422 create, bad Jira config',
    'POST',
    '/manage/admin/connector',
    () => ({ body: jiraRequest({ connector_specific_config: { jira_base_url: 'x' } }) }),
    422,
  ],
  [
    '400 duplicate',
    'POST',
    '/manage/admin/connector',
    () => ({ body: jiraRequest({ name: ' Existing ' }) }),
    400,
  ],
  [
    '401 create',
    'POST',
    '/manage/admin/connector',
    () => ({ key: null, body: jiraRequest() }),
    401,
  ],
  [
    '403 create',
    'POST',
    '/manage/admin/connector',
    () => ({ key: basicKey, body: jiraRequest() }),
    403,
  ],
  [
    '413 create',
    'POST',
    '/manage/admin/connector',
    () => ({ raw: JSON.stringify({ ...jiraRequest(), pad: 'x'.repeat(1 << 20) }) }),
    413,
  ],
  [
    '415 create',
    'POST',
    '/manage/admin/connector',
    () => ({ raw: JSON.stringify(jiraRequest()), headers: { 'content-type': 'text/plain' } }),
    415,
  ],
  ['json_invalid create', 'POST', '/manage/admin/connector', () => ({ raw: '{"name": "x",' }), 422],
  ['404 attach, connector', 'PUT', '/manage/admin/connector/999/credential/0', () => ({}), 404],
  ['404 attach, credential', 'PUT', '/manage/admin/connector/1/credential/999', () => ({}), 404],
  ['400 attach, source', 'PUT', '/manage/admin/connector/1/credential/0', () => ({}), 400],
  ['403 attach', 'PUT', '/manage/admin/connector/2/credential/0', () => ({ key: basicKey }), 403],
  ['422 attach', 'PUT', '/manage/admin/connector/x/credential/0', () => ({}), 422],
  [
    '404 set-user-role',
    'PATCH',
    '/manage/set-user-role',
    () => ({ body: { user_email: 'nobody@atomic.test', new_role: 'admin' } }),
    404,
  ],
  [
    '400 set-user-role, current role',
    'PATCH',
    '/manage/set-user-role',
    () => ({ body: { user_email: 'slack@atomic.test', new_role: 'admin' } }),
    400,
  ],
  [
    '400 set-user-role, new role',
    'PATCH',
    '/manage/set-user-role',
    () => ({ body: { user_email: 'basic@atomic.test', new_role: 'curator' } }),
    400,
  ],
  [
    '400 set-user-role, self',
    'PATCH',
    '/manage/set-user-role',
    () => ({ body: { user_email: server.adminEmail, new_role: 'basic' } }),
    400,
  ],
  [
    '422 set-user-role',
    'PATCH',
    '/manage/set-user-role',
    () => ({
      body: { user_email: 'basic@atomic.test', new_role: 'admin', explicit_override: 'yes' },
    }),
    422,
  ],
  [
    '403 set-user-role',
    'PATCH',
    '/manage/set-user-role',
    () => ({ key: basicKey, body: { user_email: 'basic@atomic.test', new_role: 'admin' } }),
    403,
  ],
];

describe('D11 a failing request leaves the database unchanged', () => {
  it.each(cases)('%s', async (_name, method, path, options, status) => {
    const before = await snapshotDb(server);
    const response = await api(server, method, path, options());
    expect(response.status).toBe(status);
    expect(await snapshotDb(server)).toEqual(before);
  });

  it('the slack credential is refused on the Jira connector and nothing is stored', async () => {
    const before = await snapshotDb(server);
    expect((await attach(server, jiraConnector, slackCredential)).status).toBe(400);
    expect(await snapshotDb(server)).toEqual(before);
  });

  it('while a successful request does change it (the check can see a change)', async () => {
    const before = await snapshotDb(server);
    await createConnector(server, plainRequest('web'));
    expect(await snapshotDb(server)).not.toEqual(before);
  });
});
