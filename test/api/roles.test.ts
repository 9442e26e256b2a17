// D2: which roles may call which endpoint, with the exact 403 bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRole } from '../../src/contract/contract';
import { startTestServer, type TestServer } from '../support/harness';
import {
  ALL_ROLES,
  NOT_ADMIN,
  NOT_CURATOR,
  addCredential,
  api,
  createConnector,
  plainRequest,
} from '../support/http';

let server: TestServer;
let keys: Record<UserRole, string>;
let webConnector: number;
let slackCredential: number;

beforeAll(async () => {
  server = await startTestServer();
  keys = {} as Record<UserRole, string>;
  for (const role of ALL_ROLES) keys[role] = await server.keyFor(role, `${role}@roles.test`);
  webConnector = await createConnector(server, plainRequest('web'));
  slackCredential = await addCredential(server, 'slack');
  await server.keyFor('basic', 'target@roles.test');
});
afterAll(() => server.close());

const CURATOR_OR_ADMIN: UserRole[] = ['admin', 'curator', 'global_curator'];

let owned = 0;
/**
 * D13 scopes what a curator may change to what they made (or their groups'):
 * a web connector the caller made, with credential 0 attached. A role that may
 * not make one gets the admin's, and the guard's 403 before any scoping.
 */
async function ownConnector(key: string, role: UserRole) {
  const made = await api(server, 'POST', '/manage/admin/connector', {
    key,
    body: plainRequest('web', { name: `owned by ${role} ${++owned}` }),
  });
  if (made.status !== 200) return webConnector;
  const id = (made.json as { id: number }).id;
  await api(server, 'PUT', `/manage/admin/connector/${id}/credential/0`, { key });
  return id;
}

/** A Slack credential the caller made (D13: theirs to change); the admin's for other roles. */
async function ownCredential(key: string, role: UserRole) {
  const made = await api(server, 'POST', '/manage/credential', {
    key,
    body: {
      name: `owned by ${role} ${++owned}`,
      source: 'slack',
      credential_json: { slack_bot_token: 'xoxb-0123456789-abcdef' },
      admin_public: true,
    },
  });
  return made.status === 200 ? (made.json as { id: number }).id : slackCredential;
}

interface Endpoint {
  name: string;
  call: (key: string, role: UserRole) => ReturnType<typeof api>;
  allowed: UserRole[];
  refusal: { detail: string };
  /** The answer an allowed caller gets. */
  ok: (response: Awaited<ReturnType<typeof api>>) => void;
}

const endpoints: Endpoint[] = [
  {
    name: 'GET /me',
    call: (key) => api(server, 'GET', '/me', { key }),
    allowed: [...ALL_ROLES],
    refusal: { detail: 'Access denied.' },
    ok: (r) => {
      expect(r.status).toBe(200);
      expect(Object.keys(r.json as object).sort()).toEqual([
        'email',
        'groups',
        'id',
        'is_active',
        'role',
      ]);
    },
  },
  {
    name: 'GET /manage/admin/connector',
    call: (key) => api(server, 'GET', '/manage/admin/connector', { key }),
    allowed: CURATOR_OR_ADMIN,
    refusal: NOT_CURATOR,
    ok: (r) => expect(r.status).toBe(200),
  },
  {
    name: 'GET /manage/admin/connector-status',
    call: (key) => api(server, 'GET', '/manage/admin/connector-status', { key }),
    allowed: CURATOR_OR_ADMIN,
    refusal: NOT_CURATOR,
    ok: (r) => expect(r.status).toBe(200),
  },
  {
    name: 'POST /manage/admin/connector',
    call: (key, role) =>
      api(server, 'POST', '/manage/admin/connector', {
        key,
        body: plainRequest('web', { name: `by ${role}` }),
      }),
    allowed: CURATOR_OR_ADMIN,
    refusal: NOT_CURATOR,
    ok: (r) => {
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ id: expect.any(Number), credential: null });
    },
  },
  {
    name: 'GET /manage/admin/credential',
    call: (key) => api(server, 'GET', '/manage/admin/credential', { key }),
    allowed: CURATOR_OR_ADMIN,
    refusal: NOT_CURATOR,
    ok: (r) => expect(r.status).toBe(200),
  },
  {
    name: 'PUT /manage/admin/connector/{id}/credential/{id}',
    call: async (key, role) => {
      const connector = await ownConnector(key, role);
      await api(server, 'DELETE', `/manage/admin/connector/${connector}/credential/0`, { key });
      return api(server, 'PUT', `/manage/admin/connector/${connector}/credential/0`, { key });
    },
    allowed: CURATOR_OR_ADMIN,
    refusal: NOT_CURATOR,
    ok: (r) => {
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({ success: expect.any(Boolean) });
    },
  },
  {
    name: 'PATCH /manage/set-user-role',
    call: (key) =>
      api(server, 'PATCH', '/manage/set-user-role', {
        key,
        body: { user_email: 'target@roles.test', new_role: 'basic' },
      }),
    allowed: ['admin'],
    refusal: NOT_ADMIN,
    ok: (r) => {
      expect(r.status).toBe(200);
      expect(r.text).toBe('null');
    },
  },
  {
    name: 'POST /manage/credential',
    call: (key, role) =>
      api(server, 'POST', '/manage/credential', {
        key,
        body: {
          name: `by ${role}`,
          source: 'slack',
          credential_json: { slack_bot_token: 'xoxb-0123456789-abcdef' },
          admin_public: true,
        },
      }),
    allowed: CURATOR_OR_ADMIN,
    refusal: NOT_CURATOR,
    ok: (r) => expect(r.status).toBe(200),
  },
  {
    name: 'PATCH /manage/admin/credential/{id}',
    call: async (key, role) =>
      api(server, 'PATCH', `/manage/admin/credential/${await ownCredential(key, role)}`, {
        key,
        body: { name: `renamed by ${role}` },
      }),
    allowed: CURATOR_OR_ADMIN,
    refusal: NOT_CURATOR,
    ok: (r) => expect(r.status).toBe(200),
  },
  {
    name: 'DELETE /manage/admin/credential/{id}',
    call: async (key, role) =>
      api(server, 'DELETE', `/manage/admin/credential/${await ownCredential(key, role)}`, {
        key,
      }),
    allowed: CURATOR_OR_ADMIN,
    refusal: NOT_CURATOR,
    ok: (r) => expect(r.status).toBe(200),
  },
  {
    name: 'GET /manage/admin/connector/{id}',
    call: async (key, role) =>
      api(server, 'GET', `/manage/admin/connector/${await ownConnector(key, role)}`, { key }),
    allowed: CURATOR_OR_ADMIN,
    refusal: NOT_CURATOR,
    ok: (r) => expect(r.status).toBe(200),
  },
  {
    name: 'PATCH /manage/admin/connector/{id}',
    call: async (key, role) =>
      api(server, 'PATCH', `/manage/admin/connector/${await ownConnector(key, role)}`, {
        key,
        body: { refresh_freq: 7200 },
      }),
    allowed: CURATOR_OR_ADMIN,
    refusal: NOT_CURATOR,
    ok: (r) => expect(r.status).toBe(200),
  },
  {
    name: 'DELETE /manage/admin/connector/{id}',
    call: async (key, role) =>
      api(server, 'DELETE', `/manage/admin/connector/${await ownConnector(key, role)}`, { key }),
    allowed: CURATOR_OR_ADMIN,
    refusal: NOT_CURATOR,
    ok: (r) => expect(r.status).toBe(200),
  },
  {
    name: 'DELETE /manage/admin/connector/{id}/credential/{id}',
    call: async (key, role) =>
      api(
        server,
        'DELETE',
        `/manage/admin/connector/${await ownConnector(key, role)}/credential/0`,
        { key },
      ),
    allowed: CURATOR_OR_ADMIN,
    refusal: NOT_CURATOR,
    ok: (r) => expect(r.status).toBe(200),
  },
  {
    name: 'POST /manage/admin/connector/test',
    call: (key) =>
      api(server, 'POST', '/manage/admin/connector/test', {
        key,
        body: { source: 'file', connector_specific_config: {} },
      }),
    allowed: CURATOR_OR_ADMIN,
    refusal: NOT_CURATOR,
    ok: (r) => expect(r.json).toMatchObject({ ok: null }),
  },
  {
    name: 'GET /admin/audit',
    call: (key) => api(server, 'GET', '/admin/audit?limit=5', { key }),
    allowed: CURATOR_OR_ADMIN,
    refusal: NOT_CURATOR,
    ok: (r) => {
      expect(r.status).toBe(200);
      expect(Object.keys(r.json as object).sort()).toEqual(['items', 'next_cursor']);
    },
  },
  {
    name: 'GET /admin/audit/export',
    call: (key) => api(server, 'GET', '/admin/audit/export?format=csv', { key }),
    allowed: CURATOR_OR_ADMIN,
    refusal: NOT_CURATOR,
    ok: (r) => {
      expect(r.status).toBe(200);
      expect(r.text).toMatch(/^id,time,action,/);
    },
  },
  {
    name: 'GET /admin/api-key',
    call: (key) => api(server, 'GET', '/admin/api-key', { key }),
    allowed: ['admin'],
    refusal: NOT_ADMIN,
    ok: (r) => expect(r.status).toBe(200),
  },
  {
    name: 'POST /admin/api-key',
    call: (key) => api(server, 'POST', '/admin/api-key', { key, body: { role: 'basic' } }),
    allowed: ['admin'],
    refusal: NOT_ADMIN,
    ok: (r) => expect(r.json).toMatchObject({ api_key_role: 'basic', api_key: expect.any(String) }),
  },
  {
    name: 'PATCH /admin/api-key/{id}',
    call: (key) => api(server, 'PATCH', '/admin/api-key/999999', { key, body: { name: 'x' } }),
    allowed: ['admin'],
    refusal: NOT_ADMIN,
    ok: (r) => expect(r.status).toBe(404),
  },
  {
    name: 'POST /admin/api-key/{id}/regenerate',
    call: (key) => api(server, 'POST', '/admin/api-key/999999/regenerate', { key }),
    allowed: ['admin'],
    refusal: NOT_ADMIN,
    ok: (r) => expect(r.status).toBe(404),
  },
  {
    name: 'DELETE /admin/api-key/{id}',
    call: (key) => api(server, 'DELETE', '/admin/api-key/999999', { key }),
    allowed: ['admin'],
    refusal: NOT_ADMIN,
    ok: (r) => expect(r.status).toBe(404),
  },
  {
    name: 'GET /manage/users/accepted',
    call: (key) => api(server, 'GET', '/manage/users/accepted', { key }),
    allowed: ['admin'],
    refusal: NOT_ADMIN,
    ok: (r) => expect(r.status).toBe(200),
  },
  // The life of a user (docs/api.md, "Users"): admins only, as in Onyx.
  {
    name: 'PUT /manage/admin/users',
    call: (key, role) =>
      api(server, 'PUT', '/manage/admin/users', {
        key,
        body: { emails: [`by.${role}@roles.test`] },
      }),
    allowed: ['admin'],
    refusal: NOT_ADMIN,
    ok: (r) => expect(r.json).toMatchObject({ email_invite_status: 'DISABLED' }),
  },
  {
    name: 'GET /manage/users/invited',
    call: (key) => api(server, 'GET', '/manage/users/invited', { key }),
    allowed: ['admin'],
    refusal: NOT_ADMIN,
    ok: (r) => expect(Array.isArray(r.json)).toBe(true),
  },
  {
    name: 'PATCH /manage/admin/remove-invited-user',
    call: (key) =>
      api(server, 'PATCH', '/manage/admin/remove-invited-user', {
        key,
        body: { user_email: 'by.admin@roles.test' },
      }),
    allowed: ['admin'],
    refusal: NOT_ADMIN,
    ok: (r) => expect(typeof r.json).toBe('number'),
  },
  {
    name: 'PATCH /manage/admin/deactivate-user',
    call: (key) =>
      api(server, 'PATCH', '/manage/admin/deactivate-user', {
        key,
        body: { user_email: 'target@roles.test' },
      }),
    allowed: ['admin'],
    refusal: NOT_ADMIN,
    ok: (r) => expect(r.text).toBe('null'),
  },
  {
    name: 'PATCH /manage/admin/activate-user',
    call: (key) =>
      api(server, 'PATCH', '/manage/admin/activate-user', {
        key,
        body: { user_email: 'target@roles.test' },
      }),
    allowed: ['admin'],
    refusal: NOT_ADMIN,
    ok: (r) => expect(r.text).toBe('null'),
  },
  {
    name: 'DELETE /manage/admin/delete-user',
    call: (key) =>
      api(server, 'DELETE', '/manage/admin/delete-user', {
        key,
        body: { user_email: 'nobody@roles.test' },
      }),
    allowed: ['admin'],
    refusal: NOT_ADMIN,
    ok: (r) => expect(r.json).toEqual({ detail: 'User not found' }),
  },
  {
    name: 'GET /manage/users/download',
    call: (key) => api(server, 'GET', '/manage/users/download', { key }),
    allowed: ['admin'],
    refusal: NOT_ADMIN,
    ok: (r) => expect(r.text).toMatch(/^Email,Role,Status\r\n/),
  },
];

describe.each(endpoints)('D2 roles on $name', ({ call, allowed, refusal, ok }) => {
  it.each(ALL_ROLES.filter((role) => allowed.includes(role)))('%s is allowed', async (role) => {
    ok(await call(keys[role], role));
  });

  it.each(ALL_ROLES.filter((role) => !allowed.includes(role)))('%s → 403', async (role) => {
    const response = await call(keys[role], role);
    expect(response.status).toBe(403);
    expect(response.json).toEqual(refusal);
    expect(response.headers.get('www-authenticate')).toBeNull();
  });
});

describe('D2 /versions, /version and /health for every role', () => {
  it.each(ALL_ROLES)('%s gets 200', async (role) => {
    expect((await api(server, 'GET', '/versions', { key: keys[role] })).status).toBe(200);
    expect((await api(server, 'GET', '/version', { key: keys[role] })).status).toBe(200);
    expect((await api(server, 'GET', '/health', { key: keys[role] })).status).toBe(200);
  });
});

describe("D2 and sessions: every role signs in to the panel, and its session has the key's powers", () => {
  it.each(ALL_ROLES)('%s: 204 and a cookie that acts with the role; sign-out 204', async (role) => {
    const methods = await api(server, 'GET', '/auth/methods', { key: keys[role] });
    expect(methods.status).toBe(200);
    const signIn = await api(server, 'POST', '/auth/session', {
      key: null,
      body: { api_key: keys[role] },
    });
    expect(signIn.status).toBe(204);
    const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const withCookie = (path: string) =>
      api(server, 'GET', path, { key: null, headers: { cookie } });
    expect((await withCookie('/me')).json).toMatchObject({ role });
    const connectors = await withCookie('/manage/admin/connector');
    if (CURATOR_OR_ADMIN.includes(role)) expect(connectors.status).toBe(200);
    else expect(connectors.json).toEqual(NOT_CURATOR);
    const users = await withCookie('/manage/users/accepted');
    if (role === 'admin') expect(users.status).toBe(200);
    else expect(users.json).toEqual(NOT_ADMIN);
    const out = await api(server, 'DELETE', '/auth/session', {
      key: null,
      headers: { cookie, origin: server.origin },
    });
    expect(out.status).toBe(204);
    expect((await withCookie('/me')).status).toBe(401);
  });
});
