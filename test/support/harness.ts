// A real server for tests: the built app on a fresh database, listening on
// 127.0.0.1 and an ephemeral port. The database is in-memory SQLite, or, in the
// `api-pg` test project (which alone sets SOURCEDESK_TEST_STORE_URL), a schema of
// its own in that PostgreSQL database, dropped when the server closes. Panel,
// process and end-to-end tests stay on SQLite whatever the shell exports.
import { DEFAULT_SOURCE_API_HOSTS } from '../../server/connectionCheck/hosts';
import type { UserRole, VersionSet } from '../../src/contract/contract';
import type { FastifyServerOptions } from 'fastify';
import { buildApp } from '../../server/app';
import type { AuthFailureLimit } from '../../server/auth/authFailures';
import type { ConnectionTestOptions } from '../../server/connectionCheck/settings';
import type { Timeouts } from '../../server/http/timeouts';
import type { OidcSettings } from '../../server/auth/oidc/settings';
import type { SessionSettings } from '../../server/auth/sessions';
import { DEFAULT_RETEST_HOURS, type HealthWatchOptions } from '../../server/watch/settings';
import type { SyncSettings } from '../../server/health/syncRules';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { MEMORY, openStore, type Store } from '../../server/db/database';
import { openPostgresStore } from '../../server/db/postgres';
import { generateApiKey, storeApiKey } from '../../server/auth/apiKeys';
import { createUser, findUserByEmail } from '../../server/repos/users';
import { prepareStore } from '../../server/setup';
import { defaultVersionSet } from '../../server/versions';

export interface TestServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** origin + /api, the interface's {base_url} (D1) */
  apiUrl: string;
  adminEmail: string;
  adminKey: string;
  store: Store;
  /** The API routes the server registered (method and Fastify path). */
  apiRoutes: readonly { method: string; url: string }[];
  /** PostgreSQL only: the schema holding this server's tables. */
  schema?: string;
  /** Write transactions the server has begun so far (each calls the store's beginWrite once). */
  writesBegun(): number;
  /** A fresh key for a user of that role (the user is created when missing). */
  keyFor(role: UserRole, email?: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  demoData?: boolean;
  versions?: VersionSet;
  staticDir?: string | null;
  timeouts?: Partial<Timeouts>;
  /** A data folder on disk instead of an in-memory database. */
  dataDir?: string;
  /**
   * Wrong keys allowed per address. Off unless a test asks: every test client
   * is 127.0.0.1, and the suites send thousands of wrong keys on purpose.
   */
  authFailureLimit?: AuthFailureLimit | null;
  /** Connection tests' limits and fixed API hosts (the stand-ins of test/support/standIns.ts). */
  connectionTest?: ConnectionTestOptions;
  /**
   * PostgreSQL only: serve the database of another test server (a second
   * instance on the same tables), instead of a fresh schema.
   */
  shareWith?: TestServer;
  /** PostgreSQL only: reach the test database through this URL (a proxy a test can cut). */
  databaseUrl?: string;
  /** A SQLite file store's writes on a thread of their own (the default: on). */
  writeThread?: boolean;
  /** The app's logger (none by default). */
  logger?: FastifyServerOptions['logger'];
  /** Days the activity log keeps records (the app's default unless given). */
  auditRetentionDays?: number;
  /** Panel sessions' idle time and lifetime (the app's defaults unless given). */
  sessions?: SessionSettings;
  /** SOURCEDESK_PUBLIC_URL (none unless given: the request's own Host). */
  publicUrl?: string;
  /** Single sign-on (none unless given). */
  oidc?: OidcSettings;
  /** SOURCEDESK_RETEST_HOURS as the health rules read it (24 unless given; healthWatch's is the watch's). */
  retestHours?: number;
  /** Background re-tests and alerts: off unless a test asks (a period and a short tick). */
  healthWatch?: HealthWatchOptions;
  /** Where uploaded files are kept (a temporary folder of the app's unless given). */
  uploadDir?: string;
  /** Sync jobs' settings; the schedule does not run unless a test asks (tests run rounds themselves). */
  sync?: Partial<SyncSettings>;
}

/** The PostgreSQL database the tests run on, when they run on one. */
export const TEST_DATABASE_URL = process.env.SOURCEDESK_TEST_STORE_URL || undefined;
/** Every test instance on PostgreSQL seals secrets with this key, as all instances of one deployment must. */
const TEST_SECRET_KEY = randomBytes(32).toString('base64');

/** A fresh store: in memory, in a folder, or in a PostgreSQL schema (a new one, or a server's). */
async function openTestStore(
  options: TestServerOptions,
): Promise<{ store: Store; schema?: string }> {
  if (options.dataDir || !TEST_DATABASE_URL) {
    return {
      store: await openStore(options.dataDir ?? MEMORY, undefined, {
        writeThread: options.writeThread,
      }),
    };
  }
  const schema = options.shareWith?.schema ?? `sd_test_${randomBytes(6).toString('hex')}`;
  const store = await openPostgresStore(options.databaseUrl ?? TEST_DATABASE_URL, TEST_SECRET_KEY, {
    schema,
    poolSize: 4,
  });
  return { store, schema };
}

/** Every fixed host at a port where nothing listens (a subdomain kept in the path): tests never reach the internet. */
const OFFLINE_HOSTS = Object.fromEntries(
  Object.entries(DEFAULT_SOURCE_API_HOSTS).map(([source, root]) => [
    source,
    root.includes('{subdomain}') ? 'http://127.0.0.1:1/{subdomain}' : 'http://127.0.0.1:1',
  ]),
);

let counter = 0;

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { store, schema } = await openTestStore(options);
  const adminEmail = 'admin@sourcedesk.test';
  const setup = await prepareStore(store, {
    adminEmail,
    adminApiKey: undefined,
    demoData: options.demoData ?? false,
  });
  let writesBegun = 0;
  const app = await buildApp({
    store: {
      ...store,
      beginWrite: (trx) => {
        writesBegun += 1;
        return store.beginWrite(trx);
      },
    },
    versions: options.versions ?? defaultVersionSet(store.engine),
    staticDir: options.staticDir ?? null,
    timeouts: options.timeouts,
    authFailureLimit: options.authFailureLimit ?? null,
    // Tests never reach the real GitHub, Slack, Zendesk or GitLab.com: a host a
    // test does not point at a stand-in is a closed local port.
    connectionTest: {
      ...options.connectionTest,
      hosts: { ...OFFLINE_HOSTS, ...options.connectionTest?.hosts },
    },
    logger: options.logger,
    auditRetentionDays: options.auditRetentionDays,
    sessions: options.sessions,
    publicUrl: options.publicUrl,
    oidc: options.oidc,
    // The health rules read the default period even while the background watch is off.
    retestHours: options.retestHours ?? DEFAULT_RETEST_HOURS,
    // Unless a test asks, the watch looks once, at start, and never tests a pair
    // behind a test's back nor writes during it.
    healthWatch: { retestHours: 0, tickMs: 3_600_000, ...options.healthWatch },
    sync: { schedulerIntervalSeconds: 0, ...options.sync },
    uploadDir: options.uploadDir,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    apiUrl: `${origin}/api`,
    adminEmail,
    // A second instance on the same tables makes no key of its own: it shares the
    // first one's (a second server on a SQLite folder has none: its tests make keys).
    adminKey: setup.adminKey ?? options.shareWith?.adminKey ?? '',
    store,
    schema,
    apiRoutes: app.apiRoutes,
    writesBegun: () => writesBegun,
    async keyFor(role, email = `${role}.${++counter}@sourcedesk.test`) {
      const user =
        (await findUserByEmail(store.db, email)) ?? (await createUser(store.db, email, role));
      const key = generateApiKey();
      await storeApiKey(store.db, user.id, key);
      return key;
    },
    async close() {
      // A browser may still hold a connection with nothing left to answer (a
      // preconnected socket, a request it gave up on); a test does not wait for
      // the server's timeouts to end it. Requests in flight get half a second.
      const force = setTimeout(() => app.server.closeAllConnections(), 500);
      await app.close();
      clearTimeout(force);
      if (schema && !options.shareWith) {
        await sql`drop schema ${sql.id(schema)} cascade`.execute(store.db).catch(() => {});
      }
      await store.close();
    },
  };
}

/**
 * Resolves once `server` knows every change committed so far: on PostgreSQL the
 * revision is pushed (NOTIFY after commit), so another instance's write counts
 * from the first request after its notice arrives. A bounded wait, not a sleep.
 */
export async function heardEverything(server: TestServer, timeoutMs = 3_000): Promise<void> {
  if (server.store.dialect !== 'postgres') return;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let known: boolean;
    try {
      const row = await sql<{ value: number }>`select value from revision where id = 1`.execute(
        server.store.db,
      );
      known = (await server.store.revision()) === String(row.rows[0]?.value);
    } catch {
      return; // the database cannot be reached: the request itself will say so
    }
    if (known) return;
    if (Date.now() > deadline) throw new Error('the revision notice did not arrive in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
