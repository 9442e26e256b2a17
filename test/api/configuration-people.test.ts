// An import's people on one server: roles change by set-user-role's rules (D8:
// the last admin, the last admin key that does not expire, never the person
// importing), and addresses a bundle may not name. SQLite in project api,
// PostgreSQL in api-pg.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConfigBundleInput, ImportPlan } from '../../src/contract/configBundle';
import { LAST_ADMIN_KEY_REFUSAL } from '../../server/auth/keyChanges';
import { makerNotHere } from '../../server/bundle/planCredentials';
import { IMPORTER_KEPT } from '../../server/bundle/planPeople';
import { KEY_ADDRESS_PROBLEM } from '../../src/contract/rules';
import { CURATOR_REFUSALS } from '../../src/contract/groups';
import { startTestServer, type TestServer } from '../support/harness';
import { api, snapshotDb } from '../support/http';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

/** The data an import could change (a key's last use is noted by any request, so keys are left out). */
const people = async () => {
  const { api_keys: _keys, ...rest } = await snapshotDb(server);
  return rest;
};

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
    const before = await people();
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
    expect(await people()).toEqual(before);
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

describe('what a bundle may not name', () => {
  it('a key’s own address is never a person: a 422 at each place it is named, nothing changes; an invitation refuses it too', async () => {
    const key = await panelKey(server.adminKey);
    const listed = await api(server, 'GET', '/admin/api-key');
    const address = (listed.json as { user_email: string }[]).find(
      (k) => !k.user_email.startsWith(server.adminEmail),
    )!.user_email;
    expect(address).toMatch(/@api-keys\.invalid$/);
    const before = await people();
    const response = await importing(
      {
        format_version: 1,
        users: [{ email: address, role: 'basic' }],
        invitations: [{ email: 'api-key-new@API-KEYS.invalid' }],
        user_groups: [{ name: 'G', members: [address] }],
      },
      key,
    );
    expect(response.status, response.text).toBe(422);
    const msg = `Not a person’s address: ${KEY_ADDRESS_PROBLEM}`;
    expect(response.json).toEqual({
      detail: [
        { loc: ['body', 'users', 0, 'email'], msg, type: 'value_error' },
        { loc: ['body', 'invitations', 0, 'email'], msg, type: 'value_error' },
        { loc: ['body', 'user_groups', 0, 'members', 0], msg, type: 'value_error' },
      ],
    });
    expect(await people()).toEqual(before);
    const invite = await api(server, 'PUT', '/manage/admin/users', {
      body: { emails: ['someone@api-keys.invalid'] },
    });
    expect(invite.status).toBe(400);
    expect(invite.json).toEqual({
      detail: `Invalid email address: someone@api-keys.invalid - ${KEY_ADDRESS_PROBLEM}`,
    });
  });

  it('a connector’s, credential’s or group’s name holding NUL is the same 422 on both stores', async () => {
    const nul = 'Eng\u0000Jira';
    const response = await importing(
      {
        format_version: 1,
        user_groups: [{ name: nul }],
        credentials: [{ ref: 'k', name: nul, source: 'web', credential_json: {} }],
        connectors: [
          {
            ref: 'c',
            name: nul,
            source: 'web',
            input_type: 'load_state',
            connector_specific_config: {
              base_url: 'https://example.com',
              web_connector_type: 'single',
            },
          },
        ],
      },
      server.adminKey,
    );
    expect(response.status, response.text).toBe(422);
    const places = (response.json as { detail: { loc: unknown[]; type: string }[] }).detail;
    expect(places.map((p) => [p.loc, p.type])).toEqual([
      [['body', 'user_groups', 0, 'name'], 'string_type'],
      [['body', 'credentials', 0, 'name'], 'string_type'],
      [['body', 'connectors', 0, 'name'], 'string_type'],
    ]);
  });
});

describe('curators a bundle names', () => {
  it('the admin importing is no curator whatever the bundle says their role is: a 422 at its place in set-curator’s words', async () => {
    const bundle = {
      format_version: 1,
      users: [{ email: server.adminEmail, role: 'curator' }],
      user_groups: [{ name: 'Eng', members: [server.adminEmail], curators: [server.adminEmail] }],
    };
    const before = await people();
    for (const dryRun of [true, false]) {
      const response = await importing(bundle, server.adminKey, dryRun);
      expect(response.status, response.text).toBe(422);
      expect(response.json).toEqual({
        detail: [
          {
            loc: ['body', 'user_groups', 0, 'curators', 0],
            msg: CURATOR_REFUSALS.admin(server.adminEmail),
            type: 'value_error',
          },
        ],
      });
    }
    expect(await people()).toEqual(before);
  });
});

describe('a credential’s maker, sharing and values no secret', () => {
  it('import keeps its maker (by address), groups and curator_public; the export carries them and the account e-mail, never the token', async () => {
    const token = 'never-exported-jira-token-0123456789';
    const bundle = {
      format_version: 1,
      users: [{ email: 'cur@example.com', role: 'curator' }],
      user_groups: [{ name: 'Eng', members: ['cur@example.com'], curators: ['cur@example.com'] }],
      credentials: [
        {
          ref: 'eng-jira',
          name: 'Eng Jira',
          source: 'jira',
          curator_public: true,
          groups: ['Eng'],
          made_by: 'cur@example.com',
          credential_json: { jira_user_email: 'bot@acme.example', jira_api_token: token },
        },
        {
          ref: 'old-jira',
          name: 'Old Jira',
          source: 'jira',
          made_by: 'gone@example.com',
          credential_json: { jira_api_token: token },
        },
      ],
    };
    const response = await importing(bundle, server.adminKey);
    expect(response.status, response.text).toBe(200);
    expect((response.json as ImportPlan).skipped).toContainEqual({
      section: 'credentials',
      ref: 'old-jira',
      reason: makerNotHere('gone@example.com'),
    });
    const exported = await api(server, 'GET', '/admin/export');
    expect(exported.text).not.toContain(token);
    const credentials = (exported.json as ConfigBundleInput).credentials!;
    expect(credentials.find((c) => c.ref === 'eng-jira')).toEqual({
      ref: 'eng-jira',
      name: 'Eng Jira',
      source: 'jira',
      admin_public: true,
      curator_public: true,
      groups: ['Eng'],
      made_by: 'cur@example.com',
      credential_json: { jira_api_token: null, jira_user_email: 'bot@acme.example' },
    });
    expect(credentials.find((c) => c.ref === 'old-jira')?.made_by).toBe(server.adminEmail);
    // The curator sees the credential they made on this server too.
    const curator = await server.keyFor('curator', 'cur@example.com');
    const seen = await api(server, 'GET', '/manage/admin/credential', { key: curator });
    expect(seen.status, seen.text).toBe(200);
    expect(seen.text).toContain('Eng Jira');
    // Imported again, the same bundle changes nothing.
    const again = await importing(bundle, server.adminKey, true);
    expect((again.json as ImportPlan).update).toEqual([]);
  });
});
