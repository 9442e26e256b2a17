// Migrations on a PostgreSQL database that already holds data (server/db/migrate.ts,
// runMigrations): 0017 builds its index CONCURRENTLY, outside a transaction, so
// writes go on while it is built; a build that stopped halfway is built again;
// instances starting at once build it once. (A new database migrates in one
// transaction, as every test server's does.) Runs in `api-pg` only.
import { randomBytes } from 'node:crypto';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { Tables } from '../../server/db/schema';
import { migrationsFor } from '../../server/db/migrate';
import { openPostgresStore } from '../../server/db/postgres';
import { createUser } from '../../server/repos/users';
import { TEST_DATABASE_URL } from '../support/harness';

const INDEX = 'users_directory_idx';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const client = async (schema: string) => {
  const connection = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    options: `-c search_path=${schema}`,
  });
  await connection.connect();
  cleanups.push(() => connection.end());
  return connection;
};

/** A schema migrated to 0016 (the release before) with people in it, as an operator's database would be. */
async function databaseBefore0017() {
  const schema = `sd_test_${randomBytes(6).toString('hex')}`;
  const pool = new pg.Pool({
    connectionString: TEST_DATABASE_URL,
    options: `-c search_path=${schema}`,
    max: 2,
  });
  await pool.query(`create schema ${schema}`);
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  cleanups.push(async () => {
    await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
    await db.destroy();
  });
  const migrator = new Migrator({
    db,
    provider: migrationsFor('postgres'),
    migrationTableSchema: schema,
  });
  const { error } = await migrator.migrateTo('0016_invitation_links');
  if (error) throw error;
  for (let n = 0; n < 50; n++) await createUser(db, `person${n}@migrations.test`, 'basic');
  return { schema, db, key: randomBytes(32).toString('base64') };
}

const open = async (schema: string, key: string) => {
  const store = await openPostgresStore(TEST_DATABASE_URL!, key, { schema, poolSize: 2 });
  cleanups.push(() => store.close());
  return store;
};

async function indexState(db: Kysely<Tables>, schema: string) {
  const { rows } = await sql<{ valid: boolean; definition: string }>`
    select i.indisvalid as valid, pg_get_indexdef(i.indexrelid) as definition from pg_index i
    join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
    where c.relname = ${INDEX} and n.nspname = ${schema}`.execute(db);
  const migrations = await sql<{ name: string }>`
    select name from ${sql.table(`${schema}.kysely_migration`)} where name like '0017%'`.execute(
    db,
  );
  return { indexes: rows, migrations: migrations.rows.map((row) => row.name) };
}

describe('0017 on a database that holds data', () => {
  it('builds its index CONCURRENTLY: a write arriving while the build waits is not held up', async () => {
    const { schema, db, key } = await databaseBefore0017();
    // A transaction that may write to users, open (the lock a write takes, without
    // the write's move of the revision, which would hold up the next write by
    // itself): any index build waits for it to end. A plain CREATE INDEX would
    // wait holding its place in the table's lock queue, and every later write to
    // users would queue behind it (a long lock on a busy table); CONCURRENTLY waits without that.
    const holder = await client(schema);
    await holder.query('begin');
    await holder.query('lock table users in row exclusive mode');
    const opening = open(schema, key);
    const watcher = await client(schema);
    await expect
      .poll(
        async () =>
          (
            await watcher.query(
              `select count(*)::int as n from pg_stat_activity where query ilike '%create index%${INDEX}%' and wait_event_type = 'Lock'`,
            )
          ).rows[0].n as number,
        { timeout: 15_000 },
      )
      .toBe(1);
    const writer = await client(schema);
    await writer.query(`set statement_timeout = '3s'`);
    await writer.query(
      `insert into users (id, email, email_lower, role, time_created) values ('during', 'during@migrations.test', 'during@migrations.test', 'basic', '2026-01-01')`,
    );
    await holder.query('commit');
    await opening;
    const state = await indexState(db, schema);
    expect(state.indexes).toEqual([
      { valid: true, definition: expect.stringContaining('(is_api_key, email_lower, id)') },
    ]);
    expect(state.migrations).toEqual(['0017_directory_index']);
  });

  it('an invalid index left by a build that stopped halfway is built again', async () => {
    const { schema, db, key } = await databaseBefore0017();
    // A concurrent build that fails (duplicates under a unique index) leaves its index invalid.
    await expect(
      sql`create unique index concurrently ${sql.id(INDEX)} on users (is_api_key)`.execute(db),
    ).rejects.toThrow();
    expect((await indexState(db, schema)).indexes).toEqual([
      { valid: false, definition: expect.stringContaining('(is_api_key)') },
    ]);
    await open(schema, key);
    expect((await indexState(db, schema)).indexes).toEqual([
      { valid: true, definition: expect.stringContaining('(is_api_key, email_lower, id)') },
    ]);
  });

  it('instances starting at once build it once', async () => {
    const { schema, db, key } = await databaseBefore0017();
    await Promise.all([open(schema, key), open(schema, key), open(schema, key)]);
    const state = await indexState(db, schema);
    expect(state.indexes).toEqual([{ valid: true, definition: expect.any(String) }]);
    expect(state.migrations).toEqual(['0017_directory_index']);
  });
});
