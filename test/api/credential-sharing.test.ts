// D13 on a credential's edit: its groups and "every curator may use it" are
// changed where its name and values are (PATCH /manage/admin/credential/{id}),
// so a credential made by an admin can be shared with a team's curators later.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { findUserByEmail } from '../../server/repos/users';
import { startTestServer, type TestServer } from '../support/harness';
import { api, madeCredential, makeGroup, snapshotDb } from '../support/http';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const VALUES = { jira_user_email: 'bot@acme.example', jira_api_token: 'tok-0000-1111-2222' };
const patch = (id: number, body: unknown, key = server.adminKey) =>
  api(server, 'PATCH', `/manage/admin/credential/${id}`, { body, key });

/** A curator of a group of that name, and their key. */
async function curatorOf(name: string, email = 'lead@example.com') {
  const key = await server.keyFor('basic', email);
  const lead = (await findUserByEmail(server.store.db, email))!;
  const group = await makeGroup(server, name, [lead.id]);
  await api(server, 'POST', `/manage/admin/user-group/${group}/set-curator`, {
    body: { user_id: lead.id, is_curator: true },
  });
  return { key, group };
}

const listedFor = async (key: string) =>
  ((await api(server, 'GET', '/manage/admin/credential', { key })).json as { id: number }[]).map(
    (credential) => credential.id,
  );

it('D13: an admin shares a credential with a group; its curator then sees it', async () => {
  const { key, group } = await curatorOf('Eng');
  const id = await madeCredential(server, 'jira', VALUES);
  expect(await listedFor(key)).not.toContain(id);
  const response = await patch(id, { groups: [group] });
  expect(response.status, response.text).toBe(200);
  expect(response.json).toMatchObject({ id, groups: [group], curator_public: false });
  expect(await listedFor(key)).toContain(id);
  // Left out, the groups stay; "every curator may use it" is set alone.
  const open = await patch(id, { curator_public: true });
  expect(open.json).toMatchObject({ groups: [group], curator_public: true });
});

it('D13: a group id that names no group is a 422 at its place, and nothing changes', async () => {
  const id = await madeCredential(server, 'jira', VALUES);
  const before = await snapshotDb(server);
  const response = await patch(id, { groups: [987654] });
  expect(response.status).toBe(422);
  expect(response.json).toMatchObject({
    detail: [{ loc: ['body', 'groups', 0], msg: 'No user group has id 987654' }],
  });
  expect(await snapshotDb(server)).toEqual(before);
});

it('D13: a curator shares their credential only with groups they control', async () => {
  const { key, group } = await curatorOf('Eng');
  const other = await makeGroup(server, 'Sales');
  const id = await madeCredential(server, 'jira', VALUES, key);
  expect((await patch(id, { groups: [other] }, key)).status).toBe(400);
  const mine = await patch(id, { groups: [group] }, key);
  expect(mine.status, mine.text).toBe(200);
  expect(mine.json).toMatchObject({ groups: [group] });
});
