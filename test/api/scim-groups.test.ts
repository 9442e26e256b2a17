// SCIM Groups ↔ D13 groups (docs/scim.md): create, read, list/filter, replace,
// PATCH members in Okta's and Entra ID's dialects, delete; the D13 rules under
// SCIM (members only, never curators; a member removed loses their curatorship
// and their role is recomputed), on SQLite (api) and PostgreSQL (api-pg).
import { describe, expect, it } from 'vitest';
import { api, snapshotDb } from '../support/http';
import { useTestServer } from '../support/useTestServer';
import {
  ERROR_SCHEMA,
  GROUP_SCHEMA,
  makeScimToken,
  oktaUser,
  patchOp,
  scim,
} from '../support/scim';

const server = useTestServer();
let n = 0;
const unique = (name: string) => `${name} ${++n}`;

async function person(token: string) {
  const made = await scim(server, token, 'POST', '/Users', {
    body: oktaUser(`member.${++n}@scim.test`),
  });
  return (made.json as { id: string }).id;
}

interface ScimGroup {
  id: string;
  displayName: string;
  members?: { value: string }[];
}

async function createGroup(token: string, members: string[] = [], name = unique('Engineering')) {
  const made = await scim(server, token, 'POST', '/Groups', {
    body: {
      schemas: [GROUP_SCHEMA],
      displayName: name,
      externalId: `ext-${n}`,
      members: members.map((value) => ({ value })),
    },
  });
  expect(made.status, made.text).toBe(201);
  return made.json as ScimGroup;
}

const memberIds = async (token: string, id: string) => {
  const read = await scim(server, token, 'GET', `/Groups/${id}`);
  return ((read.json as ScimGroup).members ?? []).map((member) => member.value).sort();
};

const roleOf = async (id: string) =>
  (
    await server.store.db
      .selectFrom('users')
      .select('role')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).role;

describe('Groups', () => {
  it('creates a D13 group with members, reads, lists and filters it', async () => {
    const token = await makeScimToken(server);
    const [a, b] = [await person(token), await person(token)];
    const group = await createGroup(token, [a, b]);
    expect(group).toMatchObject({ schemas: [GROUP_SCHEMA], displayName: group.displayName });
    expect(await memberIds(token, group.id)).toEqual([a, b].sort());

    const onyx = await api(server, 'GET', '/manage/admin/user-group');
    const d13 = (onyx.json as { id: number; name: string; curator_ids: string[] }[]).find(
      (g) => String(g.id) === group.id,
    );
    expect(d13).toMatchObject({ name: group.displayName, curator_ids: [] });

    const filter = encodeURIComponent(`displayName eq "${group.displayName}"`);
    const found = await scim(
      server,
      token,
      'GET',
      `/Groups?filter=${filter}&excludedAttributes=members`,
    );
    expect(found.json).toMatchObject({ totalResults: 1, Resources: [{ id: group.id }] });
    expect((found.json as { Resources: ScimGroup[] }).Resources[0]!.members).toBeUndefined();

    const ofMember = encodeURIComponent(`members[value eq "${a}"]`);
    const mine = await scim(server, token, 'GET', `/Groups?filter=${ofMember}`);
    expect((mine.json as { Resources: ScimGroup[] }).Resources.map((g) => g.id)).toContain(
      group.id,
    );
  });

  it('refuses reserved names, a duplicate name and unknown members, changing nothing', async () => {
    const token = await makeScimToken(server);
    const taken = await createGroup(token);
    const before = await snapshotDb(server);
    const cases: [unknown, number, string][] = [
      [{ displayName: 'Admin' }, 409, "'Admin' is a reserved group name."],
      [{ displayName: 'Basic' }, 409, "'Basic' is a reserved group name."],
      [
        { displayName: taken.displayName },
        409,
        `Group with name '${taken.displayName}' already exists`,
      ],
      [
        { displayName: unique('Ops'), members: [{ value: 'nobody' }] },
        400,
        'Member(s) not found: nobody',
      ],
    ];
    for (const [body, status, detail] of cases) {
      const answer = await scim(server, token, 'POST', '/Groups', { body });
      expect(answer.status).toBe(status);
      expect(answer.json).toMatchObject({
        schemas: [ERROR_SCHEMA],
        status: String(status),
        detail,
      });
    }
    expect(await snapshotDb(server)).toEqual(before);
  });

  it.each([
    [
      'Okta',
      (id: string) => ({ op: 'add', path: 'members', value: [{ value: id }] }),
      (id: string) => ({ op: 'remove', path: `members[value eq "${id}"]` }),
    ],
    [
      'Entra ID',
      (id: string) => ({ op: 'Add', path: 'members', value: [{ value: id }] }),
      (id: string) => ({ op: 'Remove', path: 'members', value: [{ value: id }] }),
    ],
  ])('adds and removes members in %s dialect', async (_name, add, remove) => {
    const token = await makeScimToken(server);
    const [a, b] = [await person(token), await person(token)];
    const group = await createGroup(token, [a]);
    const added = await scim(server, token, 'PATCH', `/Groups/${group.id}`, {
      body: patchOp(add(b)),
    });
    expect(added.status).toBe(204);
    expect(await memberIds(token, group.id)).toEqual([a, b].sort());
    await scim(server, token, 'PATCH', `/Groups/${group.id}`, { body: patchOp(remove(a)) });
    expect(await memberIds(token, group.id)).toEqual([b]);
    const record = await server.store.db
      .selectFrom('audit_log')
      .select(['changes', 'actor_email'])
      .where('resource_id', '=', group.id)
      .where('action', '=', 'user_group.update')
      .orderBy('id')
      .execute();
    // The log names people by address, as they were then (the id alone reads as nobody).
    const bEmail = (
      await server.store.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', b!)
        .executeTakeFirstOrThrow()
    ).email;
    expect(JSON.parse(record[0]!.changes)).toEqual({ members_added: [bEmail] });
    expect(bEmail).toMatch(/@scim\.test$/);
    expect(record[0]!.actor_email).toBe('SCIM (Okta)');
  });

  it('renames (Entra ID path-less replace; Okta path), replaces members with PUT and deletes', async () => {
    const token = await makeScimToken(server);
    const [a, b] = [await person(token), await person(token)];
    const group = await createGroup(token, [a]);
    const entraName = unique('Renamed');
    await scim(server, token, 'PATCH', `/Groups/${group.id}`, {
      body: patchOp({ op: 'Replace', value: { id: group.id, displayName: entraName } }),
    });
    expect((await scim(server, token, 'GET', `/Groups/${group.id}`)).json).toMatchObject({
      displayName: entraName,
    });
    const reserved = await scim(server, token, 'PATCH', `/Groups/${group.id}`, {
      body: patchOp({ op: 'replace', path: 'displayName', value: 'Admin' }),
    });
    expect(reserved.status).toBe(409);

    const put = await scim(server, token, 'PUT', `/Groups/${group.id}`, {
      body: { schemas: [GROUP_SCHEMA], displayName: entraName, members: [{ value: b }] },
    });
    expect(put.status).toBe(200);
    expect(await memberIds(token, group.id)).toEqual([b]);

    expect((await scim(server, token, 'DELETE', `/Groups/${group.id}`)).status).toBe(204);
    const gone = await scim(server, token, 'GET', `/Groups/${group.id}`);
    expect(gone.json).toMatchObject({ status: '404', detail: `Group ${group.id} not found` });
  });
});

describe('D13 under SCIM', () => {
  it('sets members, never curators; a member removed loses their curatorship and is basic again', async () => {
    const token = await makeScimToken(server);
    const [curator, other] = [await person(token), await person(token)];
    const group = await createGroup(token, [curator, other]);
    const made = await api(server, 'POST', `/manage/admin/user-group/${group.id}/set-curator`, {
      body: { user_id: curator, is_curator: true },
    });
    expect(made.status).toBe(200);
    expect(await roleOf(curator)).toBe('curator');

    // Adding members again (PUT with the same people) keeps the curatorship: SCIM does not touch it.
    await scim(server, token, 'PATCH', `/Groups/${group.id}`, {
      body: patchOp({ op: 'add', path: 'members', value: [{ value: curator }] }),
    });
    expect(await roleOf(curator)).toBe('curator');

    await scim(server, token, 'PATCH', `/Groups/${group.id}`, {
      body: patchOp({ op: 'remove', path: `members[value eq "${curator}"]` }),
    });
    expect(await roleOf(curator)).toBe('basic');
    const groups = await api(server, 'GET', '/manage/admin/user-group');
    const d13 = (groups.json as { id: number; curator_ids: string[] }[]).find(
      (g) => String(g.id) === group.id,
    );
    expect(d13!.curator_ids).toEqual([]);
  });

  it('a group deleted by SCIM ends its curatorships and recomputes the role', async () => {
    const token = await makeScimToken(server);
    const curator = await person(token);
    const group = await createGroup(token, [curator]);
    await api(server, 'POST', `/manage/admin/user-group/${group.id}/set-curator`, {
      body: { user_id: curator, is_curator: true },
    });
    expect(await roleOf(curator)).toBe('curator');
    await scim(server, token, 'DELETE', `/Groups/${group.id}`);
    expect(await roleOf(curator)).toBe('basic');
  });
});
