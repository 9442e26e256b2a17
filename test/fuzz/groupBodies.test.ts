// The bodies D13 added: attach's `{name, access_type, groups}` (D7),
// a connector PATCH's `groups`, a credential's `groups`, and the user-group
// routes' bodies (create, replace, add-users, set-curator), sent broken — ids
// of other types, huge arrays, repeated ids, ids of no group, of no pair, of a
// deleted user, a curator's groups of another — by an admin and by a curator:
// always D3's 422 or the route's own 4xx, never a 5xx, and nothing changed
// unless the answer is 200.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../server/repos/users';
import { startTestServer, type TestServer } from '../support/harness';
import { api, createConnector, plainRequest, snapshotDb } from '../support/http';
import { FUZZ_RUNS } from './fuzzRequest';

let server: TestServer;
let curator: string;
let groups: number[];
let connectors: number[];
let members: string[];
let deletedUser: string;
let pairs: number[];

beforeAll(async () => {
  server = await startTestServer();
  curator = await server.keyFor('basic', 'fuzz.curator@groups.test');
  const { id } = (await findUserByEmail(server.store.db, 'fuzz.curator@groups.test'))!;
  groups = [];
  for (const name of ['Fuzz A', 'Fuzz B']) {
    const made = await api(server, 'POST', '/manage/admin/user-group', {
      body: { name, user_ids: name === 'Fuzz A' ? [id] : [], cc_pair_ids: [] },
    });
    groups.push((made.json as { id: number }).id);
  }
  await api(server, 'POST', `/manage/admin/user-group/${groups[0]}/set-curator`, {
    body: { user_id: id, is_curator: true },
  });
  connectors = [];
  for (const name of ['Fuzz one', 'Fuzz two']) {
    connectors.push(await createConnector(server, plainRequest('web', { name })));
  }
  // For the group routes: members to name, a user deleted (Onyx: deactivated first), a pair.
  await server.keyFor('basic', 'fuzz.member@groups.test');
  members = [id, (await findUserByEmail(server.store.db, 'fuzz.member@groups.test'))!.id];
  await server.keyFor('basic', 'fuzz.gone@groups.test');
  deletedUser = (await findUserByEmail(server.store.db, 'fuzz.gone@groups.test'))!.id;
  const body = { user_email: 'fuzz.gone@groups.test' };
  await api(server, 'PATCH', '/manage/admin/deactivate-user', { body });
  expect((await api(server, 'DELETE', '/manage/admin/delete-user', { body })).status).toBe(200);
  const paired = await createConnector(server, plainRequest('web', { name: 'Fuzz paired' }));
  const attached = await api(server, 'PUT', `/manage/admin/connector/${paired}/credential/0`);
  pairs = [(attached.json as { data: number }).data, 987_654];
});
afterAll(() => server.close());

// Read when generated: the groups are made in beforeAll.
const groupId = () =>
  fc.oneof(
    fc.integer({ min: 0, max: 2 }).map((index) => [...groups, 987_654][index]!),
    fc.integer(),
  );
const notAnId = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.double({ noInteger: true, noNaN: true }),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.constant(2 ** 60),
);
const groupList = fc.oneof(
  fc.array(groupId(), { maxLength: 6 }),
  fc.array(fc.oneof(groupId(), notAnId), { minLength: 1, maxLength: 6 }),
  fc.constantFrom(...[0, 1]).map((index) => Array.from({ length: 20_000 }, () => groups[index]!)),
  fc.constantFrom(...[0, 1]).map((index) => [groups[index]!, groups[index]!]),
  notAnId,
);
const attachBody = fc.record(
  {
    name: fc.oneof(fc.string({ maxLength: 20 }), fc.constant(null), notAnId),
    access_type: fc.oneof(fc.constantFrom('public', 'private', 'sync', 'PRIVATE', ''), notAnId),
    groups: groupList,
    other: fc.anything({ maxDepth: 1 }),
  },
  { requiredKeys: [] },
);

async function unchangedUnlessOk(request: () => ReturnType<typeof api>) {
  const before = await snapshotDb(server);
  const answer = await request();
  expect(answer.status, answer.text).toBeLessThan(500);
  expect([200, 400, 403, 404, 422]).toContain(answer.status);
  if (answer.status === 422) {
    for (const problem of (answer.json as { detail: { loc: unknown[] }[] }).detail) {
      expect(problem.loc[0]).toBe('body');
    }
  }
  if (answer.status !== 200) expect(await snapshotDb(server)).toEqual(before);
}

// Read when generated, like groupId. Mostly well-formed, so that the rules past
// D3's (unknown ids 404, a deleted user, the curator's limits) are reached too.
const mostly = <T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>) =>
  fc.oneof({ arbitrary: good, weight: 5 }, { arbitrary: bad, weight: 1 });
const userId = () =>
  fc.oneof(
    { arbitrary: fc.constantFrom(0, 1).map((index) => members[index]!), weight: 4 },
    fc.constant(null).map(() => deletedUser),
    fc.uuid(),
  );
const userIdList = mostly(
  fc.uniqueArray(userId(), { maxLength: 3 }),
  fc.oneof(
    fc.array(fc.oneof(userId(), notAnId, fc.integer()), { minLength: 1, maxLength: 5 }),
    fc.constant(null).map(() => Array.from({ length: 20_000 }, () => members[1]!)),
    fc.constant(null).map(() => [members[1]!, members[1]!]),
    notAnId,
  ),
);
const pairIdList = mostly(
  fc.uniqueArray(
    fc.oneof(
      { arbitrary: fc.constant(null).map(() => pairs[0]!), weight: 4 },
      fc.constant(987_654),
      fc.integer(),
    ),
    { maxLength: 2 },
  ),
  fc.oneof(
    fc.array(fc.oneof(fc.integer(), notAnId), { minLength: 1, maxLength: 4 }),
    fc.constant(null).map(() => Array.from({ length: 20_000 }, () => pairs[0]!)),
    fc.constant(null).map(() => [pairs[0]!, pairs[0]!]),
    notAnId,
  ),
);
const groupName = mostly(
  fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constant('Fuzz A')),
  fc.oneof(fc.constant(''), notAnId),
);
const targetGroup = () =>
  fc.oneof(
    { arbitrary: fc.constantFrom(0, 1).map((i) => groups[i]!), weight: 4 },
    fc.constant(987_654),
  );
/** Every field, or (now and then) some left out. */
const body = <T extends Record<string, unknown>>(fields: { [K in keyof T]: fc.Arbitrary<T[K]> }) =>
  mostly(fc.record(fields), fc.record(fields, { requiredKeys: [] }));

/** Each group route with a body, its path and a (mostly) broken body for it. */
const groupRequests = () =>
  fc.oneof(
    body({ name: groupName, user_ids: userIdList, cc_pair_ids: pairIdList }).map((sent) => ({
      method: 'POST',
      path: '/manage/admin/user-group',
      body: sent,
    })),
    fc
      .tuple(targetGroup(), body({ user_ids: userIdList, cc_pair_ids: pairIdList }))
      .map(([group, sent]) => ({
        method: 'PATCH',
        path: `/manage/admin/user-group/${group}`,
        body: sent,
      })),
    fc.tuple(targetGroup(), body({ user_ids: userIdList })).map(([group, sent]) => ({
      method: 'POST',
      path: `/manage/admin/user-group/${group}/add-users`,
      body: sent,
    })),
    fc
      .tuple(
        targetGroup(),
        body({
          user_id: mostly(userId(), notAnId),
          is_curator: mostly(fc.boolean(), notAnId),
        }),
      )
      .map(([group, sent]) => ({
        method: 'POST',
        path: `/manage/admin/user-group/${group}/set-curator`,
        body: sent,
      })),
  );

describe('D13 bodies, broken: 422 or the route’s 4xx, nothing changed', () => {
  it('the user-group routes’ bodies', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(groupRequests(), fc.boolean(), async (request, asCurator) => {
        await unchangedUnlessOk(() =>
          api(server, request.method, request.path, {
            body: request.body,
            key: asCurator ? curator : undefined,
          }),
        );
        // The curator stays A's curator for the next request (a replacement may have removed them).
        const group = `/manage/admin/user-group/${groups[0]}`;
        await api(server, 'POST', `${group}/add-users`, { body: { user_ids: [members[0]] } });
        await api(server, 'POST', `${group}/set-curator`, {
          body: { user_id: members[0], is_curator: true },
        });
      }),
      { numRuns: Math.max(40, Math.ceil(FUZZ_RUNS / 20)) },
    );
  });

  it('a credential’s groups', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(groupList, fc.boolean(), async (list, asCurator) => {
        await unchangedUnlessOk(() =>
          api(server, 'POST', '/manage/credential', {
            body: {
              name: 'Fuzz credential',
              source: 'web',
              credential_json: { token: 'a-secret-token-value' },
              admin_public: true,
              groups: list,
            },
            key: asCurator ? curator : undefined,
          }),
        );
      }),
      { numRuns: Math.max(20, Math.ceil(FUZZ_RUNS / 40)) },
    );
  });

  it('attach (D7)', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        attachBody,
        fc.constantFrom(...[0, 1]),
        fc.boolean(),
        async (body, index, asCurator) => {
          const path = `/manage/admin/connector/${connectors[index]}/credential/0`;
          await unchangedUnlessOk(() =>
            api(server, 'PUT', path, { body, key: asCurator ? curator : undefined }),
          );
          // Detached again, so the next body meets a connector with no pair.
          await api(server, 'DELETE', path);
        },
      ),
      { numRuns: Math.max(20, Math.ceil(FUZZ_RUNS / 40)) },
    );
  });

  it('a connector PATCH’s groups', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(groupList, fc.boolean(), async (list, asCurator) => {
        await unchangedUnlessOk(() =>
          api(server, 'PATCH', `/manage/admin/connector/${connectors[0]}`, {
            body: { groups: list },
            key: asCurator ? curator : undefined,
          }),
        );
      }),
      { numRuns: Math.max(20, Math.ceil(FUZZ_RUNS / 40)) },
    );
  });
});
