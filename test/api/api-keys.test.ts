// API keys managed through the API (Onyx's /admin/api-key routes): the secret
// once, its last use, regeneration and deletion refused at once, expiry, and
// the rule that keeps an admin able to sign in.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { apiKeyListSchema, apiKeySchema } from '../../src/contract/apiKeys';
import { api, snapshotDb } from '../support/http';
import { useTestServer } from '../support/useTestServer';

const server = useTestServer();

const create = async (body: Record<string, unknown>) => {
  const made = await api(server, 'POST', '/admin/api-key', { body });
  expect(made.status, made.text).toBe(200);
  return apiKeySchema.parse(made.json);
};

describe('the life of a key', () => {
  it('shown once, used, regenerated (the old one 401), deleted (401)', async () => {
    const made = await create({ name: 'CI bot', role: 'basic' });
    expect(made).toMatchObject({
      api_key_name: 'CI bot',
      api_key_role: 'basic',
      owner: { email: server.adminEmail },
      expires_at: null,
      last_used_at: null,
    });
    const secret = made.api_key!;
    expect(made.api_key_display).toBe(`${secret.slice(0, 7)}…`);

    const me = await api(server, 'GET', '/me', { key: secret });
    expect(me.json).toMatchObject({ role: 'basic', id: made.user_id });
    await api(server, 'GET', '/me', { key: secret });
    const list = apiKeyListSchema.parse((await api(server, 'GET', '/admin/api-key')).json);
    const listed = list.find((key) => key.api_key_id === made.api_key_id)!;
    expect(listed.last_used_at).not.toBeNull();
    expect(listed.api_key).toBeUndefined();
    expect(JSON.stringify(list)).not.toContain(secret);

    const again = await api(server, 'POST', `/admin/api-key/${made.api_key_id}/regenerate`);
    const renewed = apiKeySchema.parse(again.json).api_key!;
    expect(renewed).not.toBe(secret);
    expect((await api(server, 'GET', '/me', { key: secret })).status).toBe(401);
    expect((await api(server, 'GET', '/me', { key: renewed })).status).toBe(200);

    const gone = await api(server, 'DELETE', `/admin/api-key/${made.api_key_id}`);
    expect(gone.status).toBe(200);
    expect((await api(server, 'GET', '/me', { key: renewed })).status).toBe(401);
    const after = apiKeyListSchema.parse((await api(server, 'GET', '/admin/api-key')).json);
    expect(after.some((key) => key.api_key_id === made.api_key_id)).toBe(false);
  });

  it('its note of a use keeps every remembered key; a deletion counts from the next request', async () => {
    // The guard remembers keys and sessions until the `keys` revision moves:
    // a use's note changes no one's access, so it must not send every caller
    // back to the database (0037); a deletion must still count at once.
    const made = await create({ name: 'Noted', role: 'basic' });
    const before = await server.store.revisions(['keys']);
    expect((await api(server, 'GET', '/me', { key: made.api_key! })).status).toBe(200);
    const noted = await server.store.db
      .selectFrom('api_keys')
      .select('last_used_at')
      .where('id', '=', made.api_key_id)
      .executeTakeFirstOrThrow();
    expect(noted.last_used_at).not.toBeNull();
    expect(await server.store.revisions(['keys'])).toBe(before);
    expect((await api(server, 'DELETE', `/admin/api-key/${made.api_key_id}`)).status).toBe(200);
    expect(await server.store.revisions(['keys'])).not.toBe(before);
    expect((await api(server, 'GET', '/me', { key: made.api_key! })).status).toBe(401);
  });

  it('any other change to a key or a session moves the `keys` revision, whichever column', async () => {
    // 0037's triggers name their columns: a column added later and left out
    // would let a remembered key or session outlive its change.
    const notes: Record<string, string> = { api_keys: 'last_used_at', sessions: 'last_seen_at' };
    const made = await create({ name: 'Columns', role: 'basic' });
    const admin = await server.store.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', server.adminEmail)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await server.store.db
      .insertInto('sessions')
      .values({
        token_hash: 'columns-test-session',
        user_id: admin.id,
        time_created: now,
        last_seen_at: now,
        expires_at: '2999-01-01T00:00:00.000Z',
        how: 'api_key',
        address: null,
        user_agent: null,
      })
      .execute();
    const rows = {
      api_keys: sql`id = ${made.api_key_id}`,
      sessions: sql`token_hash = 'columns-test-session'`,
    };
    for (const [table, where] of Object.entries(rows)) {
      const columns = server.schema
        ? await sql<{ name: string }>`select column_name as name from information_schema.columns
            where table_schema = current_schema() and table_name = ${table}`.execute(
            server.store.db,
          )
        : await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(
            server.store.db,
          );
      expect(columns.rows.map(({ name }) => name)).toContain(notes[table]);
      for (const { name } of columns.rows) {
        const before = await server.store.revisions(['keys']);
        // As the server writes: one transaction that takes the write turn (beginWrite).
        await server.store.db.transaction().execute(async (trx) => {
          await server.store.beginWrite(trx);
          await sql`update ${sql.table(table)} set ${sql.ref(name)} = ${sql.ref(name)} where ${where}`.execute(
            trx,
          );
        });
        server.store.wrote?.();
        const moved = (await server.store.revisions(['keys'])) !== before;
        expect(moved, `${table}.${name}`).toBe(name !== notes[table]);
      }
    }
  });

  it('its last use is written at most once a minute', async () => {
    const made = await create({ name: 'Quiet', role: 'basic' });
    await api(server, 'GET', '/me', { key: made.api_key! });
    const first = (
      await server.store.db
        .selectFrom('api_keys')
        .select('last_used_at')
        .where('id', '=', made.api_key_id)
        .executeTakeFirstOrThrow()
    ).last_used_at;
    await api(server, 'GET', '/me', { key: made.api_key! });
    const second = (
      await server.store.db
        .selectFrom('api_keys')
        .select('last_used_at')
        .where('id', '=', made.api_key_id)
        .executeTakeFirstOrThrow()
    ).last_used_at;
    expect(first).not.toBeNull();
    expect(second).toBe(first);
  });

  it('renamed and given another role: it acts with that role from the next request', async () => {
    const made = await create({ name: 'Reader', role: 'basic' });
    const changed = await api(server, 'PATCH', `/admin/api-key/${made.api_key_id}`, {
      body: { name: 'Writer', role: 'admin' },
    });
    expect(changed.json).toMatchObject({ api_key_name: 'Writer', api_key_role: 'admin' });
    expect((await api(server, 'GET', '/admin/api-key', { key: made.api_key! })).status).toBe(200);
  });

  it('a key past its expires_at is refused with 401 saying it expired', async () => {
    const made = await create({ role: 'basic', expires_at: '2999-01-01T00:00:00Z' });
    await server.store.db
      .updateTable('api_keys')
      .set({ expires_at: '2001-01-01T00:00:00.000Z' })
      .where('id', '=', made.api_key_id)
      .execute();
    const refused = await api(server, 'GET', '/me', { key: made.api_key! });
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual({
      detail: 'Access denied. The API key expired at 2001-01-01T00:00:00.000Z.',
    });
    const past = await api(server, 'POST', '/admin/api-key', {
      body: { role: 'basic', expires_at: '2001-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(422);
  });

  it('roles are admin, basic or limited (422 otherwise); admins only (403)', async () => {
    const curator = await api(server, 'POST', '/admin/api-key', { body: { role: 'curator' } });
    expect(curator.status).toBe(422);
    const basic = await server.keyFor('basic', 'basic@keys.test');
    expect((await api(server, 'GET', '/admin/api-key', { key: basic })).status).toBe(403);
  });

  it('a name holding NUL is 422 on both stores, made or renamed, and nothing changes', async () => {
    const before = await snapshotDb(server);
    const made = await api(server, 'POST', '/admin/api-key', {
      body: { name: 'bot\u0000', role: 'basic' },
    });
    expect(made.status).toBe(422);
    expect(made.json).toMatchObject({ detail: [{ loc: ['body', 'name'], type: 'string_type' }] });
    const [key] = (await api(server, 'GET', '/admin/api-key')).json as { api_key_id: number }[];
    const renamed = await api(server, 'PATCH', `/admin/api-key/${key!.api_key_id}`, {
      body: { name: '\u0000' },
    });
    expect(renamed.status).toBe(422);
    expect(await snapshotDb(server)).toEqual(before);
  });
});

describe('the last admin key', () => {
  it('cannot be deleted or demoted while no other admin key that never expires is left', async () => {
    const list = apiKeyListSchema.parse((await api(server, 'GET', '/admin/api-key')).json);
    const own = list.find((key) => key.user_email === server.adminEmail)!;
    // Admin keys made above: demote them, so the first admin's key is the last lasting one.
    for (const key of list.filter((k) => k.api_key_role === 'admin' && k !== own)) {
      await api(server, 'DELETE', `/admin/api-key/${key.api_key_id}`);
    }
    const refused = await api(server, 'DELETE', `/admin/api-key/${own.api_key_id}`);
    expect(refused.status).toBe(400);
    expect((refused.json as { detail: string }).detail).toMatch(/last API key of an admin/);

    const ending = await create({ role: 'admin', expires_at: '2999-01-01T00:00:00Z' });
    expect((await api(server, 'DELETE', `/admin/api-key/${own.api_key_id}`)).status).toBe(400);
    const demote = await api(server, 'PATCH', `/admin/api-key/${ending.api_key_id}`, {
      body: { role: 'basic' },
    });
    expect(demote.status).toBe(200); // the first admin's lasting key remains

    const lasting = await create({ role: 'admin' });
    expect((await api(server, 'DELETE', `/admin/api-key/${own.api_key_id}`)).status).toBe(200);
    const lastOne = await api(server, 'PATCH', `/admin/api-key/${lasting.api_key_id}`, {
      key: lasting.api_key!,
      body: { role: 'basic' },
    });
    expect(lastOne.status).toBe(400);
  });

  it("a person's key keeps its user's role: changing it here is refused", async () => {
    const key = await server.keyFor('basic', 'person@keys.test');
    const list = apiKeyListSchema.parse(
      (await api(server, 'GET', '/admin/api-key', { key: await adminKey() })).json,
    );
    const theirs = list.find((k) => k.user_email === 'person@keys.test')!;
    const refused = await api(server, 'PATCH', `/admin/api-key/${theirs.api_key_id}`, {
      key: await adminKey(),
      body: { role: 'admin' },
    });
    expect(refused.status).toBe(400);
    expect((await api(server, 'GET', '/me', { key })).json).toMatchObject({ role: 'basic' });
  });
});

/** A fresh lasting admin key (the tests above may have deleted the first admin's). */
async function adminKey() {
  return server.keyFor('admin', 'second-admin@keys.test');
}
