// Runs the versioned migrations of ./migrations/ (D12; the list and how to add
// one: ./migrations/index.ts).
import {
  Migrator,
  sql,
  type DatabaseIntrospector,
  type Kysely,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DialectName } from './database';
import { MIGRATIONS } from './migrations/index';
import { TYPES, type Step } from './migrations/dialectTypes';

const migrations = (dialect: DialectName): Record<string, Step> =>
  Object.fromEntries(MIGRATIONS.map(([name, of]) => [name, of(TYPES[dialect], dialect)]));

export const migrationsFor = (dialect: DialectName): MigrationProvider => ({
  getMigrations: async () => migrations(dialect),
});

const FIRST = '0001_initial';

/**
 * What the migrator asks of the catalogue (does the schema, does its own table
 * exist), answered from `schema` alone. Kysely's own PostgreSQL introspection
 * reads every column of every schema and calls pg_get_serial_sequence and
 * has_schema_privilege on each: slow where many schemas live in one database,
 * and failing ("schema … does not exist") when another schema is dropped while
 * it reads — as happens when instances or tests share a database.
 */
function introspectOnly(db: Kysely<unknown>, schema: string): DatabaseIntrospector {
  const getTables: DatabaseIntrospector['getTables'] = async () =>
    (
      await sql<{ name: string; kind: string }>`
        select c.relname as name, c.relkind as kind from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'v', 'p')`.execute(db)
    ).rows.map((row) => ({ name: row.name, schema, isView: row.kind === 'v', columns: [] }));
  return {
    getSchemas: async () =>
      (
        await sql<{ name: string }>`
          select nspname as name from pg_catalog.pg_namespace where nspname = ${schema}`.execute(db)
      ).rows,
    getTables,
    getMetadata: async () => ({ tables: await getTables() }),
  };
}

/** `db` as the migrator sees it: the same database, asked about `schema` alone. */
function withIntrospection(db: Kysely<unknown>, schema: string): Kysely<unknown> {
  const introspection = introspectOnly(db, schema);
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Runs the pending migrations, on PostgreSQL under Kysely's migration lock
 * (session-wide, so instances starting at once take turns and each finds
 * what the last did). In a new database all in one transaction, as before;
 * in one that holds data, the pending migrations in runs: each run of ordinary
 * ones in a transaction of its own, each `outsideTransaction` one alone outside any.
 * Never down: a migrateTo whose target another instance has passed meanwhile finds nothing to do.
 */
export async function runMigrations(
  db: Kysely<unknown>,
  dialect: DialectName,
  /** PostgreSQL: the schema of the tables, where the migrations' own tables are too. */
  schema?: string,
): Promise<void> {
  const steps = migrations(dialect);
  const provider: MigrationProvider = {
    getMigrations: async () =>
      Object.fromEntries(Object.entries(steps).map(([name, step]) => [name, { up: step.up }])),
  };
  const migrator = (on: Kysely<unknown>, outside: boolean) =>
    new Migrator({
      db: dialect === 'postgres' && schema ? withIntrospection(on, schema) : on,
      provider,
      ...(schema ? { migrationTableSchema: schema } : {}),
      disableTransactions: outside,
    });
  const done = (result: MigrationResultSet) => {
    if (result.error) throw result.error;
  };
  const pending = (await migrator(db, false).getMigrations())
    .filter((migration) => migration.executedAt === undefined)
    .map((migration) => migration.name);
  const outside = (name: string) => steps[name]?.outsideTransaction === true;
  if (dialect !== 'postgres' || pending[0] === FIRST || !pending.some(outside)) {
    done(await migrator(db, false).migrateToLatest());
    return;
  }
  for (let start = 0; start < pending.length;) {
    let end = start + 1;
    while (end < pending.length && !outside(pending[start]!) && !outside(pending[end]!)) end++;
    const target = pending[end - 1]!;
    if (outside(target))
      await alone(db, async (one) => done(await migrator(one, true).migrateTo(target)));
    else done(await migrator(db, false).migrateTo(target));
    start = end;
  }
}

/** A lock of its own (pg_advisory_lock's keys: "SD" + a number), beside Kysely's. */
const OUTSIDE_LOCK = 0x5344_0017;

/**
 * Runs `work` on one connection holding OUTSIDE_LOCK. Instances that find it
 * held ask again every 100 ms rather than wait in a statement: CREATE INDEX
 * CONCURRENTLY waits for every transaction older than its own to end, and one
 * blocked on a lock its own instance holds never would (a deadlock).
 */
async function alone(db: Kysely<unknown>, work: (one: Kysely<unknown>) => Promise<void>) {
  await db.connection().execute(async (one) => {
    const take = sql<{ taken: boolean }>`select pg_try_advisory_lock(${OUTSIDE_LOCK}) as taken`;
    while (!(await take.execute(one)).rows[0]?.taken) await sleep(100);
    try {
      await work(one);
    } finally {
      await sql`select pg_advisory_unlock(${OUTSIDE_LOCK})`.execute(one);
    }
  });
}
