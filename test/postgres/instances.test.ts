// Several stateless instances on one PostgreSQL database behave as one server:
// a write through one counts at every other from its next request (caches and
// key lookups included), D7's idempotent attach holds across instances, and
// instances starting at once migrate and set up once. (Runs in `api-pg` only.)
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../server/db/migrations/index';
import { openPostgresStore } from '../../server/db/postgres';
import { findUserByEmail } from '../../server/repos/users';
import { prepareStore } from '../../server/setup';
import {
  heardEverything,
  startTestServer,
  TEST_DATABASE_URL,
  type TestServer,
} from '../support/harness';
import { addCredential, api, createConnector, jiraRequest, splitAttaches } from '../support/http';
import { useTwoInstances } from '../support/useTestServer';

const { a, b } = useTwoInstances();

const names = async (server: TestServer, key?: string) =>
  ((await api(server, 'GET', '/manage/admin/connector', { key })).json as { name: string }[]).map(
    (connector) => connector.name,
  );

describe('two instances, one database', () => {
  it('a connector created through A is listed by B once its notice came, though B had cached the list', async () => {
    const before = await names(b); // B now holds the list in its read cache
    const id = await createConnector(a, jiraRequest({ name: 'Made through A' }));
    await heardEverything(b);
    expect(await names(b)).toEqual([...before, 'Made through A']);
    const detail = await api(b, 'GET', `/manage/admin/connector/${id}`);
    expect(detail.status).toBe(200);
  });

  it('a user demoted through A is refused by B from the next request on; a key revoked too', async () => {
    const key = await a.keyFor('admin', 'moved.admin@instances.test');
    expect((await api(b, 'GET', '/manage/admin/connector', { key })).status).toBe(200);
    const demote = await api(a, 'PATCH', '/manage/set-user-role', {
      body: { user_email: 'moved.admin@instances.test', new_role: 'basic' },
    });
    expect(demote.status).toBe(200);
    await heardEverything(b);
    const refused = await api(b, 'GET', '/manage/admin/connector', { key });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ detail: 'Access denied. User is not a curator or admin.' });
    // A key revoked through A (here: its row goes) no longer opens B.
    const gone = await a.keyFor('admin', 'gone.admin@instances.test');
    expect((await api(b, 'GET', '/manage/users/accepted', { key: gone })).status).toBe(200);
    const user = await findUserByEmail(a.store.db, 'gone.admin@instances.test');
    await a.store.db.deleteFrom('api_keys').where('user_id', '=', user!.id).execute();
    await heardEverything(b);
    expect((await api(b, 'GET', '/manage/users/accepted', { key: gone })).status).toBe(401);
  });
});

describe('D13 across instances', () => {
  it('a global curator made a member of a group through A sees its private connector through B at the next request', async () => {
    // A global curator: membership alone decides (a curator's role would follow curatorships).
    const email = 'curator.moving@instances.test';
    const key = await a.keyFor('global_curator', email);
    const user = (await findUserByEmail(a.store.db, email))!;
    const group = await api(a, 'POST', '/manage/admin/user-group', {
      body: { name: 'Instances Sales', user_ids: [], cc_pair_ids: [] },
    });
    const groupId = (group.json as { id: number }).id;
    const connector = await createConnector(a, jiraRequest({ name: 'Private to Sales' }));
    const credential = await addCredential(a, 'jira');
    const attached = await api(
      a,
      'PUT',
      `/manage/admin/connector/${connector}/credential/${credential}`,
      {
        body: { access_type: 'private', groups: [groupId] },
      },
    );
    expect(attached.status).toBe(200);
    await heardEverything(b);
    expect(await names(b, key)).not.toContain('Private to Sales'); // B now caches the curator's list
    const added = await api(a, 'POST', `/manage/admin/user-group/${groupId}/add-users`, {
      body: { user_ids: [user.id] },
    });
    expect(added.status).toBe(200);
    await heardEverything(b);
    expect(await names(b, key)).toContain('Private to Sales');
    expect((await api(b, 'GET', `/manage/admin/connector/${connector}`, { key })).status).toBe(200);
  });
});

describe('D13 across instances: curatorships and a pair’s groups', () => {
  it('a pair moved to another group and a curatorship removed through A count at B’s next request', async () => {
    const email = 'curator.instances@instances.test';
    const key = await a.keyFor('basic', email);
    const user = (await findUserByEmail(a.store.db, email))!;
    const group = async (name: string, user_ids: string[]) =>
      (
        (
          await api(a, 'POST', '/manage/admin/user-group', {
            body: { name, user_ids, cc_pair_ids: [] },
          })
        ).json as { id: number }
      ).id;
    const eng = await group('Instances Eng', [user.id]);
    const ops = await group('Instances Ops', []);
    const made = await api(a, 'POST', `/manage/admin/user-group/${eng}/set-curator`, {
      body: { user_id: user.id, is_curator: true },
    });
    expect(made.status, made.text).toBe(200);
    const connector = await createConnector(a, jiraRequest({ name: 'Eng tracker' }));
    const attached = await api(
      a,
      'PUT',
      `/manage/admin/connector/${connector}/credential/${await addCredential(a, 'jira')}`,
      { body: { access_type: 'private', groups: [eng] } },
    );
    expect(attached.status, attached.text).toBe(200);
    await heardEverything(b);
    expect(await names(b, key)).toContain('Eng tracker'); // B caches the curator's list

    const moved = await api(a, 'PATCH', `/manage/admin/connector/${connector}`, {
      body: { groups: [ops] },
    });
    expect(moved.status, moved.text).toBe(200);
    await heardEverything(b);
    expect(await names(b, key)).not.toContain('Eng tracker');
    expect((await api(b, 'GET', `/manage/admin/connector/${connector}`, { key })).status).toBe(404);

    const removed = await api(a, 'POST', `/manage/admin/user-group/${eng}/set-curator`, {
      body: { user_id: user.id, is_curator: false },
    });
    expect(removed.status, removed.text).toBe(200);
    await heardEverything(b);
    const me = await api(b, 'GET', '/me', { key });
    expect((me.json as { role: string }).role).toBe('basic');
    expect((await api(b, 'GET', '/manage/admin/connector', { key })).status).toBe(403);
  });
});

describe('the revision', () => {
  it('every table of the data has the trigger that moves it (a table added later must get one too)', async () => {
    const { rows } = await sql<{ table: string; triggered: boolean }>`
      select t.table_name as table,
             exists (select 1 from information_schema.triggers g
                     where g.event_object_schema = t.table_schema
                       and g.event_object_table = t.table_name
                       and g.action_statement like '%bump_revision%') as triggered
      from information_schema.tables t
      where t.table_schema = ${a.schema!} and t.table_type = 'BASE TABLE'
        -- the revisions themselves (the database's, each topic's, each pair's sync version: 0034's
        -- triggers write it with the jobs and documents that move the revision) move with the data they count
        and t.table_name not in ('revision', 'read_revisions', 'pair_sync_versions', 'kysely_migration', 'kysely_migration_lock')
      order by t.table_name`.execute(a.store.db);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.filter((row) => !row.triggered).map((row) => row.table)).toEqual([]);
  });
});

describe('D7 across instances', () => {
  it('100 identical attaches split across A and B make one pair', async () => {
    const fresh = await startTestServer();
    const other = await startTestServer({ shareWith: fresh });
    try {
      const connector = await createConnector(fresh, jiraRequest({ name: 'Raced' }));
      const credential = await addCredential(fresh, 'jira');
      const sides: [TestServer, string][] = [
        [fresh, fresh.adminKey],
        [other, other.adminKey],
      ];
      expect(await splitAttaches(sides, connector, credential, 100)).toEqual({
        statuses: Array(100).fill(200),
        successes: 1,
        pairs: 1,
      });
    } finally {
      await other.close();
      await fresh.close();
    }
  });

  it('the same new connector sent to A and B at once is made once; the other gets D4’s 400', async () => {
    const body = jiraRequest({ name: 'Sent twice' });
    const answers = await Promise.all(
      [a, b, a, b].map((server) => api(server, 'POST', '/manage/admin/connector', { body })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400]);
    expect((await names(b)).filter((name) => name === 'Sent twice')).toHaveLength(1);
  });
});

describe('start-up', () => {
  it('instances starting at once on an empty database migrate once and make one administrator', async () => {
    const schema = `sd_test_${randomBytes(6).toString('hex')}`;
    const key = randomBytes(32).toString('base64');
    // The operator's database exists, empty; the instances make its tables.
    const admin = await openPostgresStore(TEST_DATABASE_URL!, key, { schema, poolSize: 1 });
    await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    await admin.close();
    const stores = await Promise.all(
      [1, 2, 3].map(() => openPostgresStore(TEST_DATABASE_URL!, key, { schema, poolSize: 2 })),
    );
    try {
      const setups = await Promise.all(
        stores.map((store) =>
          prepareStore(store, {
            adminEmail: 'first@instances.test',
            adminApiKey: undefined,
            demoData: true,
          }),
        ),
      );
      expect(setups.filter((setup) => setup.firstStart)).toHaveLength(1);
      const db = stores[0]!.db;
      // One administrator with one key: the set-up ran once, not once per instance.
      const keys = await db
        .selectFrom('api_keys')
        .innerJoin('users', 'users.id', 'api_keys.user_id')
        .select('users.email')
        .where('users.role', '=', 'admin')
        .execute();
      expect(keys).toEqual([{ email: 'first@instances.test' }]);
      // The demo data once: a second set would double the connectors (or fail on D4's key).
      const demo = await db.selectFrom('connectors').select('name').execute();
      expect(demo.length).toBeGreaterThan(0);
      expect(new Set(demo.map((row) => row.name)).size).toBe(demo.length);
      const migrations = await sql<{
        name: string;
      }>`select name from ${sql.table(`${schema}.kysely_migration`)}`.execute(db);
      // Each migration once, by its name in the one list (server/db/migrations/index.ts).
      expect(migrations.rows.map((row) => row.name).sort()).toEqual(
        MIGRATIONS.map(([name]) => name).sort(),
      );
    } finally {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(stores[0]!.db);
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it('another key than the one the database was made with is refused, with the variable named', async () => {
    await expect(
      openPostgresStore(TEST_DATABASE_URL!, randomBytes(32).toString('base64'), {
        schema: a.schema!,
      }),
    ).rejects.toThrow(/SOURCEDESK_SECRET_KEY/);
  });
});
