// D13: user groups at Onyx's routes — who may make, see and change them, the
// words of each refusal, roles that follow curatorships, and the activity of each.
import { describe, expect, it } from 'vitest';
import type { UserRole } from '../../src/contract/contract';
import { CURATOR_REFUSALS, duplicateGroupRefusal } from '../../src/contract/groups';
import { findUserByEmail } from '../../server/repos/users';
import { useFreshTestServer } from '../support/useTestServer';
import {
  addCredential,
  api,
  attach,
  createConnector,
  NOT_ADMIN,
  NOT_CURATOR,
  plainRequest,
  snapshotDb,
} from '../support/http';

const server = useFreshTestServer();

const GROUPS = '/manage/admin/user-group';

/** A person of `role` with a key: their id and key. */
async function person(role: UserRole, email: string) {
  const key = await server.keyFor(role, email);
  return { key, id: (await findUserByEmail(server.store.db, email))!.id, email };
}
const roleOf = async (email: string) => (await findUserByEmail(server.store.db, email))?.role;

async function makeGroup(name: string, user_ids: string[] = [], cc_pair_ids: number[] = []) {
  const response = await api(server, 'POST', GROUPS, { body: { name, user_ids, cc_pair_ids } });
  expect(response.status, response.text).toBe(200);
  return response.json as { id: number; name: string; curator_ids: string[] };
}

const setCurator = (groupId: number, user_id: string, is_curator: boolean, key?: string) =>
  api(server, 'POST', `${GROUPS}/${groupId}/set-curator`, {
    body: { user_id, is_curator },
    key,
  });

/** A connector with a credential attached: the pair's id. */
async function pair(name: string, access: 'public' | 'private' = 'public', groups: number[] = []) {
  const connector = await createConnector(server, plainRequest('web', { name }));
  const credential = await addCredential(server, 'web', {}, `${name} credential`);
  const attached = await attach(server, connector, credential);
  const id = (attached.json as { data: number }).data;
  const db = server.store.db;
  await db
    .updateTable('connector_credential_pairs')
    .set({ access_type: access })
    .where('id', '=', id)
    .execute();
  for (const group_id of groups) {
    await db.insertInto('pair_groups').values({ pair_id: id, group_id }).execute();
  }
  return id;
}

async function expectUnchanged(request: () => Promise<{ status: number; json: unknown }>) {
  const before = await snapshotDb(server);
  const response = await request();
  expect(await snapshotDb(server)).toEqual(before);
  return response;
}

describe('D13 making groups', () => {
  it("an admin makes a group; it answers Onyx's UserGroup shape", async () => {
    const pat = await person('basic', 'pat@example.com');
    const pairId = await pair('Handbook');
    const response = await api(server, 'POST', GROUPS, {
      body: { name: 'Sales', user_ids: [pat.id], cc_pair_ids: [pairId] },
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      id: expect.any(Number),
      name: 'Sales',
      users: [{ id: pat.id, email: 'pat@example.com', is_active: true, role: 'basic' }],
      curator_ids: [],
      cc_pairs: [
        {
          id: pairId,
          name: null,
          access_type: 'public',
          connector: { id: expect.any(Number), name: 'Handbook', source: 'web' },
          credential: { id: expect.any(Number), name: 'Handbook credential', source: 'web' },
        },
      ],
      document_sets: [],
      personas: [],
      is_up_to_date: true,
      is_up_for_deletion: false,
    });
  });

  it("a name taken is refused in Onyx's words, and nothing changes", async () => {
    await makeGroup('Sales');
    const response = await expectUnchanged(() =>
      api(server, 'POST', GROUPS, { body: { name: 'Sales', user_ids: [], cc_pair_ids: [] } }),
    );
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ detail: duplicateGroupRefusal('Sales') });
  });

  it('a name taken but for its letter case is refused too: names are unique as people read them', async () => {
    await makeGroup('Engineering');
    const response = await expectUnchanged(() =>
      api(server, 'POST', GROUPS, {
        body: { name: 'engineering', user_ids: [], cc_pair_ids: [] },
      }),
    );
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ detail: duplicateGroupRefusal('engineering') });
  });

  it('unknown users or pairs: 404 naming them; malformed or repeated ids: 422 (D3)', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    let response = await expectUnchanged(() =>
      api(server, 'POST', GROUPS, { body: { name: 'A', user_ids: [missing], cc_pair_ids: [] } }),
    );
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ detail: `User(s) not found: ${missing}` });
    response = await expectUnchanged(() =>
      api(server, 'POST', GROUPS, { body: { name: 'A', user_ids: [], cc_pair_ids: [999] } }),
    );
    expect(response.status).toBe(404);
    const pat = await person('basic', 'pat@example.com');
    response = await expectUnchanged(() =>
      api(server, 'POST', GROUPS, {
        body: { name: 'A', user_ids: [pat.id, pat.id, 7], cc_pair_ids: ['1'] },
      }),
    );
    expect(response.status).toBe(422);
    const locs = (response.json as { detail: { loc: unknown[] }[] }).detail.map((d) => d.loc);
    expect(locs).toEqual(
      expect.arrayContaining([
        ['body', 'user_ids', 1],
        ['body', 'user_ids', 2],
        ['body', 'cc_pair_ids', 0],
      ]),
    );
    response = await api(server, 'POST', GROUPS, { body: { name: 'A' } });
    expect(response.status).toBe(422);
  });

  it('only admins make and delete groups (D13)', async () => {
    const group = await makeGroup('Eng');
    for (const role of ['curator', 'global_curator', 'basic'] as const) {
      const { key } = await person(role, `${role}@example.com`);
      const made = await api(server, 'POST', GROUPS, {
        body: { name: 'Mine', user_ids: [], cc_pair_ids: [] },
        key,
      });
      expect(made.status).toBe(403);
      expect(made.json).toEqual(NOT_ADMIN);
      const deleted = await api(server, 'DELETE', `${GROUPS}/${group.id}`, { key });
      expect(deleted.status).toBe(403);
    }
  });
});

describe('D13 who sees which group', () => {
  it('an admin all; a curator the groups they curate; a global curator those they are in', async () => {
    const cura = await person('basic', 'cura@example.com');
    const glob = await person('global_curator', 'glob@example.com');
    const sales = await makeGroup('Sales', [cura.id]);
    const eng = await makeGroup('Eng', [cura.id, glob.id]);
    await makeGroup('Legal');
    expect((await setCurator(sales.id, cura.id, true)).status).toBe(200);

    const names = async (key?: string) =>
      ((await api(server, 'GET', GROUPS, { key })).json as { name: string }[]).map((g) => g.name);
    expect(await names()).toEqual(['Eng', 'Legal', 'Sales']);
    expect(await names(cura.key)).toEqual(['Sales']);
    expect(await names(glob.key)).toEqual(['Eng']);

    // Another group answers as if it did not exist.
    const other = await api(server, 'PATCH', `${GROUPS}/${eng.id}`, {
      body: { user_ids: [], cc_pair_ids: [] },
      key: cura.key,
    });
    expect(other.status).toBe(404);

    // The minimal list: every group for an admin, one's own groups for anyone else.
    const minimal = async (key?: string) =>
      (await api(server, 'GET', '/manage/user-groups/minimal', { key })).json;
    expect(await minimal(cura.key)).toEqual([
      { id: eng.id, name: 'Eng' },
      { id: sales.id, name: 'Sales' },
    ]);
    expect(await minimal()).toHaveLength(3);

    // The names a choice of groups offers: exactly the groups one controls, ids and names alone.
    const controlled = async (key?: string) =>
      (await api(server, 'GET', `${GROUPS}/names`, { key })).json;
    expect(await controlled(cura.key)).toEqual([{ id: sales.id, name: 'Sales' }]);
    expect(await controlled(glob.key)).toEqual([{ id: eng.id, name: 'Eng' }]);
    expect(((await controlled()) as { name: string }[]).map((g) => g.name)).toEqual([
      'Eng',
      'Legal',
      'Sales',
    ]);

    const basic = await person('basic', 'nobody@example.com');
    for (const path of [GROUPS, `${GROUPS}/names`]) {
      const refused = await api(server, 'GET', path, { key: basic.key });
      expect(refused.status).toBe(403);
      expect(refused.json).toEqual(NOT_CURATOR);
    }
  });

  it('GET /me names the groups one belongs to and those one curates', async () => {
    const cura = await person('basic', 'cura@example.com');
    const sales = await makeGroup('Sales', [cura.id]);
    const eng = await makeGroup('Eng', [cura.id]);
    await setCurator(eng.id, cura.id, true);
    const me = await api(server, 'GET', '/me', { key: cura.key });
    expect((me.json as { groups: unknown }).groups).toEqual([
      { id: eng.id, name: 'Eng', is_curator: true },
      { id: sales.id, name: 'Sales', is_curator: false },
    ]);
  });
});

describe('D13 curators and roles', () => {
  it('set-curator makes a basic member curator; the last curatorship gone, basic again', async () => {
    const pat = await person('basic', 'pat@example.com');
    const group = await makeGroup('Eng', [pat.id]);
    const made = await setCurator(group.id, pat.id, true);
    expect(made.status).toBe(200);
    expect(made.text).toBe('null');
    expect(await roleOf(pat.email)).toBe('curator');
    // From the next request the key acts as a curator: it may list connectors.
    expect((await api(server, 'GET', '/manage/admin/connector', { key: pat.key })).status).toBe(
      200,
    );
    expect((await setCurator(group.id, pat.id, false)).status).toBe(200);
    expect(await roleOf(pat.email)).toBe('basic');
    expect((await api(server, 'GET', '/manage/admin/connector', { key: pat.key })).status).toBe(
      403,
    );
  });

  it("refuses an admin, a global curator and a non-member in Onyx's words", async () => {
    const admin = await person('admin', 'boss@example.com');
    const glob = await person('global_curator', 'glob@example.com');
    const out = await person('basic', 'out@example.com');
    const group = await makeGroup('Eng', [admin.id, glob.id]);
    const cases: [string, string][] = [
      [admin.id, CURATOR_REFUSALS.admin(admin.email)],
      [glob.id, CURATOR_REFUSALS.globalCurator(glob.email)],
      [out.id, CURATOR_REFUSALS.notMember(out.email, group.id)],
    ];
    for (const [id, detail] of cases) {
      const response = await expectUnchanged(() => setCurator(group.id, id, true));
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ detail });
    }
  });

  it("a curator edits their own group's members and curators, not another's", async () => {
    const lead = await person('basic', 'lead@example.com');
    const pat = await person('basic', 'pat@example.com');
    const eng = await makeGroup('Eng', [lead.id]);
    const sales = await makeGroup('Sales', [pat.id]);
    await setCurator(eng.id, lead.id, true);
    const added = await api(server, 'POST', `${GROUPS}/${eng.id}/add-users`, {
      body: { user_ids: [pat.id] },
      key: lead.key,
    });
    expect(added.status).toBe(200);
    expect((await setCurator(eng.id, pat.id, true, lead.key)).status).toBe(200);
    expect(await roleOf(pat.email)).toBe('curator');
    expect((await setCurator(sales.id, pat.id, true, lead.key)).status).toBe(404);
  });

  it('removing a curator from the members, or deleting the group, makes them basic again', async () => {
    const pat = await person('basic', 'pat@example.com');
    const sam = await person('basic', 'sam@example.com');
    const eng = await makeGroup('Eng', [pat.id]);
    const ops = await makeGroup('Ops', [sam.id]);
    await setCurator(eng.id, pat.id, true);
    await setCurator(ops.id, sam.id, true);
    const replaced = await api(server, 'PATCH', `${GROUPS}/${eng.id}`, {
      body: { user_ids: [], cc_pair_ids: [] },
    });
    expect(replaced.status).toBe(200);
    expect(await roleOf(pat.email)).toBe('basic');
    const deleted = await api(server, 'DELETE', `${GROUPS}/${ops.id}`);
    expect(deleted.status).toBe(200);
    expect(await roleOf(sam.email)).toBe('basic');
    expect((await api(server, 'DELETE', `${GROUPS}/${ops.id}`)).status).toBe(404);
  });

  it('a curator made something else by set-user-role curates nothing any more', async () => {
    const pat = await person('basic', 'pat@example.com');
    const eng = await makeGroup('Eng', [pat.id]);
    await setCurator(eng.id, pat.id, true);
    const changed = await api(server, 'PATCH', '/manage/set-user-role', {
      body: { user_email: pat.email, new_role: 'global_curator' },
    });
    expect(changed.status).toBe(200);
    const groups = (await api(server, 'GET', GROUPS)).json as { curator_ids: string[] }[];
    expect(groups[0]!.curator_ids).toEqual([]);
  });
});

describe('D13 pairs of a group', () => {
  it("a curator may not move a pair of another group, nor see one private to it (Onyx's hole)", async () => {
    const lead = await person('basic', 'lead@example.com');
    const a = await makeGroup('A', [lead.id]);
    const b = await makeGroup('B');
    await setCurator(a.id, lead.id, true);
    const privateToB = await pair('Payroll', 'private', [b.id]);
    const shared = await pair('Shared', 'private', [a.id, b.id]);
    const open = await pair('Handbook');
    const patch = (cc_pair_ids: number[]) =>
      api(server, 'PATCH', `${GROUPS}/${a.id}`, {
        body: { user_ids: [lead.id], cc_pair_ids },
        key: lead.key,
      });
    let response = await expectUnchanged(() => patch([privateToB]));
    expect(response.status).toBe(404);
    // Taking Shared out of A changes a pair that B holds too.
    response = await expectUnchanged(() => patch([]));
    expect(response.status).toBe(403);
    response = await patch([shared, open]);
    expect(response.status).toBe(200);
    // An admin may.
    const byAdmin = await api(server, 'PATCH', `${GROUPS}/${a.id}`, {
      body: { user_ids: [lead.id], cc_pair_ids: [shared, open, privateToB] },
    });
    expect(byAdmin.status).toBe(200);
  });

  it('deleting a group leaves its pairs with their other groups; a private pair with none stays private', async () => {
    const a = await makeGroup('A');
    const b = await makeGroup('B');
    const both = await pair('Both', 'private', [a.id, b.id]);
    const onlyA = await pair('Only A', 'private', [a.id]);
    await api(server, 'DELETE', `${GROUPS}/${a.id}`);
    const rows = await server.store.db
      .selectFrom('connector_credential_pairs as p')
      .leftJoin('pair_groups as g', 'g.pair_id', 'p.id')
      .select(['p.id', 'p.access_type', 'g.group_id'])
      .where('p.id', 'in', [both, onlyA])
      .orderBy('p.id')
      .execute();
    expect(
      rows.map((row) => [Number(row.id), row.access_type, row.group_id && Number(row.group_id)]),
    ).toEqual([
      [both, 'private', b.id],
      [onlyA, 'private', null],
    ]);
  });
});

describe('D13 activity', () => {
  it('each change is recorded with the role changes it caused, in its transaction', async () => {
    const pat = await person('basic', 'pat@example.com');
    const group = await makeGroup('Eng', [pat.id]);
    await setCurator(group.id, pat.id, true);
    await api(server, 'DELETE', `${GROUPS}/${group.id}`);
    const page = await api(server, 'GET', '/admin/audit');
    const records = (page.json as { items: { action: string; resource_name: string }[] }).items;
    expect(records.slice(0, 5).map((r) => [r.action, r.resource_name])).toEqual([
      ['user.role_change', pat.email],
      ['user_group.delete', 'Eng'],
      ['user.role_change', pat.email],
      ['user_group.set_curator', 'Eng'],
      ['user_group.create', 'Eng'],
    ]);
  });

  it('an update tells each changed field before and after, as every record does', async () => {
    const pat = await person('basic', 'pat@example.com');
    const group = await makeGroup('Eng', [pat.id]);
    await api(server, 'PATCH', `${GROUPS}/${group.id}`, {
      body: { user_ids: [], cc_pair_ids: [] },
    });
    const page = await api(server, 'GET', '/admin/audit?action=user_group.update');
    const [record] = (page.json as { items: { changes: Record<string, unknown> }[] }).items;
    // By address, as it was then: who left can still be read.
    expect(record!.changes).toEqual({ members: { before: [pat.email], after: [] } });
  });

  it('a refused change is recorded as denied under the action it would have been', async () => {
    const basic = await person('basic', 'nobody@example.com');
    await api(server, 'POST', GROUPS, {
      body: { name: 'X', user_ids: [], cc_pair_ids: [] },
      key: basic.key,
    });
    const page = await api(server, 'GET', '/admin/audit');
    const records = (page.json as { items: { action: string; outcome: string }[] }).items;
    expect(records[0]).toMatchObject({ action: 'user_group.create', outcome: 'denied' });
  });
});
