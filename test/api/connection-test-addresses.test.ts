// Where a stored credential may be sent (D15): a connection test
// with `credential_id` sends the stored secret only to an address the
// credential is already trusted with — the origin of a connector it is attached
// to, an address its source fixes, or one written in the credential itself —
// and anywhere else only for an admin or the credential's maker. Otherwise 403
// in D2's shape, and nothing reaches the new address. A listener on 127.0.0.1
// stands in for the caller's own server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretDestinationRefusal } from '../../src/contract/connectionTest';
import type { DocumentSource, UserRole } from '../../src/contract/contract';
import { startTestServer, type TestServer } from '../support/harness';
import { api, attach, createConnector, jiraRequest, madeCredential } from '../support/http';
import * as standIns from '../support/standIns';
import type { StandIn } from '../support/standIns';

const TOKEN = 'admin-private-jira-token-never-leaves';
let server: TestServer;
/** The Jira the admin's credential is attached to, and the caller's own listener. */
let jira: StandIn;
let listener: StandIn;
let github: StandIn;
let adminJira: number;

/**
 * An admin's credential that curators may see and use (`curator_public`, D13): one they
 * cannot see is a 404 before any address is judged (test/api/group-scoping.test.ts).
 */
async function sharedWithCurators(
  source: DocumentSource,
  credential_json: Record<string, unknown>,
) {
  const made = await api(server, 'POST', '/manage/credential', {
    body: {
      name: `${source} credential`,
      source,
      credential_json,
      admin_public: true,
      curator_public: true,
    },
  });
  expect(made.status, made.text).toBe(200);
  return (made.json as { id: number }).id;
}

const tokenReached = (standIn: StandIn) =>
  standIn.seen.some((request) => request.authorization === `Bearer ${TOKEN}`);

function jiraTest(key: string, credentialId: number, jiraBaseUrl: string) {
  return api(server, 'POST', '/manage/admin/connector/test', {
    key,
    body: {
      source: 'jira',
      connector_specific_config: { jira_base_url: jiraBaseUrl },
      credential_id: credentialId,
    },
  });
}

beforeAll(async () => {
  jira = await standIns.startStandIn(standIns.jiraDataCenter(TOKEN));
  listener = await standIns.startStandIn({});
  github = await standIns.startStandIn(standIns.github(TOKEN, []));
  server = await startTestServer({
    connectionTest: { limit: null, hosts: { github: github.origin } },
  });
  adminJira = await sharedWithCurators('jira', { jira_api_token: TOKEN });
  const connector = await createConnector(
    server,
    jiraRequest({ connector_specific_config: { jira_base_url: `${jira.origin}/jira` } }),
  );
  expect((await attach(server, connector, adminJira)).status).toBe(200);
});
afterAll(async () => {
  await server.close();
  for (const standIn of [jira, listener, github]) await standIn.close();
});

describe("an admin's stored credential, tested by a curator", () => {
  it.each<UserRole>(['curator', 'global_curator'])(
    'D2: a %s pointing it to a new address gets 403 in words, and the listener gets nothing',
    async (role) => {
      const key = await server.keyFor(role);
      const response = await jiraTest(key, adminJira, listener.origin);
      expect(response.status).toBe(403);
      expect(response.json).toEqual({
        detail: secretDestinationRefusal([jira.origin], listener.origin),
      });
      expect(listener.seen).toEqual([]);
    },
  );

  // Origins compared as browsers compare them: scheme, host and port.
  it.each([
    ['another port', () => listener.origin],
    ['another scheme', () => jira.origin.replace('http:', 'https:')],
    ['another name for the same machine', () => `http://localhost:${jira.host.split(':')[1]}`],
    ['a user name that hides the real host', () => `http://${jira.host}@${listener.host}`],
    ['a look-alike host name', () => `http://127.0.0.1.example:${jira.host.split(':')[1]}`],
  ])('%s is a new address', async (_what, address) => {
    const key = await server.keyFor('curator');
    const response = await jiraTest(key, adminJira, address());
    expect(response.status).toBe(403);
    expect(tokenReached(listener)).toBe(false);
  });

  it.each([
    ['its own address', () => jira.origin],
    ['a path under it', () => `${jira.origin}/jira/`],
    [
      'capitals and the default form of the host',
      () => `HTTP://0x7f.0.0.1:${jira.host.split(':')[1]}`,
    ],
    ['a trailing dot', () => `http://127.0.0.1.:${jira.host.split(':')[1]}`],
  ])('the origin of a connector it is attached to is trusted: %s', async (_what, address) => {
    const key = await server.keyFor('curator');
    const response = await jiraTest(key, adminJira, address());
    expect(response.status, response.text).toBe(200);
    expect(response.text).not.toContain(TOKEN);
  });

  it('an address fixed by its source (GitHub) is trusted', async () => {
    const admins = await sharedWithCurators('github', { github_access_token: TOKEN });
    const response = await api(server, 'POST', '/manage/admin/connector/test', {
      key: await server.keyFor('curator'),
      body: {
        source: 'github',
        connector_specific_config: { repo_owner: 'acme' },
        credential_id: admins,
      },
    });
    expect(response.status, response.text).toBe(200);
    expect(tokenReached(github)).toBe(true);
  });

  it('an address written in the credential itself is trusted', async () => {
    const admins = await sharedWithCurators('confluence', {
      confluence_access_token: TOKEN,
      wiki_base: listener.origin,
    });
    const response = await api(server, 'POST', '/manage/admin/connector/test', {
      key: await server.keyFor('curator'),
      body: {
        source: 'confluence',
        connector_specific_config: { wiki_base: `${listener.origin}/wiki`, is_cloud: false },
        credential_id: admins,
      },
    });
    expect(response.status, response.text).toBe(200);
    expect(tokenReached(listener)).toBe(true);
    listener.seen.length = 0;
  });
});

describe('who may send a stored credential anywhere', () => {
  it('an admin', async () => {
    const response = await jiraTest(server.adminKey, adminJira, listener.origin);
    expect(response.status, response.text).toBe(200);
    expect(tokenReached(listener)).toBe(true);
    listener.seen.length = 0;
  });

  it("the credential's maker, a curator", async () => {
    const key = await server.keyFor('curator', 'maker@curators.example');
    const own = await madeCredential(server, 'jira', { jira_api_token: TOKEN }, key);
    const response = await jiraTest(key, own, listener.origin);
    expect(response.status, response.text).toBe(200);
    expect(tokenReached(listener)).toBe(true);
    listener.seen.length = 0;
  });
});

describe('the other sources whose settings name where the secret goes (D15, as Jira)', () => {
  it.each([
    ['discourse', 'base_url', { discourse_api_key: TOKEN, discourse_api_username: 'system' }],
    ['drupal_wiki', 'base_url', { drupal_wiki_api_token: TOKEN }],
    [
      'teams',
      'authority_host',
      { teams_client_id: 'app', teams_client_secret: TOKEN, teams_directory_id: 'tenant' },
    ],
  ] as const)(
    '%s: a curator pointing an admin’s credential at a new %s gets 403, and nothing is sent; the admin may',
    async (source, addressKey, credential) => {
      const shared = await sharedWithCurators(source, credential);
      const seen = listener.seen.length;
      const test = (key: string) =>
        api(server, 'POST', '/manage/admin/connector/test', {
          key,
          body: {
            source,
            connector_specific_config: { [addressKey]: listener.origin },
            credential_id: shared,
          },
        });
      const refused = await test(await server.keyFor('curator'));
      expect(refused.status).toBe(403);
      expect(refused.json).toEqual({ detail: secretDestinationRefusal([], listener.origin) });
      expect(listener.seen.length).toBe(seen);

      // The admin may read it, so the admin's test approves the address and is sent there.
      const allowed = await test(await server.keyFor('admin'));
      expect(allowed.status, allowed.text).toBe(200);
      expect(listener.seen.length).toBeGreaterThan(seen);
      expect(allowed.text).not.toContain(TOKEN);
    },
  );
});
