// The attack's three ways of sending an admin's secret to a curator's host,
// each refused (D13, D15), and a credential's approved origins as its owner
// sees and removes them. Curator A controls group A; curator B group B; a
// listener on 127.0.0.1 stands in for curator A's own host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretDestinationRefusal } from '../../src/contract/connectionTest';
import { CONNECTOR_REFUSALS } from '../../server/groups/visibility';
import { ORIGIN_REFUSAL } from '../../server/routes/credentialOrigins';
import { findUserByEmail } from '../../server/repos/users';
import { startTestServer, type TestServer } from '../support/harness';
import { api, jiraRequest, makeGroup, snapshotDb } from '../support/http';
import * as standIns from '../support/standIns';

let server: TestServer;
let home: standIns.StandIn;
let listener: standIns.StandIn;
const key = {} as Record<'curatorA' | 'curatorB', string>;
let groupA: number;
let groupB: number;

const ADMIN_TOKEN = 'the-admins-own-jira-token';
const leaked = () => listener.seen.some((r) => r.authorization === `Bearer ${ADMIN_TOKEN}`);

async function ok(method: string, path: string, body?: unknown, as = server.adminKey) {
  const answer = await api(server, method, path, { body, key: as });
  expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(200);
  return answer.json as Record<string, unknown> & { id: number; data: number };
}

async function curatorOf(name: 'curatorA' | 'curatorB', email: string) {
  key[name] = await server.keyFor('basic', email);
  return (await findUserByEmail(server.store.db, email))!.id;
}

/** A Jira connector at `origin`, made by `as`, with `credential` attached (private to `groups` when given). */
async function jiraConnector(origin: string, credential: number, as: string, groups?: number[]) {
  const { id } = await ok(
    'POST',
    '/manage/admin/connector',
    jiraRequest({ connector_specific_config: { jira_base_url: origin } }),
    as,
  );
  const access = groups ? { access_type: 'private', groups } : {};
  await ok('PUT', `/manage/admin/connector/${id}/credential/${credential}`, access, as);
  return id;
}

const jiraCredential = async (token: string, as = server.adminKey, extra = {}) =>
  (
    await ok(
      'POST',
      '/manage/credential',
      {
        name: token,
        source: 'jira',
        credential_json: { jira_api_token: token },
        admin_public: true,
        ...extra,
      },
      as,
    )
  ).id;

beforeAll(async () => {
  home = await standIns.startStandIn(standIns.jiraDataCenter(ADMIN_TOKEN));
  listener = await standIns.startStandIn({});
  server = await startTestServer({ connectionTest: { limit: null } });
  const a = await curatorOf('curatorA', 'a@origins.test');
  const b = await curatorOf('curatorB', 'b@origins.test');
  groupA = await makeGroup(server, 'Origins A', [a]);
  groupB = await makeGroup(server, 'Origins B', [b]);
  await ok('POST', `/manage/admin/user-group/${groupA}/set-curator`, {
    user_id: a,
    is_curator: true,
  });
  await ok('POST', `/manage/admin/user-group/${groupB}/set-curator`, {
    user_id: b,
    is_curator: true,
  });
});
afterAll(async () => {
  await server?.close();
  await home?.close();
  await listener?.close();
});

describe('D13 + D15: swap and replace-everywhere', () => {
  it("curator A cannot put their credential on group B's connector (404) or on the admin's (403)", async () => {
    const mine = await jiraCredential('curator-a-token', key.curatorA, { groups: [groupA] });
    const admins = await jiraCredential('admin-b-token', server.adminKey, { curator_public: true });
    const groupBs = await jiraConnector(home.origin, admins, server.adminKey, [groupB]);
    const adminsPublic = await jiraConnector(home.origin, admins, server.adminKey);
    const before = await snapshotDb(server);
    const swap = (connector_id: number) =>
      api(server, 'PUT', '/manage/admin/credential/swap', {
        key: key.curatorA,
        body: { connector_id, new_credential_id: mine, access_type: 'public', force: true },
      });
    const hidden = await swap(groupBs);
    expect(hidden.status, hidden.text).toBe(404);
    expect(hidden.json).toEqual({ detail: `Connector ${groupBs} does not exist` });
    const seen = await swap(adminsPublic);
    expect(seen.status, seen.text).toBe(403);
    expect(seen.json).toEqual({ detail: CONNECTOR_REFUSALS.change });
    expect(await snapshotDb(server)).toEqual(before);
  });

  it("curator A cannot swap the admin's admin-only credential onto their connector: 404, nothing sent", async () => {
    const adminOnly = await jiraCredential(ADMIN_TOKEN);
    const mine = await jiraCredential('curator-a-second', key.curatorA, { groups: [groupA] });
    const own = await jiraConnector(listener.origin, mine, key.curatorA, [groupA]);
    const swapped = await api(server, 'PUT', '/manage/admin/credential/swap', {
      key: key.curatorA,
      body: { connector_id: own, new_credential_id: adminOnly, access_type: 'public' },
    });
    expect(swapped.status, swapped.text).toBe(404);
    expect(leaked()).toBe(false);
  });

  it("curator A cannot replace curator B's credential everywhere: B's connectors are not theirs", async () => {
    const bs = await jiraCredential('curator-b-token', key.curatorB, {
      groups: [groupB],
      curator_public: true,
    });
    await jiraConnector(home.origin, bs, key.curatorB, [groupB]);
    const mine = await jiraCredential('curator-a-third', key.curatorA, { groups: [groupA] });
    const before = await snapshotDb(server);
    const replaced = await api(server, 'PUT', `/manage/admin/credential/${bs}/replace-everywhere`, {
      key: key.curatorA,
      body: { new_credential_id: mine, force: true },
    });
    // B's private pair is unseen by A: untouched and unnamed.
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.json).toMatchObject({ data: [] });
    expect(await snapshotDb(server)).toEqual(before);
  });
});

describe('D15: an address edit and an attach move no trust', () => {
  it("curator A's address edit of a connector holding the admin's credential: 403 in D15's words, nothing sent", async () => {
    const admins = await jiraCredential(ADMIN_TOKEN);
    const connector = await jiraConnector(home.origin, admins, server.adminKey, [groupA]);
    const before = await snapshotDb(server);
    const edited = await api(server, 'PATCH', `/manage/admin/connector/${connector}`, {
      key: key.curatorA,
      body: { connector_specific_config: { jira_base_url: listener.origin } },
    });
    expect(edited.status, edited.text).toBe(403);
    expect(edited.json).toEqual({
      detail: secretDestinationRefusal([home.origin], listener.origin),
    });
    expect(await snapshotDb(server)).toEqual(before);
    expect(leaked()).toBe(false);
  });

  it('an admin may move it: the new origin is approved, and the pair is "not tested" again', async () => {
    const admins = await jiraCredential(ADMIN_TOKEN);
    const connector = await jiraConnector(home.origin, admins, server.adminKey);
    const [pair] = (await ok('GET', `/manage/admin/connector/${connector}`)).cc_pairs as {
      cc_pair_id: number;
    }[];
    await ok('POST', `/manage/admin/cc-pair/${pair!.cc_pair_id}/test`);
    const moved = await ok('PATCH', `/manage/admin/connector/${connector}`, {
      connector_specific_config: {
        jira_base_url: `${home.origin}/elsewhere`.replace('127.0.0.1', 'localhost'),
      },
    });
    expect((moved.cc_pairs as { last_test: unknown }[])[0]!.last_test).toBeNull();
    const origins = await ok('GET', `/manage/admin/credential/${admins}/origins`);
    expect((origins.origins as { origin: string }[]).map((row) => row.origin)).toEqual([
      home.origin,
      home.origin.replace('127.0.0.1', 'localhost'),
    ]);
  });

  it('attaching a credential curator A may use but not read, at their own host: 403, nothing sent by its test', async () => {
    const shared = await jiraCredential(ADMIN_TOKEN, server.adminKey, { groups: [groupA] });
    await jiraConnector(home.origin, shared, server.adminKey);
    const { id } = await ok(
      'POST',
      '/manage/admin/connector',
      jiraRequest({ connector_specific_config: { jira_base_url: listener.origin } }),
      key.curatorA,
    );
    const attached = await api(
      server,
      'PUT',
      `/manage/admin/connector/${id}/credential/${shared}`,
      {
        key: key.curatorA,
        body: { access_type: 'private', groups: [groupA] },
      },
    );
    expect(attached.status, attached.text).toBe(403);
    expect(attached.json).toEqual({
      detail: secretDestinationRefusal([home.origin], listener.origin),
    });
    const tested = await api(server, 'POST', '/manage/admin/connector/test', {
      key: key.curatorA,
      body: {
        source: 'jira',
        connector_specific_config: { jira_base_url: listener.origin },
        credential_id: shared,
      },
    });
    expect(tested.status).toBe(403);
    expect(leaked()).toBe(false);
  });
});

describe("a credential's approved origins", () => {
  it('are listed to whoever may use it; its maker or an admin removes one, and then nobody else may send it there', async () => {
    const shared = await jiraCredential(ADMIN_TOKEN, server.adminKey, { curator_public: true });
    await jiraConnector(home.origin, shared, server.adminKey);
    const listed = await ok(
      'GET',
      `/manage/admin/credential/${shared}/origins`,
      undefined,
      key.curatorA,
    );
    expect(listed).toMatchObject({
      origins: [{ origin: home.origin, approved_by: server.adminEmail }],
      can_remove: false,
    });
    const path = `/manage/admin/credential/${shared}/origins`;
    const refused = await api(server, 'DELETE', path, {
      key: key.curatorA,
      body: { origin: home.origin },
    });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ detail: ORIGIN_REFUSAL });
    await ok('DELETE', path, { origin: home.origin });
    expect((await ok('GET', path)).origins).toEqual([]);
    const tested = await api(server, 'POST', '/manage/admin/connector/test', {
      key: key.curatorA,
      body: {
        source: 'jira',
        connector_specific_config: { jira_base_url: home.origin },
        credential_id: shared,
      },
    });
    expect(tested.status).toBe(403);
    expect(tested.json).toEqual({ detail: secretDestinationRefusal([], home.origin) });
    const again = await api(server, 'DELETE', path, { body: { origin: home.origin } });
    expect(again.status).toBe(404);
  });

  it('a credential the caller may not see: 404 for its origins', async () => {
    const adminOnly = await jiraCredential('admin-only-listed');
    const answer = await api(server, 'GET', `/manage/admin/credential/${adminOnly}/origins`, {
      key: key.curatorA,
    });
    expect(answer.status).toBe(404);
  });
});
