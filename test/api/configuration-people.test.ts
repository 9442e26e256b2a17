// An import's people on one server: roles change by set-user-role's rules (D8:
// the last admin, the last admin key that does not expire, never the person
// importing), and addresses a bundle may not name. SQLite in project api,
// PostgreSQL in api-pg.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportPlan } from '../../src/contract/configBundle';
import { LAST_ADMIN_KEY_REFUSAL } from '../../server/auth/keyChanges';
import { IMPORTER_KEPT } from '../../server/bundle/planPeople';
import { startTestServer, type TestServer } from '../support/harness';
import { api, snapshotDb } from '../support/http';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const importing = (bundle: unknown, key: string, dryRun = false) =>
  api(server, 'POST', `/admin/import${dryRun ? '?dry_run=true' : ''}`, { key, body: bundle });

/** A key made in the panel by the holder of `by` (a user of its own), ending in a day. */
async function panelKey(by: string) {
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const made = await api(server, 'POST', '/admin/api-key', {
    key: by,
    body: { name: 'ci', role: 'admin', expires_at: expires },
  });
  expect(made.status, made.text).toBe(200);
  return (made.json as { api_key: string }).api_key;
}

describe('an import changes roles by set-user-role’s rules (D8)', () => {
  it('never demotes the admin holding the last admin key that does not expire: a 422 at its place, dry run alike, nothing changes', async () => {
    // Bea is an admin whose own key ends; the first admin's key is the last one that does not.
    const bea = await server.keyFor('admin', 'bea@example.com');
    await server.store.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() + 86_400_000).toISOString() })
      .where(
        'user_id',
        '=',
        (
          await server.store.db
            .selectFrom('users')
            .select('id')
            .where('email', '=', 'bea@example.com')
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    const key = await panelKey(bea);
    const bundle = {
      format_version: 1,
      users: [
        { email: 'bea@example.com', role: 'admin', active: true },
        { email: server.adminEmail, role: 'basic', active: true },
      ],
    };
    const before = await snapshotDb(server);
    const refusal = {
      detail: [
        { loc: ['body', 'users', 1, 'role'], msg: LAST_ADMIN_KEY_REFUSAL, type: 'value_error' },
      ],
    };
    const planned = await importing(bundle, key, true);
    expect(planned.status, planned.text).toBe(422);
    expect(planned.json).toEqual(refusal);
    const applied = await importing(bundle, key);
    expect(applied.status, applied.text).toBe(422);
    expect(applied.json).toEqual(refusal);
    expect(await snapshotDb(server)).toEqual(before);
    // set-user-role refuses the very change in the same words.
    const direct = await api(server, 'PATCH', '/manage/set-user-role', {
      key: bea,
      body: { user_email: server.adminEmail, new_role: 'basic' },
    });
    expect(direct.json).toEqual({ detail: LAST_ADMIN_KEY_REFUSAL });
  });

  it('a panel key’s prune keeps the admin who made the key, and deactivates the others', async () => {
    await server.keyFor('basic', 'cy@example.com');
    await server.keyFor('admin', 'dan@example.com');
    const key = await panelKey(server.adminKey);
    const bundle = { format_version: 1, users: [], prune: { users: true } };
    const planned = await importing(bundle, key, true);
    expect(planned.status, planned.text).toBe(200);
    const plan = planned.json as ImportPlan;
    expect(plan.skipped).toEqual([
      { section: 'users', ref: server.adminEmail, reason: IMPORTER_KEPT },
    ]);
    expect(plan.remove.map((item) => item.ref).sort()).toEqual([
      'cy@example.com',
      'dan@example.com',
    ]);
    expect((await importing(bundle, key)).status).toBe(200);
    const people = await server.store.db
      .selectFrom('users')
      .select(['email', 'role', 'is_active'])
      .where('is_api_key', '=', 0)
      .orderBy('email')
      .execute();
    expect(people.map((p) => [p.email, p.role, Number(p.is_active)])).toEqual([
      [server.adminEmail, 'admin', 1],
      ['cy@example.com', 'basic', 0],
      ['dan@example.com', 'admin', 0],
    ]);
  });
});
