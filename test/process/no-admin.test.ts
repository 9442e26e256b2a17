// A start that finds no admin makes SOURCEDESK_ADMIN_EMAIL admin again
// (docs/security.md, "The caller, again, at write time"; an older version could
// let the last one go). It must do so whatever
// ADMIN_API_KEY holds: the key the admin had before (already stored: a second
// insert of its hash broke the start), a new key, or none.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { START_AGENT } from '../../src/contract/audit';
import { openStore } from '../../server/db/database';
import { findUserByEmail, setUserActive, setUserRole } from '../../server/repos/users';
import { prepareStore } from '../../server/setup';
import { startServerProcess } from '../support/process';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const EMAIL = 'admin@sourcedesk.local';

/** The activity records of one action, newest first. */
async function records(origin: string, key: string, action: string) {
  const answer = await fetch(`${origin}/api/admin/audit?action=${action}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { items: Record<string, unknown>[] }).items;
}
const newKey = () => `sd_${randomBytes(32).toString('base64url')}`;

/** A data folder whose only admin, made with `key`, was demoted to basic (or deactivated by hand). */
async function folderWithoutAdmin(key: string, how: 'demoted' | 'deactivated' = 'demoted') {
  const dataDir = mkdtempSync(join(tmpdir(), 'sourcedesk-no-admin-'));
  folders.push(dataDir);
  const store = await openStore(dataDir);
  try {
    await prepareStore(store, { adminEmail: EMAIL, adminApiKey: key, demoData: false });
    const admin = (await findUserByEmail(store.db, EMAIL))!;
    if (how === 'demoted') await setUserRole(store.db, admin.id, 'basic');
    else await setUserActive(store.db, admin.id, false);
  } finally {
    await store.close();
  }
  return dataDir;
}

test.each([
  ['the same key as before', (old: string) => old],
  ['a new key', () => newKey()],
  ['no key (one is made and printed)', () => undefined],
])(
  'no admin left, ADMIN_API_KEY is %s: the start makes the address admin again',
  async (_what, pick) => {
    const old = newKey();
    const dataDir = await folderWithoutAdmin(old);
    const given = pick(old);
    const server = await startServerProcess({
      SOURCEDESK_DATA_DIR: dataDir,
      SOURCEDESK_DEMO_DATA: 'off',
      ...(given ? { ADMIN_API_KEY: given } : {}),
    });
    try {
      const key = given ?? /#key=(sd_[\w-]+)/.exec(server.stdout())?.[1];
      expect(key).toBeDefined();
      // The users directory is for admins only: the key acts as an admin again.
      const users = await fetch(`${server.origin}/api/manage/users/accepted`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(users.status).toBe(200);
      const me = await fetch(`${server.origin}/api/me`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(await me.json()).toMatchObject({ email: EMAIL, role: 'admin' });
      // The start says what it did in the activity log: the role given back, and
      // a key registered only when it was not known already.
      const [restored] = await records(server.origin, key!, 'user.role_change');
      expect(restored).toMatchObject({
        resource_name: EMAIL,
        user_agent: START_AGENT,
        actor: { email: null },
        changes: { role: { before: 'basic', after: 'admin' } },
      });
      const keys = await records(server.origin, key!, 'api_key.create');
      expect(keys).toHaveLength(given === old ? 1 : 2);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  },
  30_000,
);

test('the only admin deactivated by hand (no route allows it): the start makes the address an active admin again, with its key', async () => {
  const old = newKey();
  const dataDir = await folderWithoutAdmin(old, 'deactivated');
  const server = await startServerProcess({
    SOURCEDESK_DATA_DIR: dataDir,
    SOURCEDESK_DEMO_DATA: 'off',
    ADMIN_API_KEY: old,
  });
  try {
    const me = await fetch(`${server.origin}/api/me`, {
      headers: { authorization: `Bearer ${old}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: EMAIL, role: 'admin', is_active: true });
    const [reactivated] = await records(server.origin, old, 'user.reactivate');
    expect(reactivated).toMatchObject({
      resource_name: EMAIL,
      user_agent: START_AGENT,
      changes: { is_active: { before: false, after: true } },
    });
  } finally {
    expect(await server.stop()).toBe(0);
  }
}, 30_000);
