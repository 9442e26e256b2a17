// The life of a user (docs/api.md, "Users"), in Onyx's routes and shapes: invitations
// (all or nothing), deactivation (keys refused, sessions ended), reactivation,
// deletion (only of a deactivated user; keys and sessions go, what they made
// stays), the CSV, and the last active admin kept. Every error is D3's shape and
// changes nothing; every change is one activity record.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  DELETE_ACTIVE_REFUSAL,
  LAST_ACTIVE_ADMIN_REFUSAL,
  SELF_DEACTIVATION_REFUSAL,
  SELF_DELETION_REFUSAL,
} from '../../src/contract/userLife';
import { findUserByEmail, leavesAnAdmin } from '../../server/repos/users';
import { startTestServer } from '../support/harness';
import { useTestServer } from '../support/useTestServer';
import { api, snapshotDb } from '../support/http';

const server = useTestServer();

const DEACTIVATED = {
  detail: 'Access denied. This account is deactivated: an administrator can reactivate it.',
};

let serial = 0;
const address = (name: string) => `${name}.${++serial}@life.test`;

const invite = (emails: unknown, key?: string) =>
  api(server, 'PUT', '/manage/admin/users', { body: { emails }, key });
const invited = async () =>
  ((await api(server, 'GET', '/manage/users/invited')).json as { email: string }[]).map(
    (entry) => entry.email,
  );
const byEmail = (path: string, user_email: unknown, method = 'PATCH') =>
  api(server, method, path, { body: { user_email } });
const deactivate = (email: string) => byEmail('/manage/admin/deactivate-user', email);
const activate = (email: string) => byEmail('/manage/admin/activate-user', email);
const remove = (email: string) => byEmail('/manage/admin/delete-user', email, 'DELETE');
const whoAmI = (key: string) => api(server, 'GET', '/me', { key });

/** The newest activity records of an action. */
async function records(action: string) {
  const page = await api(server, 'GET', `/admin/audit?action=${action}`);
  return (page.json as { items: Record<string, unknown>[] }).items;
}

async function auditCount() {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from audit_log`.execute(
    server.store.db,
  );
  return Number(rows[0]!.n);
}

/** D3: refused with this status and detail, and nothing changed (no record either). */
async function expectRefused(call: () => ReturnType<typeof api>, status: number, detail?: string) {
  const before = await snapshotDb(server);
  const recordsBefore = await auditCount();
  const response = await call();
  expect(response.status, response.text).toBe(status);
  if (detail !== undefined) expect(response.json).toEqual({ detail });
  else expect(response.json).toMatchObject({ detail: expect.anything() });
  expect(await snapshotDb(server)).toEqual(before);
  expect(await auditCount()).toBe(recordsBefore);
  return response;
}

describe('invitations', () => {
  it('invite several addresses; they are listed until withdrawn; each is one record', async () => {
    const ann = address('ann');
    const bob = address('bob');
    const response = await invite([ann, bob]);
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({
      invited_count: expect.any(Number),
      email_invite_status: 'DISABLED',
      invited_emails: [ann, bob],
      sign_in_links: [
        expect.objectContaining({ email: ann }),
        expect.objectContaining({ email: bob }),
      ],
    });
    expect(await invited()).toEqual(expect.arrayContaining([ann, bob]));
    const [record] = await records('user.create');
    expect(record).toMatchObject({
      outcome: 'success',
      resource_type: 'user',
      resource_id: null,
      changes: { invited_emails: [ann, bob] },
      actor: { email: server.adminEmail },
    });

    const left = await byEmail('/manage/admin/remove-invited-user', ann.toUpperCase());
    expect(left.status, left.text).toBe(200);
    expect(left.json).toBe((response.json as { invited_count: number }).invited_count - 1);
    expect(await invited()).not.toContain(ann);
    expect(await invited()).toContain(bob);
    const [withdrawn] = await records('user.delete');
    expect(withdrawn).toMatchObject({
      resource_id: null,
      resource_name: ann,
      changes: { invited: { before: true, after: false } },
    });
  });

  it('all or nothing: one bad address invites none, and the 400 names each bad one', async () => {
    const good = address('good');
    const response = await expectRefused(
      () => invite([good, 'not-an-address', 'x@localhost']),
      400,
    );
    const { detail } = response.json as { detail: string };
    expect(detail).toContain('Invalid email address: not-an-address - ');
    expect(detail).toContain('Invalid email address: x@localhost - ');
    expect(detail).not.toContain(good);
    expect(await invited()).not.toContain(good);
  });

  it('an address over 254 characters is refused for its length, not its shape', async () => {
    const long = `${'a'.repeat(300)}@example.com`;
    const response = await expectRefused(() => invite([long]), 400);
    expect((response.json as { detail: string }).detail).toBe(
      `Invalid email address: ${long} - it is longer than 254 characters`,
    );
  });

  it('an address already invited (any letter case) or already a user changes nothing', async () => {
    const cy = address('cy');
    expect((await invite([cy])).status).toBe(200);
    const existing = address('existing');
    await server.keyFor('basic', existing);
    const before = await auditCount();
    const again = await invite([cy.toUpperCase(), existing, cy]);
    expect(again.status).toBe(200);
    expect(await auditCount()).toBe(before);
    const list = await invited();
    expect(list.filter((email) => email.toLowerCase() === cy)).toEqual([cy]);
    expect(list).not.toContain(existing);
  });

  it('withdrawing an invitation nobody holds is 200 and no record (as in Onyx)', async () => {
    const before = await auditCount();
    const response = await byEmail('/manage/admin/remove-invited-user', address('nobody'));
    expect(response.status).toBe(200);
    expect(typeof response.json).toBe('number');
    expect(await auditCount()).toBe(before);
  });

  it.each([
    ['no body at all', undefined],
    ['emails missing', {}],
    ['emails not a list', { emails: 'a@b.co' }],
    ['an address not a string', { emails: ['a@b.co', 7] }],
    ['over 1000 addresses', { emails: Array.from({ length: 1001 }, (_, i) => `u${i}@b.co`) }],
  ])('D3: %s → 422, nothing invited', async (_what, body) => {
    await expectRefused(() => api(server, 'PUT', '/manage/admin/users', { body }), 422);
  });

  it('D3: control characters and NUL in an address are bad addresses (400), nothing stored', async () => {
    await expectRefused(() => invite(['nul\u0000@b.co']), 400);
    await expectRefused(() => invite(['tab\t@b.co']), 400);
  });
});

describe('deactivation and reactivation', () => {
  it("a deactivated user's key answers 401 saying so; the directory shows it; reactivation lets them back", async () => {
    const dee = address('dee');
    const key = await server.keyFor('basic', dee);
    expect((await whoAmI(key)).status).toBe(200);

    const off = await deactivate(dee.toUpperCase());
    expect(off.status, off.text).toBe(200);
    expect(off.text).toBe('null');
    const refused = await whoAmI(key);
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual(DEACTIVATED);

    const page = await api(server, 'GET', `/manage/users/accepted?q=${dee}&is_active=false`);
    expect((page.json as { items: unknown[] }).items).toEqual([
      { id: expect.any(String), email: dee, role: 'basic', is_active: false, groups: [] },
    ]);
    const active = await api(server, 'GET', `/manage/users/accepted?q=${dee}&is_active=true`);
    expect((active.json as { items: unknown[] }).items).toEqual([]);
    const [record] = await records('user.deactivate');
    expect(record).toMatchObject({
      resource_name: dee,
      changes: { is_active: { before: true, after: false } },
    });

    const on = await activate(dee);
    expect(on.status, on.text).toBe(200);
    expect(on.text).toBe('null');
    expect((await whoAmI(key)).json).toMatchObject({ email: dee, is_active: true });
    expect((await records('user.reactivate'))[0]).toMatchObject({
      resource_name: dee,
      changes: { is_active: { before: false, after: true } },
    });
  });

  it("deactivation ends the user's panel sessions at once", async () => {
    const eve = address('eve');
    await server.keyFor('basic', eve);
    const user = (await findUserByEmail(server.store.db, eve))!;
    const now = new Date().toISOString();
    await server.store.db
      .insertInto('sessions')
      .values({
        token_hash: `hash-of-${eve}`,
        user_id: user.id,
        time_created: now,
        last_seen_at: now,
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        how: 'api_key',
        address: null,
        user_agent: null,
      })
      .execute();
    expect((await deactivate(eve)).status).toBe(200);
    const left = await server.store.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('doing it twice changes nothing the second time (200, no record)', async () => {
    const fay = address('fay');
    await server.keyFor('basic', fay);
    expect((await deactivate(fay)).status).toBe(200);
    const before = await auditCount();
    expect((await deactivate(fay)).status).toBe(200);
    expect((await activate(fay)).status).toBe(200);
    expect((await activate(fay)).status).toBe(200);
    expect(await auditCount()).toBe(before + 1);
  });

  it('an admin cannot deactivate or delete themselves (400, Onyx’s words)', async () => {
    await expectRefused(
      () => deactivate(server.adminEmail.toUpperCase()),
      400,
      SELF_DEACTIVATION_REFUSAL,
    );
    await expectRefused(() => remove(server.adminEmail), 400, SELF_DELETION_REFUSAL);
  });

  it('an unknown address → 404 User not found; a bad body → 422; nothing changes', async () => {
    for (const call of [deactivate, activate, remove]) {
      await expectRefused(() => call(address('ghost')), 404, 'User not found');
    }
    await expectRefused(() => byEmail('/manage/admin/deactivate-user', 42), 422);
    await expectRefused(
      () => api(server, 'DELETE', '/manage/admin/delete-user', { body: {} }),
      422,
    );
  });

  it('the last active admin: a deactivated admin does not count (the one rule of D8’s last admin)', async () => {
    const other = address('admin');
    await server.keyFor('admin', other);
    const admin = (await findUserByEmail(server.store.db, server.adminEmail))!;
    expect(await leavesAnAdmin(server.store.db, admin, 'basic')).toBe(true);
    expect(await leavesAnAdmin(server.store.db, admin, 'admin', false)).toBe(true);
    expect((await deactivate(other)).status).toBe(200);
    // Now the server's admin is the last active one: neither demoted nor deactivated.
    expect(await leavesAnAdmin(server.store.db, admin, 'basic')).toBe(false);
    expect(await leavesAnAdmin(server.store.db, admin, 'admin', false)).toBe(false);
    expect(LAST_ACTIVE_ADMIN_REFUSAL).toMatch(/last active admin/);
    expect((await activate(other)).status).toBe(200);
  });

  it("a deactivated admin's lasting key is no way in: the last-admin-key rule does not count it", async () => {
    // A server of its own: no other admin's key may be around.
    const own = await startTestServer();
    try {
      const holder = 'keyholder@life.test';
      const holderKey = await own.keyFor('admin', holder);
      const expiring = await api(own, 'POST', '/admin/api-key', {
        body: { role: 'admin', expires_at: new Date(Date.now() + 86_400_000).toISOString() },
      });
      const caller = (expiring.json as { api_key: string }).api_key;
      const listed = (await api(own, 'GET', '/admin/api-key')).json as {
        api_key_id: number;
        user_email: string;
      }[];
      const adminKeyId = listed.find((k) => k.user_email === own.adminEmail)!.api_key_id;
      const off = await api(own, 'PATCH', '/manage/admin/deactivate-user', {
        body: { user_email: holder },
      });
      expect(off.status, off.text).toBe(200);
      expect((await api(own, 'GET', '/me', { key: holderKey })).status).toBe(401);
      // Left would be only the deactivated admin's lasting key: refused.
      const refused = await api(own, 'DELETE', `/admin/api-key/${adminKeyId}`, { key: caller });
      expect(refused.status, refused.text).toBe(400);
    } finally {
      await own.close();
    }
  });
});

describe('two admins deactivating each other at once', () => {
  it('one wins; the other is refused (its caller is deactivated by then): an active admin is left', async () => {
    const one = address('one');
    const two = address('two');
    const oneKey = await server.keyFor('admin', one);
    const twoKey = await server.keyFor('admin', two);
    const [a, b] = await Promise.all([
      api(server, 'PATCH', '/manage/admin/deactivate-user', {
        key: oneKey,
        body: { user_email: two },
      }),
      api(server, 'PATCH', '/manage/admin/deactivate-user', {
        key: twoKey,
        body: { user_email: one },
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 401]);
    const states = await Promise.all(
      [one, two].map(async (email) => (await findUserByEmail(server.store.db, email))!.is_active),
    );
    expect(states.filter(Boolean)).toHaveLength(1);
    for (const email of [one, two]) expect((await activate(email)).status).toBe(200);
  });
});

describe('deletion', () => {
  it('only a deactivated user (400 otherwise); their keys and sessions go, what they made stays', async () => {
    const gil = address('gil');
    const key = await server.keyFor('admin', gil);
    // What Gil makes: a credential, a panel key (owned by Gil), and activity records.
    const credential = await api(server, 'POST', '/manage/credential', {
      key,
      body: {
        name: 'Gil’s',
        source: 'web',
        credential_json: { token: 'x' },
        admin_public: true,
      },
    });
    expect(credential.status, credential.text).toBe(200);
    const credentialId = (credential.json as { id: number }).id;
    const botKey = await api(server, 'POST', '/admin/api-key', {
      key,
      body: { name: 'Gil’s bot', role: 'basic' },
    });
    const bot = botKey.json as { api_key_id: number; api_key: string };

    await expectRefused(() => remove(gil), 400, DELETE_ACTIVE_REFUSAL);
    expect((await deactivate(gil)).status).toBe(200);
    const user = (await findUserByEmail(server.store.db, gil))!;
    const gone = await remove(gil.toUpperCase());
    expect(gone.status, gone.text).toBe(200);
    expect(gone.text).toBe('null');

    expect(await findUserByEmail(server.store.db, gil)).toBeUndefined();
    const directory = await api(server, 'GET', `/manage/users/accepted?q=${gil}`);
    expect((directory.json as { items: unknown[] }).items).toEqual([]);
    const refused = await whoAmI(key);
    expect(refused.status).toBe(401);
    const keys = await server.store.db
      .selectFrom('api_keys')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(keys).toEqual([]);
    // What Gil made stays: the credential (no user now), the key Gil made (no owner's
    // e-mail), the records with Gil's e-mail as actor.
    const credentials = await api(server, 'GET', '/manage/admin/credential');
    expect((credentials.json as { id: number }[]).map((c) => c.id)).toContain(credentialId);
    expect((await whoAmI(bot.api_key)).status).toBe(200);
    const listed = (await api(server, 'GET', '/admin/api-key')).json as {
      api_key_id: number;
      owner: unknown;
    }[];
    expect(listed.find((k) => k.api_key_id === bot.api_key_id)?.owner).toEqual({
      user_id: user.id,
      email: null,
    });
    const made = await api(server, 'GET', `/admin/audit?actor=${user.id}`);
    expect((made.json as { items: { actor: { email: string } }[] }).items[0]?.actor.email).toBe(
      gil,
    );
    expect((await records('user.delete'))[0]).toMatchObject({
      resource_id: user.id,
      resource_name: gil,
      changes: { email: { before: gil, after: null }, role: { before: 'admin', after: null } },
    });
  });
});

describe('the CSV of users', () => {
  it("Onyx's columns; deactivated users say Inactive; a formula in an address is defused", async () => {
    const formula = `=cmd.${++serial}@life.test`;
    await server.keyFor('basic', formula);
    const off = address('off');
    await server.keyFor('curator', off);
    expect((await deactivate(off)).status).toBe(200);
    const response = await api(server, 'GET', '/manage/users/download');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment/);
    const lines = response.text.split('\r\n');
    expect(lines[0]).toBe('Email,Role,Status');
    expect(lines).toContain(`${server.adminEmail},admin,Active`);
    expect(lines).toContain(`${off},curator,Inactive`);
    expect(lines).toContain(`'${formula},basic,Active`);
  });

  it('D3: a directory filter that is not true or false → 422 at it', async () => {
    const response = await api(server, 'GET', '/manage/users/accepted?is_active=yes');
    expect(response.status).toBe(422);
    expect((response.json as { detail: { loc: unknown[] }[] }).detail[0]?.loc).toEqual([
      'query',
      'is_active',
    ]);
  });
});
