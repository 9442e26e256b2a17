// D7, D13: a pair's name, access and groups, set at attach and shown on the
// connector's own answer with the caller's rights (the panel reads them).
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness';
import { api, createConnector, plainRequest } from '../support/http';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const makeGroup = async (name: string) =>
  (
    await api(server, 'POST', '/manage/admin/user-group', {
      body: { name, user_ids: [], cc_pair_ids: [] },
    })
  ).json as { id: number };

it('D7, D13: an attach body names the pair and makes it private to its groups; the connector says so', async () => {
  const eng = await makeGroup('Eng');
  const connector = await createConnector(server, plainRequest('web'));
  const attached = await api(server, 'PUT', `/manage/admin/connector/${connector}/credential/0`, {
    body: { name: 'Docs for Eng', access_type: 'private', groups: [eng.id] },
  });
  expect(attached.status).toBe(200);
  const detail = await api(server, 'GET', `/manage/admin/connector/${connector}`);
  expect(detail.json).toMatchObject({
    can_change: true,
    can_delete: true,
    cc_pairs: [
      { credential_id: 0, name: 'Docs for Eng', access_type: 'private', groups: [eng.id] },
    ],
  });
});

it('D7: without a body the pair is public, with no name and no group', async () => {
  const connector = await createConnector(server, plainRequest('web'));
  await api(server, 'PUT', `/manage/admin/connector/${connector}/credential/0`);
  const detail = await api(server, 'GET', `/manage/admin/connector/${connector}`);
  expect(detail.json).toMatchObject({
    cc_pairs: [{ credential_id: 0, name: null, access_type: 'public', groups: [] }],
  });
});

it('D13: a PATCH with groups makes every pair of the connector private to them', async () => {
  const sales = await makeGroup('Sales');
  const connector = await createConnector(server, plainRequest('web'));
  await api(server, 'PUT', `/manage/admin/connector/${connector}/credential/0`);
  const patched = await api(server, 'PATCH', `/manage/admin/connector/${connector}`, {
    body: { groups: [sales.id] },
  });
  expect(patched.status).toBe(200);
  const detail = await api(server, 'GET', `/manage/admin/connector/${connector}`);
  expect(detail.json).toMatchObject({
    cc_pairs: [{ access_type: 'private', groups: [sales.id] }],
  });
});
