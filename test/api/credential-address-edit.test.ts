// D15: an address written in a credential's own values is trusted as its own
// (its GitLab server, a Jira base URL it holds), so only someone who may read
// the credential (its maker, an admin) writes a new one. A curator of a group
// it is shared with (D13: they may change it) may change its other values, and
// its address only to an origin already approved for it: otherwise 403, the
// values stay, and a listener on 127.0.0.1 standing in for the curator's host
// receives nothing on any road.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretDestinationRefusal } from '../../src/contract/connectionTest';
import { connectionTestSettings } from '../../server/connectionCheck/settings';
import { insertPair } from '../../server/repos/connectors';
import { findUserByEmail } from '../../server/repos/users';
import { retestRound } from '../../server/watch/retests';
import { healthWatchSettings } from '../../server/watch/settings';
import { startTestServer, type TestServer } from '../support/harness';
import { api, createConnector, jiraRequest, makeGroup } from '../support/http';
import * as standIns from '../support/standIns';

const ADMIN_TOKEN = 'admins-gitlab-token-never-for-curators';
const PROJECT = 'eng/handbook';

let server: TestServer;
let gitlabHome: standIns.StandIn;
let jiraHome: standIns.StandIn;
let listener: standIns.StandIn;
let curatorKey: string;
let groupA: number;

const SILENT = {
  info: () => {},
  warn: () => {},
  error: () => {},
} as unknown as Parameters<typeof retestRound>[3];

/** An admin's credential shared with the curator's group (D13: theirs to change, not to read). */
async function adminsCredential(body: Record<string, unknown>) {
  const made = await api(server, 'POST', '/manage/credential', {
    body: { admin_public: true, groups: [groupA], ...body },
  });
  expect(made.status, made.text).toBe(200);
  return (made.json as { id: number }).id;
}

const gitlabTest = (credentialId: number, key = curatorKey) =>
  api(server, 'POST', '/manage/admin/connector/test', {
    key,
    body: {
      source: 'gitlab',
      connector_specific_config: { project_owner: 'eng', project_name: 'handbook' },
      credential_id: credentialId,
    },
  });

beforeAll(async () => {
  gitlabHome = await standIns.startStandIn(standIns.gitlab(ADMIN_TOKEN, [PROJECT]));
  jiraHome = await standIns.startStandIn({
    'GET /rest/api/2/myself': (_request, response) =>
      standIns.sendJson(response, 200, { name: 'bot', active: true }),
  });
  listener = await standIns.startStandIn({});
  server = await startTestServer({ connectionTest: { limit: null } });
  curatorKey = await server.keyFor('basic', 'curator@address-edit.test');
  const curator = (await findUserByEmail(server.store.db, 'curator@address-edit.test'))!;
  groupA = await makeGroup(server, 'Address edit group', [curator.id]);
  const made = await api(server, 'POST', `/manage/admin/user-group/${groupA}/set-curator`, {
    body: { user_id: curator.id, is_curator: true },
  });
  expect(made.status, made.text).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await gitlabHome?.close();
  await jiraHome?.close();
  await listener?.close();
});

describe('D15: a credential address edited by someone who may not read it', () => {
  it("refuses a curator's new GitLab server in an admin's credential: the listener receives nothing", async () => {
    const id = await adminsCredential({
      source: 'gitlab',
      name: 'Admin GitLab',
      credential_json: { gitlab_url: gitlabHome.origin, gitlab_access_token: ADMIN_TOKEN },
    });
    const edit = await api(server, 'PATCH', `/manage/admin/credential/${id}`, {
      key: curatorKey,
      body: { credential_json: { gitlab_url: listener.origin } },
    });
    expect(edit.status, edit.text).toBe(403);
    expect((edit.json as { detail: string }).detail).toBe(
      secretDestinationRefusal([], listener.origin.replace(/\/$/, '')),
    );
    // Replacing them all is no way round: the address is still one they chose.
    const replaced = await api(server, 'PATCH', `/manage/admin/credential/${id}`, {
      key: curatorKey,
      body: {
        credential_json: { gitlab_url: listener.origin, gitlab_access_token: 'x' },
        replace_credential_json: true,
      },
    });
    expect(replaced.status, replaced.text).toBe(403);

    // Every road still sends the admin's token home, never to the listener.
    const tested = await gitlabTest(id);
    expect(tested.status, tested.text).toBe(200);
    expect((tested.json as { ok: boolean }).ok).toBe(true);
    const connectorId = await createConnector(server, {
      name: 'GitLab handbook',
      source: 'gitlab',
      input_type: 'poll',
      access_type: 'PUBLIC',
      connector_specific_config: { project_owner: 'eng', project_name: 'handbook' },
    });
    await insertPair(server.store.db, connectorId, id);
    await retestRound(
      server.store,
      healthWatchSettings({ retestPeriodMs: 60_000, tickMs: 60_000, concurrency: 1 }),
      connectionTestSettings({ limit: null }),
      SILENT,
    );
    expect(gitlabHome.seen.length).toBeGreaterThan(0);
    expect(listener.seen).toEqual([]);
  });

  it('refuses a Jira base URL added to an admin credential, and allows one already approved', async () => {
    const id = await adminsCredential({
      source: 'jira',
      name: 'Admin Jira',
      credential_json: { jira_api_token: 'admins-jira-token' },
    });
    const toListener = await api(server, 'PATCH', `/manage/admin/credential/${id}`, {
      key: curatorKey,
      body: { credential_json: { jira_base_url: listener.origin } },
    });
    expect(toListener.status, toListener.text).toBe(403);
    // A connector of the curator's at the listener: attach and test stay refused too.
    const own = await api(server, 'POST', '/manage/admin/connector', {
      key: curatorKey,
      body: jiraRequest({
        access_type: 'private',
        groups: [groupA],
        connector_specific_config: { jira_base_url: listener.origin, project_key: 'ENG' },
      }),
    });
    expect(own.status, own.text).toBe(200);
    const attach = await api(
      server,
      'PUT',
      `/manage/admin/connector/${(own.json as { id: number }).id}/credential/${id}`,
      { key: curatorKey, body: { access_type: 'private', groups: [groupA] } },
    );
    expect(attach.status, attach.text).toBe(403);
    expect(listener.seen).toEqual([]);

    // The admin approves home (by testing there); the curator may then name it.
    const approving = await api(server, 'POST', '/manage/admin/connector/test', {
      body: {
        source: 'jira',
        connector_specific_config: { jira_base_url: jiraHome.origin, project_key: 'ENG' },
        credential_id: id,
      },
    });
    expect(approving.status, approving.text).toBe(200);
    const toHome = await api(server, 'PATCH', `/manage/admin/credential/${id}`, {
      key: curatorKey,
      body: { credential_json: { jira_base_url: jiraHome.origin } },
    });
    expect(toHome.status, toHome.text).toBe(200);
  });

  it('lets the curator change the rest, their own credential, and the admin change anything', async () => {
    const id = await adminsCredential({
      source: 'gitlab',
      name: 'Admin GitLab 2',
      credential_json: { gitlab_url: gitlabHome.origin, gitlab_access_token: 'old' },
    });
    const token = await api(server, 'PATCH', `/manage/admin/credential/${id}`, {
      key: curatorKey,
      body: { credential_json: { gitlab_access_token: 'rotated-by-curator' } },
    });
    expect(token.status, token.text).toBe(200);
    const byAdmin = await api(server, 'PATCH', `/manage/admin/credential/${id}`, {
      body: { credential_json: { gitlab_url: 'https://gitlab.example' } },
    });
    expect(byAdmin.status, byAdmin.text).toBe(200);
    const mine = await api(server, 'POST', '/manage/credential', {
      key: curatorKey,
      body: {
        source: 'gitlab',
        name: 'Curator GitLab',
        admin_public: true,
        groups: [groupA],
        credential_json: { gitlab_url: gitlabHome.origin, gitlab_access_token: 'mine' },
      },
    });
    expect(mine.status, mine.text).toBe(200);
    const moved = await api(
      server,
      'PATCH',
      `/manage/admin/credential/${(mine.json as { id: number }).id}`,
      {
        key: curatorKey,
        body: { credential_json: { gitlab_url: 'https://gitlab.example' } },
      },
    );
    expect(moved.status, moved.text).toBe(200);
  });
});
