// D2 with slow bodies: the caller is checked when the headers arrive (so the
// order of answers holds) and again inside the write's transaction, after the
// body arrived. A caller demoted or a key revoked in between gets 403 or 401,
// and nothing is written.
import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { SESSION_COOKIE, SESSION_ENDED, SIGNED_IN_COOKIE } from '../../src/contract/session';
import { listApiKeys, revokeApiKey } from '../../server/auth/apiKeys';
import { createUser, findUserByEmail } from '../../server/repos/users';
import { useFreshTestServer } from '../support/useTestServer';
import { api, NOT_ADMIN, NOT_AUTHENTICATED, plainRequest, snapshotDb } from '../support/http';

const server = useFreshTestServer();

/**
 * Sends a request's headers now and its body when `sendBody` is called; resolves the answer.
 * `key` is a bearer key, or `{ cookie }` for the panel's session (sent from the server's own page).
 */
async function slowRequest(
  method: string,
  path: string,
  key: string | { cookie: string },
  body: string,
) {
  const socket = connect(Number(new URL(server.origin).port), '127.0.0.1');
  await new Promise<void>((resolve, reject) =>
    socket.once('connect', resolve).once('error', reject),
  );
  let text = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const { host } = new URL(server.origin);
  const caller =
    typeof key === 'string'
      ? `Authorization: Bearer ${key}\r\n`
      : `Cookie: ${key.cookie}\r\nOrigin: ${server.origin}\r\n`;
  socket.write(
    `${method} /api${path} HTTP/1.1\r\nHost: ${host}\r\n${caller}` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
  );
  // Let the server take the headers and run its check before anything else happens.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return {
    async sendBody() {
      socket.write(body);
      await ended;
      const [head = '', payload = ''] = text.split('\r\n\r\n');
      const cookies = head
        .split('\r\n')
        .filter((line) => /^set-cookie:/i.test(line))
        .map((line) => line.slice('set-cookie:'.length).trim());
      return {
        status: Number(head.split(' ')[1]),
        json: JSON.parse(payload) as unknown,
        ...(cookies.length > 0 ? { cookies } : {}),
      };
    },
  };
}

it('an admin demoted while the body is on its way cannot make anyone admin', async () => {
  const demoted = await server.keyFor('admin', 'soon.basic@example.com');
  await createUser(server.store.db, 'target@example.com', 'basic');
  const body = JSON.stringify({ user_email: 'target@example.com', new_role: 'admin' });
  const pending = await slowRequest('PATCH', '/manage/set-user-role', demoted, body);

  const demotion = await api(server, 'PATCH', '/manage/set-user-role', {
    body: { user_email: 'soon.basic@example.com', new_role: 'basic' },
  });
  expect(demotion.status).toBe(200);

  expect(await pending.sendBody()).toEqual({ status: 403, json: NOT_ADMIN });
  expect((await findUserByEmail(server.store.db, 'target@example.com'))?.role).toBe('basic');
});

it('a key revoked while the body is on its way writes nothing: 401', async () => {
  const key = await server.keyFor('curator', 'revoked@example.com');
  const before = await snapshotDb(server);
  const pending = await slowRequest(
    'POST',
    '/manage/admin/connector',
    key,
    JSON.stringify(plainRequest('web', { name: 'Sent by a revoked key' })),
  );
  const keys = await listApiKeys(server.store.db);
  const id = keys.find((k) => k.email === 'revoked@example.com')!.id;
  await revokeApiKey(server.store.db, id);

  expect(await pending.sendBody()).toEqual({ status: 401, json: NOT_AUTHENTICATED });
  const after = await snapshotDb(server);
  expect(after.connectors).toEqual(before.connectors);
});

it('a session signed out while the body is on its way writes nothing: 401, and the browser forgets it', async () => {
  const signIn = await api(server, 'POST', '/auth/session', {
    key: null,
    body: { api_key: server.adminKey },
    headers: { origin: server.origin },
  });
  const cookie = signIn.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${SESSION_COOKIE}=`))!
    .split(';')[0]!;
  const before = await snapshotDb(server);
  const pending = await slowRequest(
    'POST',
    '/manage/admin/connector',
    { cookie },
    JSON.stringify(plainRequest('web', { name: 'Sent by an ended session' })),
  );
  const out = await api(server, 'DELETE', '/auth/session', {
    key: null,
    headers: { cookie, origin: server.origin },
  });
  expect(out.status).toBe(204);

  const answer = await pending.sendBody();
  expect(answer.status).toBe(401);
  expect(answer.json).toEqual({ detail: SESSION_ENDED });
  // As the guard's own 401 for an ended session: both cookies cleared.
  expect(answer.cookies).toEqual([
    expect.stringMatching(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`)),
    expect.stringMatching(new RegExp(`^${SIGNED_IN_COOKIE}=;.*Max-Age=0`)),
  ]);
  expect((await snapshotDb(server)).connectors).toEqual(before.connectors);
});

it('two admins demoting each other at once: one wins, the other is refused, an admin is left', async () => {
  const a = await server.keyFor('admin', 'a.admin@example.com');
  const b = await server.keyFor('admin', 'b.admin@example.com');
  // The first administrator steps down first, so these two are the only admins.
  await api(server, 'PATCH', '/manage/set-user-role', {
    key: a,
    body: { user_email: server.adminEmail, new_role: 'basic' },
  });
  const [byA, byB] = await Promise.all([
    api(server, 'PATCH', '/manage/set-user-role', {
      key: a,
      body: { user_email: 'b.admin@example.com', new_role: 'basic' },
    }),
    api(server, 'PATCH', '/manage/set-user-role', {
      key: b,
      body: { user_email: 'a.admin@example.com', new_role: 'basic' },
    }),
  ]);
  expect([byA.status, byB.status].sort()).toEqual([200, 403]);
  const roles = await Promise.all(
    ['a.admin@example.com', 'b.admin@example.com'].map(
      async (email) => (await findUserByEmail(server.store.db, email))?.role,
    ),
  );
  expect(roles.filter((role) => role === 'admin')).toHaveLength(1);
});
