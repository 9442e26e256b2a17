// Document sets (docs/api.md, "Document sets") at Onyx's routes, bodies and
// words, scoped by D13: the rules × the five roles (admin, curator of A, global
// curator in A, basic member of A, curator of B) × pairs public, private to A
// and private to B. Not visible → 404 as if absent; visible but not theirs to
// change → 403. Runs on SQLite (api) and PostgreSQL (api-pg).
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_SET_REFUSALS, USERS_REFUSAL } from '../../src/contract/documentSets';
import { GROUP_CHOICE_REFUSALS } from '../../src/contract/groups';
import { api, createConnector, NOT_CURATOR, plainRequest, snapshotDb } from '../support/http';
import { useTestServer } from '../support/useTestServer';

// The five roles of D13 against groups Sales (A) and Eng (B), and a web pair
// public, private to A and private to B (each named as its connector).
const server = useTestServer({
  seed: {
    groups: ['Sales', 'Eng'],
    users: {
      curatorA: { role: 'basic', curates: ['Sales'] },
      globalA: { role: 'global_curator', memberOf: ['Sales'] },
      basicA: { role: 'basic', memberOf: ['Sales'] },
      curatorB: { role: 'basic', curates: ['Eng'] },
    },
    pairs: {
      'Wiki public': {},
      'Wiki privateA': { privateTo: ['Sales'] },
      'Wiki privateB': { privateTo: ['Eng'] },
    },
  },
});
const SETS = '/manage/admin/document-set';
const LIST = '/manage/document-set';
const GROUPS = '/manage/admin/user-group';
const CONNECTORS = '/manage/admin/connector';

type Who = 'admin' | 'curatorA' | 'globalA' | 'basicA' | 'curatorB';
const keys = {} as Record<Who, string>;
const ids = {} as Record<Who, string>;
let groupA: number;
let groupB: number;
type PairKind = 'public' | 'privateA' | 'privateB';
const pair = {} as Record<PairKind, number>;
/** Sets made by the admin: public (of all three pairs), private to A, private to B. */
const set = {} as Record<'public' | 'privateA' | 'privateB', number>;

interface Summary {
  id: number;
  name: string;
  cc_pair_summaries: { id: number; name: string; source: string; access_type: string }[];
  is_public: boolean;
  groups: number[];
  users: string[];
  is_up_to_date: boolean;
  document_count: number | null;
  is_editable: boolean;
}

async function ok(method: string, path: string, body?: unknown, key = server.adminKey) {
  const response = await api(server, method, path, { body, key });
  expect(response.status, `${method} ${path}: ${response.text}`).toBe(200);
  return response.json;
}

let counter = 0;
const setBody = (over: Record<string, unknown> = {}) => ({
  name: `Set ${++counter}`,
  description: 'Handbooks and wikis',
  cc_pair_ids: [pair.public],
  is_public: true,
  users: [],
  groups: [],
  ...over,
});

async function makeSet(over: Record<string, unknown>, key = server.adminKey) {
  return (await ok('POST', SETS, setBody(over), key)) as number;
}

const listed = async (who: Who, query = '') =>
  (await ok('GET', `${LIST}${query}`, undefined, keys[who])) as Summary[];

async function oneSet(id: number): Promise<Summary | undefined> {
  return ((await ok('GET', LIST)) as Summary[]).find((item) => item.id === id);
}

beforeAll(async () => {
  const { seeded } = server;
  Object.assign(keys, seeded.keys, { admin: server.adminKey });
  Object.assign(ids, seeded.userIds);
  groupA = seeded.groups.Sales;
  groupB = seeded.groups.Eng;
  for (const kind of ['public', 'privateA', 'privateB'] as const) {
    pair[kind] = seeded.pairs[`Wiki ${kind}`].pair;
  }
  set.public = await makeSet({ cc_pair_ids: [pair.public, pair.privateA, pair.privateB] });
  set.privateA = await makeSet({
    is_public: false,
    groups: [groupA],
    cc_pair_ids: [pair.public, pair.privateA],
  });
  set.privateB = await makeSet({
    is_public: false,
    groups: [groupB],
    cc_pair_ids: [pair.public, pair.privateB],
  });
});

describe('D13 who sees which set', () => {
  const sees: Record<Who, (keyof typeof set)[]> = {
    admin: ['public', 'privateA', 'privateB'],
    curatorA: ['public', 'privateA'],
    globalA: ['public', 'privateA'],
    basicA: ['public', 'privateA'],
    curatorB: ['public', 'privateB'],
  };
  const edits: Record<Who, (keyof typeof set)[]> = {
    admin: ['public', 'privateA', 'privateB'],
    curatorA: ['privateA'],
    globalA: ['privateA'],
    basicA: [],
    curatorB: ['privateB'],
  };
  const ours = (rows: Summary[]) =>
    rows.filter((row) => Object.values(set).includes(row.id)).map((row) => row.id);

  it.each(Object.keys(sees) as Who[])('%s: GET /document-set lists what they see', async (who) => {
    expect(ours(await listed(who))).toEqual(sees[who].map((name) => set[name]));
  });

  it.each(Object.keys(edits) as Who[])(
    '%s: ?get_editable=true lists what they change',
    async (who) => {
      const rows = await listed(who, '?get_editable=true');
      expect(ours(rows)).toEqual(edits[who].map((name) => set[name]));
      expect(rows.every((row) => row.is_editable)).toBe(true);
    },
  );

  it('a public set shows each reader only the pairs they see', async () => {
    const pairsFor = async (who: Who) =>
      (await listed(who))
        .find((row) => row.id === set.public)!
        .cc_pair_summaries.map((item) => item.id);
    expect(await pairsFor('admin')).toEqual([pair.public, pair.privateA, pair.privateB]);
    expect(await pairsFor('curatorA')).toEqual([pair.public, pair.privateA]);
    expect(await pairsFor('curatorB')).toEqual([pair.public, pair.privateB]);
  });

  it('the summary is Onyx’s: pairs with name, source and access; no users; count not reported', async () => {
    const summary = (await oneSet(set.privateA))!;
    expect(summary).toMatchObject({
      description: 'Handbooks and wikis',
      is_public: false,
      groups: [groupA],
      users: [],
      is_up_to_date: true,
      document_count: null,
    });
    expect(summary.cc_pair_summaries[1]).toEqual({
      id: pair.privateA,
      name: 'Wiki privateA',
      source: 'web',
      access_type: 'private',
    });
  });

  it('?get_editable takes only true or false (D3)', async () => {
    const response = await api(server, 'GET', `${LIST}?get_editable=maybe`);
    expect(response.status).toBe(422);
  });
});

describe('D13 who makes which set, of which pairs', () => {
  // Each role × each pair kind, in a set private to A (the admin and A's people) or B.
  const cases: [Who, PairKind, number | 'A' | 'B', number, string?][] = [
    ['admin', 'privateA', 'A', 200],
    ['admin', 'privateB', 'A', 400, DOCUMENT_SET_REFUSALS.notOwnedByGroups(0)],
    ['curatorA', 'public', 'A', 200],
    ['curatorA', 'privateA', 'A', 200],
    ['curatorA', 'privateB', 'A', 403, DOCUMENT_SET_REFUSALS.pairNotAccessible],
    ['globalA', 'privateA', 'A', 200],
    ['globalA', 'privateB', 'A', 403, DOCUMENT_SET_REFUSALS.pairNotAccessible],
    ['curatorB', 'privateA', 'B', 403, DOCUMENT_SET_REFUSALS.pairNotAccessible],
    ['curatorB', 'privateB', 'B', 200],
    ['curatorB', 'public', 'A', 400, GROUP_CHOICE_REFUSALS.notControlled],
  ];

  it.each(cases)(
    '%s puts the %s pair in a set of group %s: %i',
    async (who, kind, g, status, detail) => {
      const before = await snapshotDb(server);
      const body = setBody({
        is_public: false,
        groups: [g === 'A' ? groupA : groupB],
        cc_pair_ids: [pair[kind]],
      });
      const response = await api(server, 'POST', SETS, { body, key: keys[who] });
      expect(response.status, response.text).toBe(status);
      if (status === 200) {
        expect(typeof response.json).toBe('number');
        return;
      }
      const expected = detail!.replace("'0'", `'${pair[kind]}'`);
      expect(response.json).toEqual({ detail: expected });
      expect(await snapshotDb(server)).toEqual(before);
    },
  );

  it('a basic user makes no set (D2), even in their own group', async () => {
    const response = await api(server, 'POST', SETS, {
      body: setBody({ is_public: false, groups: [groupA] }),
      key: keys.basicA,
    });
    expect([response.status, response.json]).toEqual([403, NOT_CURATOR]);
  });

  it('a pair that does not exist reads to a curator as one they may not use (no leak); to an admin as missing', async () => {
    const curator = await api(server, 'POST', SETS, {
      body: setBody({ cc_pair_ids: [999_999] }),
      key: keys.curatorA,
    });
    expect([curator.status, curator.json]).toEqual([
      403,
      { detail: DOCUMENT_SET_REFUSALS.pairNotAccessible },
    ]);
    const admin = await api(server, 'POST', SETS, { body: setBody({ cc_pair_ids: [999_999] }) });
    expect(admin.status).toBe(404);
  });

  it('a curator’s private set with no group is theirs alone: seen and changed by them and admins', async () => {
    const id = await makeSet({ is_public: false, groups: [] }, keys.curatorA);
    expect((await listed('curatorA')).some((row) => row.id === id && row.is_editable)).toBe(true);
    expect((await listed('globalA')).some((row) => row.id === id)).toBe(false);
    const patch = { ...setBody({ id, is_public: false }), name: undefined };
    const other = await api(server, 'PATCH', SETS, { body: patch, key: keys.globalA });
    expect([other.status, other.json]).toEqual([
      404,
      { detail: DOCUMENT_SET_REFUSALS.notFound(id) },
    ]);
    expect((await api(server, 'PATCH', SETS, { body: patch, key: keys.curatorA })).status).toBe(
      200,
    );
  });

  it('a private set with a private pair needs one of the pair’s groups (Onyx’s words)', async () => {
    const response = await api(server, 'POST', SETS, {
      body: setBody({ is_public: false, groups: [], cc_pair_ids: [pair.privateA] }),
    });
    expect([response.status, response.json]).toEqual([
      400,
      { detail: DOCUMENT_SET_REFUSALS.notOwnedByGroups(pair.privateA) },
    ]);
  });
});

describe('the rules of a set, in Onyx’s words', () => {
  it('no connector: 400', async () => {
    const response = await api(server, 'POST', SETS, { body: setBody({ cc_pair_ids: [] }) });
    expect([response.status, response.json]).toEqual([
      400,
      { detail: DOCUMENT_SET_REFUSALS.noPairs },
    ]);
  });

  it('a name taken: a clean 400 on create and on rename, nothing changed', async () => {
    const name = `Taken ${++counter}`;
    await makeSet({ name });
    const before = await snapshotDb(server);
    const again = await api(server, 'POST', SETS, { body: setBody({ name }) });
    expect([again.status, again.json]).toEqual([
      400,
      { detail: DOCUMENT_SET_REFUSALS.duplicate(name) },
    ]);
    const other = await makeSet({});
    const renamed = await api(server, 'PATCH', SETS, { body: { ...setBody({ name }), id: other } });
    expect([renamed.status, renamed.json]).toEqual([
      400,
      { detail: DOCUMENT_SET_REFUSALS.duplicate(name) },
    ]);
    expect((await oneSet(other))!.name).not.toBe(name);
    expect((await snapshotDb(server)).document_sets!.length).toBe(before.document_sets!.length + 1);
  });

  it('users: refused (422) rather than stored and ignored', async () => {
    const response = await api(server, 'POST', SETS, { body: setBody({ users: [ids.basicA] }) });
    expect(response.status).toBe(422);
    expect(response.json).toEqual({
      detail: [{ loc: ['body', 'users'], msg: USERS_REFUSAL, type: 'value_error' }],
    });
  });

  it('an unknown group: 422 at its place', async () => {
    const response = await api(server, 'POST', SETS, {
      body: setBody({ is_public: false, groups: [groupA, 987_654] }),
    });
    expect(response.status).toBe(422);
    expect((response.json as { detail: { loc: unknown[] }[] }).detail[0]!.loc).toEqual([
      'body',
      'groups',
      1,
    ]);
  });

  it('PATCH is a full replacement; a name left out stays; a rename is allowed', async () => {
    const id = await makeSet({ cc_pair_ids: [pair.public, pair.privateA] });
    const name = (await oneSet(id))!.name;
    await ok('PATCH', SETS, {
      id,
      description: 'Only A',
      cc_pair_ids: [pair.privateA],
      is_public: false,
      groups: [groupA],
    });
    expect(await oneSet(id)).toMatchObject({
      name,
      description: 'Only A',
      is_public: false,
      groups: [groupA],
      cc_pair_summaries: [expect.objectContaining({ id: pair.privateA })],
    });
    await ok('PATCH', SETS, { ...setBody({ name: `${name} renamed` }), id });
    expect((await oneSet(id))!.name).toBe(`${name} renamed`);
  });

  it('changes and deletes: a curator of A changes A’s set, not B’s (404) nor the admin’s public one (403)', async () => {
    const body = (id: number, over = {}) => ({ ...setBody({ name: undefined, ...over }), id });
    const mine = await makeSet({
      is_public: false,
      groups: [groupA],
      cc_pair_ids: [pair.privateA],
    });
    expect(
      (
        await api(server, 'PATCH', SETS, {
          body: body(mine, { is_public: false, groups: [groupA] }),
          key: keys.curatorA,
        })
      ).status,
    ).toBe(200);
    const theirs = await api(server, 'PATCH', SETS, {
      body: body(set.privateB),
      key: keys.curatorA,
    });
    expect([theirs.status, theirs.json]).toEqual([
      404,
      { detail: DOCUMENT_SET_REFUSALS.notFound(set.privateB) },
    ]);
    const shared = await api(server, 'PATCH', SETS, { body: body(set.public), key: keys.curatorA });
    expect(shared.status).toBe(403);
    const sharedDelete = await api(server, 'DELETE', `${SETS}/${set.public}`, {
      key: keys.globalA,
    });
    expect([sharedDelete.status, sharedDelete.json]).toEqual([
      403,
      { detail: DOCUMENT_SET_REFUSALS.sharedDelete },
    ]);
    const hidden = await api(server, 'DELETE', `${SETS}/${set.privateB}`, { key: keys.curatorA });
    expect(hidden.status).toBe(404);
    expect((await api(server, 'DELETE', `${SETS}/${mine}`, { key: keys.basicA })).status).toBe(403);
    expect((await api(server, 'DELETE', `${SETS}/${mine}`, { key: keys.curatorA })).status).toBe(
      200,
    );
    expect(await oneSet(mine)).toBeUndefined();
  });

  it('a curator of A cannot move A’s set to B, nor put B’s private pair in it (403)', async () => {
    const mine = await makeSet({
      is_public: false,
      groups: [groupA],
      cc_pair_ids: [pair.privateA],
    });
    const toB = await api(server, 'PATCH', SETS, {
      body: {
        ...setBody({ is_public: false, groups: [groupB], cc_pair_ids: [pair.public] }),
        id: mine,
      },
      key: keys.curatorA,
    });
    expect([toB.status, toB.json]).toEqual([400, { detail: GROUP_CHOICE_REFUSALS.notControlled }]);
    const withB = await api(server, 'PATCH', SETS, {
      body: {
        ...setBody({
          is_public: false,
          groups: [groupA],
          cc_pair_ids: [pair.privateA, pair.privateB],
        }),
        id: mine,
      },
      key: keys.curatorA,
    });
    expect([withB.status, withB.json]).toEqual([
      403,
      { detail: DOCUMENT_SET_REFUSALS.pairNotAccessible },
    ]);
  });
});

describe('a pair detached or deleted leaves its sets', () => {
  it('the set stays, without the pair; a set left with none says so (no pair), not deleted', async () => {
    const connector = await createConnector(server, plainRequest('web', { name: 'Short-lived' }));
    const attached = (await ok(
      'PUT',
      `${CONNECTORS}/${connector}/credential/${server.seeded.credential}`,
    )) as {
      data: number;
    };
    const both = await makeSet({ cc_pair_ids: [pair.public, attached.data] });
    const alone = await makeSet({ cc_pair_ids: [attached.data] });
    await ok('DELETE', `${CONNECTORS}/${connector}/credential/${server.seeded.credential}`);
    expect((await oneSet(both))!.cc_pair_summaries.map((item) => item.id)).toEqual([pair.public]);
    expect((await oneSet(alone))!.cc_pair_summaries).toEqual([]);
  });

  it('a connector deleted: its sets stay', async () => {
    const connector = await createConnector(server, plainRequest('web', { name: 'Gone soon' }));
    const attached = (await ok(
      'PUT',
      `${CONNECTORS}/${connector}/credential/${server.seeded.credential}`,
    )) as {
      data: number;
    };
    const id = await makeSet({ cc_pair_ids: [attached.data] });
    await ok('DELETE', `${CONNECTORS}/${connector}/credential/${server.seeded.credential}`);
    await ok('DELETE', `${CONNECTORS}/${connector}`);
    expect(await oneSet(id)).toMatchObject({ cc_pair_summaries: [] });
  });
});

describe('a group’s document sets (Onyx’s PATCH …/document-sets)', () => {
  it('sharing a set with a group shows it in the group’s answer; removing it takes it away', async () => {
    const id = await makeSet({ is_public: false, groups: [groupA], cc_pair_ids: [pair.public] });
    const shared = (await ok('PATCH', `${GROUPS}/${groupB}/document-sets`, {
      added_document_set_ids: [id],
      removed_document_set_ids: [],
    })) as { document_sets: Summary[] };
    expect(shared.document_sets.map((item) => item.id)).toContain(id);
    expect((await oneSet(id))!.groups).toEqual([groupA, groupB].sort((a, b) => a - b));
    const groups = (await ok('GET', GROUPS)) as { id: number; document_sets: Summary[] }[];
    expect(groups.find((g) => g.id === groupB)!.document_sets.map((s) => s.id)).toContain(id);
    await ok('PATCH', `${GROUPS}/${groupB}/document-sets`, {
      added_document_set_ids: [],
      removed_document_set_ids: [id],
    });
    expect((await oneSet(id))!.groups).toEqual([groupA]);
  });

  it('a curator controls only their groups and their sets; removing the group a private pair needs is refused', async () => {
    const id = await makeSet({ is_public: false, groups: [groupA], cc_pair_ids: [pair.privateA] });
    const other = await api(server, 'PATCH', `${GROUPS}/${groupB}/document-sets`, {
      body: { added_document_set_ids: [id], removed_document_set_ids: [] },
      key: keys.curatorA,
    });
    expect(other.status).toBe(404);
    const emptied = await api(server, 'PATCH', `${GROUPS}/${groupA}/document-sets`, {
      body: { added_document_set_ids: [], removed_document_set_ids: [id] },
    });
    expect([emptied.status, emptied.json]).toEqual([
      400,
      { detail: DOCUMENT_SET_REFUSALS.notOwnedByGroups(pair.privateA) },
    ]);
  });
});

describe('activity', () => {
  it('document_set.create, update and delete are recorded with the fields that changed', async () => {
    const id = await makeSet({ name: 'Logged set' });
    await ok('PATCH', SETS, { ...setBody({ name: 'Logged set', description: 'Changed' }), id });
    await ok('DELETE', `${SETS}/${id}`);
    const page = (await ok('GET', '/admin/audit?resource_type=document_set')) as {
      items: { action: string; resource_name: string; changes: Record<string, unknown> }[];
    };
    const mine = page.items.filter((item) => item.resource_name === 'Logged set');
    expect(mine.map((item) => item.action)).toEqual([
      'document_set.delete',
      'document_set.update',
      'document_set.create',
    ]);
    expect(mine[1]!.changes).toEqual({
      description: { before: 'Handbooks and wikis', after: 'Changed' },
    });
  });
});

describe('bodies fuzzed (D3): a bad body is a 422 that changes nothing, never a 500', () => {
  const bad: unknown[] = [
    [],
    'text',
    {},
    { name: '', description: '', cc_pair_ids: [1], is_public: true },
    { name: 'x', description: 3, cc_pair_ids: [1], is_public: true },
    { name: 'x', description: '', cc_pair_ids: ['1'], is_public: true },
    { name: 'x', description: '', cc_pair_ids: [1, 1], is_public: true },
    { name: 'x', description: '', cc_pair_ids: [1.5], is_public: 'true' },
    { name: 'x', description: '', cc_pair_ids: null, is_public: true, groups: [null] },
    { name: 'x'.repeat(201), description: '', cc_pair_ids: [1], is_public: true },
    { name: 'x', description: 'y'.repeat(2001), cc_pair_ids: [1], is_public: true },
    { name: 'x', description: '', cc_pair_ids: [1], is_public: true, users: 'all' },
  ];
  it.each(bad.map((body) => [JSON.stringify(body).slice(0, 60), body]))(
    'POST %s',
    async (_label, body) => {
      const before = await snapshotDb(server);
      const response = await api(server, 'POST', SETS, { body });
      expect(response.status, response.text).toBe(422);
      expect(Array.isArray((response.json as { detail: unknown[] }).detail)).toBe(true);
      expect(await snapshotDb(server)).toEqual(before);
    },
  );

  it('random bodies: 200, 400, 403, 404 or 422, never a 500', async () => {
    const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
    const values = [null, true, 0, -1, 1.5, 'a', '', [], {}, [1], [pair.public], [groupA]];
    for (let round = 0; round < 40; round++) {
      const body: Record<string, unknown> = {};
      for (const field of [
        'id',
        'name',
        'description',
        'cc_pair_ids',
        'is_public',
        'users',
        'groups',
      ]) {
        if (Math.random() < 0.8) body[field] = pick(values);
      }
      const response = await api(server, pick(['POST', 'PATCH']), SETS, { body });
      expect([200, 400, 403, 404, 422], `${JSON.stringify(body)}: ${response.text}`).toContain(
        response.status,
      );
    }
  });
});
