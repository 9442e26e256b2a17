// D13 (D2, D7 with it): what each role sees and may change of connectors and
// credentials — admin, curator of A, curator of B, global curator in A, basic —
// over a public connector and connectors private to A and to B. Not visible →
// 404 as if absent; visible but not theirs to change → 403; basic → 403 (D2).
// Runs on SQLite (api) and PostgreSQL (api-pg).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRole } from '../../src/contract/contract';
import { GROUP_CHOICE_REFUSALS } from '../../src/contract/groups';
import { createCredential } from '../../server/repos/credentials';
import { findUserByEmail } from '../../server/repos/users';
import { startTestServer, type TestServer } from '../support/harness';
import { api, createConnector, NOT_CURATOR, plainRequest, snapshotDb } from '../support/http';

let server: TestServer;
const GROUPS = '/manage/admin/user-group';
const CONNECTORS = '/manage/admin/connector';

type Who = 'admin' | 'curatorA' | 'curatorB' | 'globalA' | 'basic';
const keys = {} as Record<Who, string>;
const ids = {} as Record<Who, string>;
let groupA: number;
let groupB: number;
/** Connectors made by the admin: one with a public pair, one private to A, one private to B. */
const connector = {} as Record<'public' | 'privateA' | 'privateB', number>;
/** Credentials made by the admin: shared with curators, with A, with B, and the admin's own. */
const credential = {} as Record<'curatorPublic' | 'inA' | 'inB' | 'adminOnly', number>;

const pairPath = (connectorId: number, credentialId: number) =>
  `${CONNECTORS}/${connectorId}/credential/${credentialId}`;

async function person(who: Who, role: UserRole) {
  const email = `${who.toLowerCase()}@scoping.test`;
  keys[who] = who === 'admin' ? server.adminKey : await server.keyFor(role, email);
  if (who !== 'admin') ids[who] = (await findUserByEmail(server.store.db, email))!.id;
}

async function ok(method: string, path: string, body?: unknown, key = server.adminKey) {
  const response = await api(server, method, path, { body, key });
  expect(response.status, `${method} ${path}: ${response.text}`).toBe(200);
  return response.json as Record<string, unknown>;
}

async function makeGroup(name: string, user_ids: string[]) {
  return (await ok('POST', GROUPS, { name, user_ids, cc_pair_ids: [] })).id as number;
}

/** A web connector of the admin's with the web credential attached with `access`. */
async function adminConnector(name: string, access: { access_type?: string; groups?: number[] }) {
  const id = await createConnector(server, plainRequest('web', { name }));
  await ok('PUT', `${CONNECTORS}/${id}/credential/${credential.adminOnly}`, access);
  return id;
}

const storeCredential = (name: string, extra: { curator_public?: boolean; groups?: number[] }) =>
  createCredential(server.store.db, server.store.secrets, {
    source: 'web',
    name,
    credential_json: { token: 'a-secret-token-value' },
    ...extra,
  });

beforeAll(async () => {
  server = await startTestServer();
  await person('admin', 'admin');
  await person('curatorA', 'basic');
  await person('curatorB', 'basic');
  await person('globalA', 'global_curator');
  await person('basic', 'basic');
  groupA = await makeGroup('Sales', [ids.curatorA, ids.globalA]);
  groupB = await makeGroup('Eng', [ids.curatorB]);
  // D13: curators are made only through set-curator; their role follows.
  await ok('POST', `${GROUPS}/${groupA}/set-curator`, { user_id: ids.curatorA, is_curator: true });
  await ok('POST', `${GROUPS}/${groupB}/set-curator`, { user_id: ids.curatorB, is_curator: true });
  credential.curatorPublic = await storeCredential('Shared with curators', {
    curator_public: true,
  });
  credential.inA = await storeCredential('Sales key', { groups: [groupA] });
  credential.inB = await storeCredential('Eng key', { groups: [groupB] });
  credential.adminOnly = await storeCredential('Admin key', {});
  connector.public = await adminConnector('Handbook', {});
  connector.privateA = await adminConnector('Sales wiki', {
    access_type: 'private',
    groups: [groupA],
  });
  connector.privateB = await adminConnector('Eng wiki', {
    access_type: 'private',
    groups: [groupB],
  });
});
afterAll(() => server.close());

const listed = async (key: string, query = '') =>
  ((await ok('GET', `${CONNECTORS}${query}`, undefined, key)) as unknown as { id: number }[]).map(
    (item) => item.id,
  );

describe('D13 roles become curators through their groups', () => {
  it('set-curator made curator A and B curators; the global curator stays one', async () => {
    for (const who of ['curatorA', 'curatorB'] as const) {
      expect((await ok('GET', '/me', undefined, keys[who])).role).toBe('curator');
    }
    expect((await ok('GET', '/me', undefined, keys.globalA)).role).toBe('global_curator');
  });
});

describe('D13 what each role sees', () => {
  const sees: Record<Exclude<Who, 'basic'>, (keyof typeof connector)[]> = {
    admin: ['public', 'privateA', 'privateB'],
    curatorA: ['public', 'privateA'],
    curatorB: ['public', 'privateB'],
    globalA: ['public', 'privateA'],
  };

  it.each(Object.entries(sees))(
    '%s: the list, with and without ?credential=',
    async (who, names) => {
      const key = keys[who as Who];
      const expected = names.map((name) => connector[name]);
      expect((await listed(key)).filter((id) => Object.values(connector).includes(id))).toEqual(
        expected,
      );
      // Every one of them uses the admin's own credential: filtered by it, the same set for
      // an admin; nothing for anyone else, to whom D13 hides that credential.
      expect(await listed(key, `?credential=${credential.adminOnly}`)).toEqual(
        who === 'admin' ? expected : [],
      );
    },
  );

  it.each(Object.entries(sees))(
    '%s: connector-status holds the pairs of the connectors it sees holding credentials it sees, no other',
    async (who, names) => {
      const rows = (await ok(
        'GET',
        '/manage/admin/connector-status',
        undefined,
        keys[who as Who],
      )) as unknown as { connector: { id: number } }[];
      const ours = Object.values(connector);
      const seen = [...new Set(rows.map((row) => row.connector.id))].filter((id) =>
        ours.includes(id),
      );
      // Each pair holds the admin's own credential, which D13 hides from everyone else.
      expect(seen.sort()).toEqual(
        who === 'admin' ? names.map((name) => connector[name]).sort() : [],
      );
    },
  );

  it.each(Object.entries(sees))(
    '%s: each connector, 404 as if absent when unseen',
    async (who, names) => {
      for (const [name, id] of Object.entries(connector)) {
        const response = await api(server, 'GET', `${CONNECTORS}/${id}`, { key: keys[who as Who] });
        if (names.includes(name as keyof typeof connector)) {
          expect(response.status, name).toBe(200);
        } else {
          expect(response.status, name).toBe(404);
          expect(response.json).toEqual({ detail: 'Connector not found' });
        }
      }
    },
  );

  it('each connector tells the caller’s rights: admins all, curator A changes A’s but deletes none', async () => {
    const rights = async (who: Who, id: number) => {
      const { can_change, can_delete } = await ok(
        'GET',
        `${CONNECTORS}/${id}`,
        undefined,
        keys[who],
      );
      return { can_change, can_delete };
    };
    expect(await rights('admin', connector.privateB)).toEqual({
      can_change: true,
      can_delete: true,
    });
    expect(await rights('curatorA', connector.privateA)).toEqual({
      can_change: true,
      can_delete: false,
    });
    expect(await rights('globalA', connector.privateA)).toEqual({
      can_change: true,
      can_delete: false,
    });
    expect(await rights('curatorA', connector.public)).toEqual({
      can_change: false,
      can_delete: false,
    });
  });

  it('a pair carries its name, access and groups', async () => {
    const detail = await ok('GET', `${CONNECTORS}/${connector.privateA}`);
    expect(detail.cc_pairs).toEqual([
      expect.objectContaining({
        credential_id: credential.adminOnly,
        name: null,
        access_type: 'private',
        groups: [groupA],
      }),
    ]);
  });

  it.each([
    ['admin', ['curatorPublic', 'inA', 'inB', 'adminOnly']],
    ['curatorA', ['curatorPublic', 'inA']],
    ['curatorB', ['curatorPublic', 'inB']],
    ['globalA', ['curatorPublic', 'inA']],
  ] as const)(
    '%s: a connector’s own answer lists only the credentials it sees, as the list does',
    async (who, names) => {
      // Public, so every role sees the connector; its credentials are another matter.
      const shared = await createConnector(server, plainRequest('web', { name: `Shared ${who}` }));
      for (const name of ['adminOnly', 'inA', 'inB', 'curatorPublic'] as const) {
        await ok('PUT', pairPath(shared, credential[name]), {});
      }
      const detail = (await ok('GET', `${CONNECTORS}/${shared}`, undefined, keys[who])) as {
        credentials: { id: number; name: string }[];
      };
      const seen = detail.credentials.map((item) => item.id).sort((a, b) => a - b);
      expect(seen).toEqual(names.map((name) => credential[name]).sort((a, b) => a - b));
      expect(JSON.stringify(detail.credentials)).not.toContain(
        who === 'admin' ? 'never' : 'Admin key',
      );
    },
  );

  it.each([
    ['admin', ['curatorPublic', 'inA', 'inB', 'adminOnly']],
    ['curatorA', ['curatorPublic', 'inA']],
    ['curatorB', ['curatorPublic', 'inB']],
    ['globalA', ['curatorPublic', 'inA']],
  ] as const)('%s: the credential list (credential 0 always)', async (who, names) => {
    const list = (await ok('GET', '/manage/admin/credential', undefined, keys[who])) as unknown as {
      id: number;
    }[];
    expect(list.map((item) => item.id)).toEqual([0, ...names.map((name) => credential[name])]);
  });

  it('basic: 403 on the lists (D2)', async () => {
    for (const path of [CONNECTORS, '/manage/admin/credential']) {
      const response = await api(server, 'GET', path, { key: keys.basic });
      expect(response.status).toBe(403);
      expect(response.json).toEqual(NOT_CURATOR);
    }
  });
});

describe('D13 what each role may change (nothing changes when refused)', () => {
  async function refused(who: Who, method: string, path: string, status: number, body?: unknown) {
    const before = await snapshotDb(server);
    const response = await api(server, method, path, { key: keys[who], body });
    expect(response.status, `${who} ${method} ${path}: ${response.text}`).toBe(status);
    expect(await snapshotDb(server)).toEqual(before);
    return response;
  }

  it.each([
    ['curatorA', 'privateB', 404],
    ['curatorA', 'public', 403],
    ['curatorB', 'privateA', 404],
    ['globalA', 'privateB', 404],
    ['globalA', 'public', 403],
    ['basic', 'privateA', 403],
  ] as const)('%s: edit, pause, detach, delete %s → %i', async (who, name, status) => {
    const id = connector[name];
    await refused(who, 'PATCH', `${CONNECTORS}/${id}`, status, { refresh_freq: 7200 });
    await refused(who, 'PATCH', `${CONNECTORS}/${id}`, status, { status: 'PAUSED' });
    // The pair's credential is the admin's own: for a curator it does not exist.
    await refused(who, 'DELETE', pairPath(id, credential.adminOnly), who === 'basic' ? 403 : 404);
    await refused(who, 'DELETE', `${CONNECTORS}/${id}`, status);
  });

  it('curator A and the global curator in A edit and pause A’s connector; only an admin deletes it', async () => {
    for (const who of ['curatorA', 'globalA'] as const) {
      await ok('PATCH', `${CONNECTORS}/${connector.privateA}`, { status: 'PAUSED' }, keys[who]);
      await ok('PATCH', `${CONNECTORS}/${connector.privateA}`, { status: 'ACTIVE' }, keys[who]);
    }
    const response = await refused(
      'curatorA',
      'DELETE',
      `${CONNECTORS}/${connector.privateA}`,
      403,
    );
    expect(response.json).toEqual({
      detail:
        'Access denied. A connector with a private credential pair can be deleted only by an admin.',
    });
  });

  it('a curator makes, attaches, edits, detaches and deletes their own public connector', async () => {
    const made = await ok('POST', CONNECTORS, plainRequest('web', { name: 'Mine' }), keys.curatorB);
    const id = made.id as number;
    expect(await listed(keys.curatorB)).toContain(id); // no pair yet: theirs to see
    expect(await listed(keys.curatorA)).not.toContain(id);
    await ok('PUT', pairPath(id, credential.curatorPublic), undefined, keys.curatorB);
    await ok('PATCH', `${CONNECTORS}/${id}`, { refresh_freq: 7200 }, keys.curatorB);
    await ok('DELETE', pairPath(id, credential.curatorPublic), undefined, keys.curatorB);
    await ok('DELETE', `${CONNECTORS}/${id}`, undefined, keys.curatorB);
  });

  it('D7 attach: a curator’s private pair needs groups, all theirs; credentials they cannot see do not exist', async () => {
    const made = await ok(
      'POST',
      CONNECTORS,
      plainRequest('web', { name: 'Sales 2' }),
      keys.curatorA,
    );
    const id = made.id as number;
    const noGroup = await refused('curatorA', 'PUT', pairPath(id, credential.inA), 400, {
      access_type: 'private',
    });
    expect(noGroup.json).toEqual({ detail: GROUP_CHOICE_REFUSALS.noGroup });
    const other = await refused('curatorA', 'PUT', pairPath(id, credential.inA), 400, {
      access_type: 'private',
      groups: [groupA, groupB],
    });
    expect(other.json).toEqual({ detail: GROUP_CHOICE_REFUSALS.notControlled });
    const hidden = await refused('curatorA', 'PUT', pairPath(id, credential.inB), 404);
    expect(hidden.json).toEqual({ detail: `Credential ${credential.inB} does not exist` });
    const unknown = await refused('curatorA', 'PUT', pairPath(id, credential.inA), 422, {
      access_type: 'private',
      groups: [groupA, 987654],
    });
    expect(unknown.json).toEqual({
      detail: [{ loc: ['body', 'groups', 1], msg: expect.any(String), type: 'value_error' }],
    });
    const attached = await ok(
      'PUT',
      pairPath(id, credential.inA),
      { name: 'Sales pair', access_type: 'private', groups: [groupA] },
      keys.curatorA,
    );
    expect(attached.success).toBe(true);
    const detail = await ok('GET', `${CONNECTORS}/${id}`, undefined, keys.curatorA);
    expect(detail.cc_pairs).toEqual([
      expect.objectContaining({ name: 'Sales pair', access_type: 'private', groups: [groupA] }),
    ]);
    // Now private to A: curator B no longer sees it (it has a pair, none of theirs).
    expect(await listed(keys.curatorB)).not.toContain(id);
  });

  it('Onyx’s hole: a curator of B sending groups [B] for A’s connector is refused', async () => {
    const hidden = await refused('curatorB', 'PATCH', `${CONNECTORS}/${connector.privateA}`, 404, {
      groups: [groupB],
    });
    expect(hidden.json).toEqual({ detail: 'Connector not found' });
    // A connector B sees (a public pair) with a private pair of A: visible, not theirs → 403.
    const mixed = await adminConnector('Mixed', {});
    await ok('PUT', `${CONNECTORS}/${mixed}/credential/${credential.inA}`, {
      access_type: 'private',
      groups: [groupA],
    });
    await refused('curatorB', 'PATCH', `${CONNECTORS}/${mixed}`, 403, { groups: [groupB] });
    // Curator A may not give A's pairs to B either.
    const other = await refused('curatorA', 'PATCH', `${CONNECTORS}/${connector.privateA}`, 400, {
      groups: [groupA, groupB],
    });
    expect(other.json).toEqual({ detail: GROUP_CHOICE_REFUSALS.notControlled });
  });

  it('a group named twice in an attach is kept once', async () => {
    const id = await createConnector(server, plainRequest('web', { name: 'Twice' }));
    await ok('PUT', pairPath(id, credential.adminOnly), {
      access_type: 'private',
      groups: [groupA, groupA],
    });
    const detail = await ok('GET', `${CONNECTORS}/${id}`);
    expect(detail.cc_pairs).toEqual([expect.objectContaining({ groups: [groupA] })]);
  });

  it('an admin moves a connector’s pairs to other groups by PATCH; unknown group ids → 422', async () => {
    const id = await adminConnector('Moving', { access_type: 'private', groups: [groupA] });
    await refused('admin', 'PATCH', `${CONNECTORS}/${id}`, 422, { groups: [987654] });
    const changed = await ok('PATCH', `${CONNECTORS}/${id}`, { groups: [groupB] });
    expect(changed.cc_pairs).toEqual([
      expect.objectContaining({ access_type: 'private', groups: [groupB] }),
    ]);
    expect(await listed(keys.curatorB)).toContain(id);
    expect(await listed(keys.curatorA)).not.toContain(id);
  });

  it('credentials: a curator changes only what they made or their groups’; others are 404 or 403', async () => {
    await refused('curatorA', 'PATCH', `/manage/admin/credential/${credential.inB}`, 404, {
      name: 'taken',
    });
    await refused('curatorA', 'DELETE', `/manage/admin/credential/${credential.adminOnly}`, 404);
    await refused(
      'curatorA',
      'PATCH',
      `/manage/admin/credential/${credential.curatorPublic}`,
      403,
      {
        name: 'taken',
      },
    );
    await ok(
      'PATCH',
      `/manage/admin/credential/${credential.inA}`,
      { name: 'Sales key 2' },
      keys.curatorA,
    );
  });

  it('credentials made with groups: unknown ids → 422, a curator only with groups they control', async () => {
    const body = (groups: number[]) => ({
      name: 'Shared',
      source: 'web',
      credential_json: {},
      admin_public: true,
      groups,
    });
    await refused('admin', 'POST', '/manage/credential', 422, body([987654]));
    const other = await refused('curatorA', 'POST', '/manage/credential', 400, body([groupB]));
    expect(other.json).toEqual({ detail: GROUP_CHOICE_REFUSALS.notControlled });
    const made = await ok('POST', '/manage/credential', body([groupA]), keys.curatorA);
    expect((made.credential as { groups: number[] }).groups).toEqual([groupA]);
  });

  it('a connection test with a stored credential the curator cannot see: 404, nothing sent', async () => {
    const response = await api(server, 'POST', '/manage/admin/connector/test', {
      key: keys.curatorA,
      body: {
        source: 'web',
        connector_specific_config: { base_url: 'http://127.0.0.1:9/' },
        credential_id: credential.adminOnly,
      },
    });
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ detail: `Credential ${credential.adminOnly} does not exist` });
  });

  it('a pair test of a pair whose credential the curator cannot see: 404', async () => {
    const detail = await ok('GET', `${CONNECTORS}/${connector.privateA}`);
    const pairId = (detail.cc_pairs as { cc_pair_id: number }[])[0]!.cc_pair_id;
    const response = await api(server, 'POST', `/manage/admin/cc-pair/${pairId}/test`, {
      key: keys.curatorA,
    });
    expect(response.status).toBe(404);
  });
});

describe('D13 the activity log', () => {
  it('a curator reads the records of what they see; an admin every record', async () => {
    type Page = { items: { resource_type: string | null; resource_id: string | null }[] };
    const records = async (who: Who) =>
      ((await ok('GET', '/admin/audit?limit=200', undefined, keys[who])) as unknown as Page).items;
    const mine = await records('curatorA');
    const told = (type: string, id: number) =>
      mine.some((record) => record.resource_type === type && record.resource_id === String(id));
    expect(told('connector', connector.privateA)).toBe(true);
    expect(told('connector', connector.public)).toBe(true);
    expect(told('connector', connector.privateB)).toBe(false);
    expect(told('user_group', groupA)).toBe(true);
    expect(told('user_group', groupB)).toBe(false);
    expect(mine.some((record) => record.resource_type === 'user')).toBe(false);
    const all = await records('admin');
    expect(all.some((record) => record.resource_id === String(connector.privateB))).toBe(true);
  });
});

describe('D13 changes of groups count from the next request', () => {
  it('curator A made a member of B sees B’s connector at once; removed, no longer', async () => {
    expect(await listed(keys.curatorA)).not.toContain(connector.privateB);
    await ok('POST', `${GROUPS}/${groupB}/add-users`, { user_ids: [ids.curatorA] });
    expect(await listed(keys.curatorA)).toContain(connector.privateB);
    await ok('PATCH', `${GROUPS}/${groupB}`, { user_ids: [ids.curatorB], cc_pair_ids: [] });
    expect(await listed(keys.curatorA)).not.toContain(connector.privateB);
  });
});

describe('D13 races', () => {
  it('a group deleted while a curator attaches into it: no orphan row, no error', async () => {
    const temp = await makeGroup('Short-lived', [ids.curatorB]);
    await ok('POST', `${GROUPS}/${temp}/set-curator`, { user_id: ids.curatorB, is_curator: true });
    const made = await ok('POST', CONNECTORS, plainRequest('web', { name: 'Race' }), keys.curatorB);
    const [attached, deleted] = await Promise.all([
      api(server, 'PUT', pairPath(made.id as number, credential.curatorPublic), {
        key: keys.curatorB,
        body: { access_type: 'private', groups: [temp] },
      }),
      api(server, 'DELETE', `${GROUPS}/${temp}`),
    ]);
    expect(deleted.status).toBe(200);
    // Before the delete: attached, then left with no group (admins' only). After it:
    // the group is unknown (422), no longer theirs (400), or they curate none (403, D2).
    expect([200, 400, 403, 422]).toContain(attached.status);
    const orphans = await server.store.db
      .selectFrom('pair_groups')
      .leftJoin('user_groups', 'user_groups.id', 'pair_groups.group_id')
      .select('pair_groups.pair_id')
      .where('user_groups.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
  });

  /** D13's invariants after any race: no membership of a gone user or group, no curator without a group. */
  async function noOrphanNoCuratorWithoutGroup() {
    const db = server.store.db;
    const orphans = await db
      .selectFrom('user_group_members as m')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .leftJoin('user_groups as g', 'g.id', 'm.group_id')
      .select(['m.user_id', 'm.group_id'])
      .where((eb) => eb.or([eb('u.id', 'is', null), eb('g.id', 'is', null)]))
      .execute();
    expect(orphans).toEqual([]);
    const curators = await db
      .selectFrom('users as u')
      .select('u.email')
      .where('u.role', '=', 'curator')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('user_group_members as m')
              .select('m.user_id')
              .whereRef('m.user_id', '=', 'u.id')
              .where('m.is_curator', '=', 1),
          ),
        ),
      )
      .execute();
    expect(curators).toEqual([]);
  }

  it('set-curator while the user is deleted: either order, no orphan membership, no curator without a group', async () => {
    for (let round = 0; round < 4; round++) {
      const email = `doomed.${round}@scoping.test`;
      await server.keyFor('basic', email);
      const doomed = (await findUserByEmail(server.store.db, email))!;
      const group = await makeGroup(`Doomed ${round}`, [doomed.id]);
      // Only a deactivated user may be deleted (Onyx).
      await ok('PATCH', '/manage/admin/deactivate-user', { user_email: email });
      const [made, deleted] = await Promise.all([
        api(server, 'POST', `${GROUPS}/${group}/set-curator`, {
          body: { user_id: doomed.id, is_curator: true },
        }),
        api(server, 'DELETE', '/manage/admin/delete-user', { body: { user_email: email } }),
      ]);
      expect(deleted.status, deleted.text).toBe(200);
      // Before the delete: made curator (then deleted with their membership); after it: no such user.
      expect([200, 404], made.text).toContain(made.status);
      expect(await findUserByEmail(server.store.db, email)).toBeUndefined();
      const group_ = (await ok('GET', GROUPS)) as unknown as { id: number; users: unknown[] }[];
      expect(group_.find((g) => g.id === group)!.users).toEqual([]);
      await noOrphanNoCuratorWithoutGroup();
    }
  });

  it('a group deleted while its member is made its curator: never a curator without a group', async () => {
    for (let round = 0; round < 4; round++) {
      const email = `briefly.${round}@scoping.test`;
      const key = await server.keyFor('basic', email);
      const member = (await findUserByEmail(server.store.db, email))!;
      const group = await makeGroup(`Briefly ${round}`, [member.id]);
      const [made, deleted] = await Promise.all([
        api(server, 'POST', `${GROUPS}/${group}/set-curator`, {
          body: { user_id: member.id, is_curator: true },
        }),
        api(server, 'DELETE', `${GROUPS}/${group}`),
      ]);
      expect(deleted.status, deleted.text).toBe(200);
      expect([200, 404], made.text).toContain(made.status);
      // Their role was recomputed by whichever came last: basic, at their next request.
      expect((await ok('GET', '/me', undefined, key)).role).toBe('basic');
      await noOrphanNoCuratorWithoutGroup();
    }
  });

  it('two admins adding different members to one group at once: both land (no lost update)', async () => {
    const group = await makeGroup('Crowded', []);
    const other = await server.keyFor('admin', 'third.admin@scoping.test');
    const answers = await Promise.all([
      api(server, 'POST', `${GROUPS}/${group}/add-users`, {
        body: { user_ids: [ids.curatorA, ids.basic] },
      }),
      api(server, 'POST', `${GROUPS}/${group}/add-users`, {
        key: other,
        body: { user_ids: [ids.curatorB] },
      }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const groups = (await ok('GET', GROUPS)) as unknown as {
      id: number;
      users: { id: string }[];
    }[];
    const members = groups.find((g) => g.id === group)!.users.map((user) => user.id);
    expect(members.sort()).toEqual([ids.curatorA, ids.basic, ids.curatorB].sort());
  });

  it('two admins replacing one group’s members at once: one of the two wins whole', async () => {
    const group = await makeGroup('Contested', []);
    const first = [ids.curatorA, ids.basic];
    const second = [ids.curatorB];
    const other = await server.keyFor('admin', 'second.admin@scoping.test');
    const answers = await Promise.all([
      api(server, 'PATCH', `${GROUPS}/${group}`, { body: { user_ids: first, cc_pair_ids: [] } }),
      api(server, 'PATCH', `${GROUPS}/${group}`, {
        key: other,
        body: { user_ids: second, cc_pair_ids: [] },
      }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const groups = (await ok('GET', GROUPS)) as unknown as {
      id: number;
      users: { id: string }[];
    }[];
    const members = groups
      .find((g) => g.id === group)!
      .users.map((user) => user.id)
      .sort();
    expect([[...first].sort(), [...second].sort()]).toContainEqual(members);
  });
});
