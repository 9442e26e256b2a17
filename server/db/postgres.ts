// PostgreSQL, for several instances on one database (SOURCEDESK_DATABASE_URL):
// the same repositories and migrations as SQLite, through Kysely's
// PostgresDialect and the `pg` driver.
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { loadSecretBox } from '../crypto/secretKey';
import { finishOpening, type Db, type Store } from './database';
import type { Tables } from './schema';
import { listenForRevisions, type RevisionListener } from './revisionListener';
import { sharedRead } from './sharedRead';
import { topicRevisions } from './readRevisions';
import { StorageError } from './storageErrors';

// 64-bit integers (counts, frequencies) arrive as text: every one the service
// stores is at most 2^53 (D11), so a number holds it exactly.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);

/** Advisory lock keys ("SD" + a number): start-up work, and nothing else. */
const SETUP_LOCK = 0x5344_0001;

/** Where the URL points, without its password: the only part of it that is ever said. */
export function databaseHost(url: string): string {
  try {
    const { hostname, port, pathname } = new URL(url);
    return `${hostname || 'localhost'}:${port || '5432'}${pathname}`;
  } catch {
    return '(an address that is not a URL)';
  }
}

const reason = (error: unknown) => {
  const { code, message } = error as { code?: string; message?: string };
  // The driver's words may quote the URL; only its code and a password-free message are kept.
  return (code ? `${code}: ` : '') + (message ?? String(error)).replace(/\/\/[^@\s]*@/g, '//');
};

export interface PostgresOptions {
  /** Tables live in this schema (made if missing); the tests give each server one. */
  schema?: string;
  /** Connections per instance. */
  poolSize?: number;
}

/** `secretKey`: SOURCEDESK_SECRET_KEY, which every instance must share (there is no key file). */
export async function openPostgresStore(
  url: string,
  secretKey: string | undefined,
  options: PostgresOptions = {},
): Promise<Store> {
  const where = `the PostgreSQL database at ${databaseHost(url)}`;
  if (secretKey === undefined) {
    throw new StorageError(
      `SOURCEDESK_SECRET_KEY must be set with SOURCEDESK_DATABASE_URL: every instance seals ` +
        `credential secrets with it, so all must have the same one (make one with: openssl rand -base64 32).`,
    );
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 10_000,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle connection the server drops must not take the process with it;
  // nor one lost while a request holds it between two queries (an uncaught
  // 'error' event): that request's next query fails instead, and is answered
  // 503 like every other while the database cannot be reached (D11).
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  let version: string;
  try {
    if (options.schema) {
      await pool.query(`create schema if not exists "${options.schema.replaceAll('"', '')}"`);
    }
    version = ((await pool.query('show server_version')).rows[0] as { server_version: string })
      .server_version;
  } catch (error) {
    await pool.end().catch(() => {});
    throw new StorageError(`Cannot reach ${where} (SOURCEDESK_DATABASE_URL): ${reason(error)}.`);
  }
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  // The row, read: shared by the requests that arrive while one read is on its
  // way (each still gets a read begun after it arrived), prepared once per connection.
  const readRevision = sharedRead(async () => {
    const result = await pool.query<{ value: number }>({
      name: 'sourcedesk_revision',
      text: 'select value from revision where id = 1',
    });
    return String(result.rows[0]?.value ?? 0);
  });
  const schema = options.schema ?? 'public';
  let listener: RevisionListener | null = null;
  const revision = async () => (await listener?.current()) ?? readRevision();
  const revisions = topicRevisions({
    revision,
    read: async () => {
      const result = await pool.query<{ topic: string; value: number }>({
        name: 'sourcedesk_read_revisions',
        text: 'select topic, value from read_revisions',
      });
      return new Map(result.rows.map(({ topic, value }) => [topic, Number(value)]));
    },
  });
  return finishOpening(
    {
      db,
      dialect: 'postgres',
      engine: `postgres:${version.split(' ')[0]}`,
      file: null,
      // Pushed while the instance listens (no round trip); read per request when not.
      revision,
      revisions,
      wrote: () => listener?.wrote(),
      revisionPushed: () => listener?.listening() ?? false,
      beginWrite: async (trx: Db) => {
        await sql`update revision set value = value + 1 where id = 1`.execute(trx);
      },
      beginSetup: async (trx: Db) => {
        await sql`select pg_advisory_xact_lock(${SETUP_LOCK})`.execute(trx);
      },
      close: async () => {
        await listener?.close();
        await db.destroy();
      },
    },
    () => loadSecretBox(null, secretKey),
    where,
    schema,
  ).then((store) => {
    // After the migrations: the notices exist from 0004 on.
    listener = listenForRevisions(
      {
        connectionString: url,
        application_name: `sourcedesk-revisions:${schema}`,
        ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
      },
      schema,
      readRevision,
    );
    return store;
  });
}
