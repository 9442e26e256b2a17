// The bodies D13 added (issue 24): attach's `{name, access_type, groups}` (D7)
// and a connector PATCH's `groups`, sent broken — ids of other types, huge
// arrays, repeated ids, ids of no group, a curator's groups of another — by an
// admin and by a curator: always D3's 422 or the route's own 4xx, never a 5xx,
// and nothing changed unless the answer is 200.
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

describe('D13 bodies, broken: 422 or the route’s 4xx, nothing changed', () => {
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
