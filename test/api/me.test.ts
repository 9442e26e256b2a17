// GET /me: who the signed-in key acts as, so the panel can show each role what it may do.
import { expect, test } from 'vitest';
import { useTestServer } from '../support/useTestServer';
import { api } from '../support/http';

const server = useTestServer();

test('answers with the caller’s id, e-mail, current role and groups (D13), and nothing more', async () => {
  const key = await server.keyFor('curator', 'cora.curator@me.test');
  const answer = await api(server, 'GET', '/me', { key });
  expect(answer.status).toBe(200);
  expect(answer.json).toEqual({
    id: expect.any(String),
    email: 'cora.curator@me.test',
    role: 'curator',
    is_active: true,
    groups: [],
  });
});

test('a role changed by an admin shows from the next request on (D8)', async () => {
  const admin = await server.keyFor('admin', 'ada.admin@me.test');
  const key = await server.keyFor('basic', 'bo.basic@me.test');
  expect((await api(server, 'GET', '/me', { key })).json).toMatchObject({ role: 'basic' });
  const change = await api(server, 'PATCH', '/manage/set-user-role', {
    key: admin,
    body: { user_email: 'bo.basic@me.test', new_role: 'global_curator' },
  });
  expect(change.status).toBe(200);
  expect((await api(server, 'GET', '/me', { key })).json).toMatchObject({ role: 'global_curator' });
});

test('without a key, 401 as everywhere else (D2)', async () => {
  const answer = await api(server, 'GET', '/me', { key: null });
  expect(answer.status).toBe(401);
  expect(answer.json).toEqual({ detail: 'Access denied. User is not authenticated.' });
});
