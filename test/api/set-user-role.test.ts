// D8: setting a user's role — each rule in its order, with the exact words.
import { describe, expect, it } from 'vitest';
import type { UserRole } from '../../src/contract/contract';
import { LAST_ADMIN_KEY_REFUSAL } from '../../server/auth/keyChanges';
import { findUserByEmail } from '../../server/repos/users';
import { useFreshTestServer } from '../support/useTestServer';
import { ALL_ROLES, NOT_CURATOR, api, snapshotDb } from '../support/http';

const server = useFreshTestServer();

const setRole = (body: unknown, key?: string) =>
  api(server, 'PATCH', '/manage/set-user-role', { body, key });
const roleOf = async (email: string) => (await findUserByEmail(server.store.db, email))?.role;

async function expectRefused(body: unknown, detail: string) {
  const before = await snapshotDb(server);
  const response = await setRole(body);
  expect(response.status).toBe(400);
  expect(response.json).toEqual({ detail });
  expect(await snapshotDb(server)).toEqual(before);
}

const CURRENT_REFUSALS: [UserRole, string][] = [
  ['slack_user', "To change a Slack User's role, they must first login via the web app."],
  [
    'ext_perm_user',
    "To change an External Permissioned User's role, they must first login via the web app.",
  ],
  ['limited', "To change a Limited User's role, they must first login via the web app."],
];
const NEW_REFUSALS: [UserRole, string][] = [
  ['curator', 'Curator role must be set via the User Group Menu'],
  [
    'limited',
    'A user cannot be set to a Limited User role. This role is automatically assigned to users through certain endpoints in the API.',
  ],
  [
    'slack_user',
    'A user cannot be set to a Slack User role. This role is automatically assigned to users who only use the service through a chat integration.',
  ],
  [
    'ext_perm_user',
    'A user cannot be set to an External Permissioned User role. This role is automatically assigned to users picked up by the external permission sync.',
  ],
];

describe('D8 success', () => {
  it.each<UserRole>(['admin', 'basic', 'global_curator'])(
    'basic → %s: 200 null, stored',
    async (role) => {
      await server.keyFor('basic', 'pat@example.com');
      const response = await setRole({ user_email: 'pat@example.com', new_role: role });
      expect(response.status).toBe(200);
      expect(response.text).toBe('null');
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await roleOf('pat@example.com')).toBe(role);
    },
  );

  it('the e-mail is looked up with letter case ignored', async () => {
    await server.keyFor('basic', 'Mixed.Case@Example.com');
    const response = await setRole({
      user_email: 'mixed.case@EXAMPLE.COM',
      new_role: 'global_curator',
    });
    expect(response.status).toBe(200);
    expect(await roleOf('Mixed.Case@Example.com')).toBe('global_curator');
  });
});

describe('D8 rules in order', () => {
  it('1. unknown user → 404 User not found, before every other rule', async () => {
    for (const body of [
      { user_email: 'ghost@example.com', new_role: 'basic' },
      { user_email: 'ghost@example.com', new_role: 'curator' },
      { user_email: '', new_role: 'limited' },
    ]) {
      const response = await setRole(body);
      expect(response.status).toBe(404);
      expect(response.json).toEqual({ detail: 'User not found' });
    }
  });

  it.each(ALL_ROLES)(
    '2. %s → the same role: 200 null and nothing changes, even for oneself',
    async (role) => {
      await server.keyFor(role, `same.${role}@example.com`);
      const before = await snapshotDb(server);
      const response = await setRole({ user_email: `same.${role}@example.com`, new_role: role });
      expect(response.status).toBe(200);
      expect(response.text).toBe('null');
      expect(await snapshotDb(server)).toEqual(before);
      expect((await setRole({ user_email: server.adminEmail, new_role: 'admin' })).text).toBe(
        'null',
      );
    },
  );

  it.each(CURRENT_REFUSALS)('3. current role %s refuses a change → 400', async (role, detail) => {
    await server.keyFor(role, 'who@example.com');
    await expectRefused({ user_email: 'who@example.com', new_role: 'basic' }, detail);
    // The current role is checked before the requested one.
    await expectRefused(
      { user_email: 'who@example.com', new_role: 'curator', explicit_override: false },
      detail,
    );
  });

  it.each(NEW_REFUSALS)('4. new role %s is refused → 400', async (role, detail) => {
    await server.keyFor('basic', 'who@example.com');
    await expectRefused({ user_email: 'who@example.com', new_role: role }, detail);
  });

  it.each(CURRENT_REFUSALS)(
    '3. explicit_override passes the refusal of current role %s',
    async (role) => {
      await server.keyFor(role, 'who@example.com');
      const response = await setRole({
        user_email: 'who@example.com',
        new_role: 'basic',
        explicit_override: true,
      });
      expect(response.status).toBe(200);
      expect(await roleOf('who@example.com')).toBe('basic');
    },
  );

  it.each(NEW_REFUSALS)('4. explicit_override passes the refusal of new role %s', async (role) => {
    await server.keyFor('slack_user', 'who@example.com');
    const response = await setRole({
      user_email: 'who@example.com',
      new_role: role,
      explicit_override: true,
    });
    expect(response.status).toBe(200);
    expect(await roleOf('who@example.com')).toBe(role);
  });

  it('5. the caller’s own account → 400, whatever the roles; refusals of 4 come first', async () => {
    const self = { detail: 'An admin cannot demote themselves from admin role!' };
    for (const new_role of ['basic', 'global_curator'] as const) {
      const response = await setRole({ user_email: server.adminEmail, new_role });
      expect(response.status).toBe(400);
      expect(response.json).toEqual(self);
    }
    const forced = await setRole({
      user_email: server.adminEmail.toUpperCase(),
      new_role: 'curator',
      explicit_override: true,
    });
    expect(forced.json).toEqual(self);
    await expectRefused(
      { user_email: server.adminEmail, new_role: 'curator' },
      NEW_REFUSALS[0]![1],
    );
    expect(await roleOf(server.adminEmail)).toBe('admin');
  });
});

describe('D2/D8 a key acts with its user’s current role', () => {
  it('a demoted admin’s key loses its powers on the next request; a promoted one gains them', async () => {
    const key = await server.keyFor('admin', 'second.admin@example.com');
    expect((await api(server, 'GET', '/manage/admin/connector', { key })).status).toBe(200);
    expect(
      (await setRole({ user_email: 'second.admin@example.com', new_role: 'basic' })).status,
    ).toBe(200);
    const after = await api(server, 'GET', '/manage/admin/connector', { key });
    expect(after.status).toBe(403);
    expect(after.json).toEqual(NOT_CURATOR);
    expect(
      (await setRole({ user_email: 'second.admin@example.com', new_role: 'global_curator' }))
        .status,
    ).toBe(200);
    expect((await api(server, 'GET', '/manage/admin/connector', { key })).status).toBe(200);
    expect((await setRole({ user_email: 'x@example.com', new_role: 'basic' }, key)).status).toBe(
      403,
    );
  });
});

describe('nobody is locked out (docs/security.md, "API keys")', () => {
  it('an admin holding the last admin keys that never expire keeps the role: 400, nothing changes', async () => {
    // The caller's admin key ends one day; the first admin's is the one that lasts.
    const made = await api(server, 'POST', '/admin/api-key', {
      body: { role: 'admin', expires_at: '2999-01-01T00:00:00Z' },
    });
    const ending = (made.json as { api_key: string }).api_key;
    const before = await snapshotDb(server);
    const response = await setRole({ user_email: server.adminEmail, new_role: 'basic' }, ending);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ detail: LAST_ADMIN_KEY_REFUSAL });
    expect(await snapshotDb(server)).toEqual(before);

    // Another admin key that lasts: the demotion goes through.
    await server.keyFor('admin', 'lasting.admin@example.com');
    expect(
      (await setRole({ user_email: server.adminEmail, new_role: 'basic' }, ending)).status,
    ).toBe(200);
  });
});
