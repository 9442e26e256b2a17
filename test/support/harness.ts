// A real server for tests: the built app on a fresh in-memory database,
// listening on 127.0.0.1 and an ephemeral port.
import type { UserRole, VersionSet } from '../../src/api/contract';
import { buildApp } from '../../server/app';
import type { AuthFailureLimit } from '../../server/http/authFailures';
import type { Timeouts } from '../../server/http/timeouts';
import { MEMORY, openStore, type Store } from '../../server/db/database';
import { generateApiKey, storeApiKey } from '../../server/repos/apiKeys';
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
}

let counter = 0;

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const store = await openStore(options.dataDir ?? MEMORY);
  const adminEmail = 'admin@sourcedesk.test';
  const setup = await prepareStore(store, {
    adminEmail,
    adminApiKey: undefined,
    demoData: options.demoData ?? false,
  });
  const app = await buildApp({
    store,
    versions: options.versions ?? defaultVersionSet(store.engine),
    staticDir: options.staticDir ?? null,
    timeouts: options.timeouts,
    authFailureLimit: options.authFailureLimit ?? null,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    apiUrl: `${origin}/api`,
    adminEmail,
    adminKey: setup.adminKey!,
    store,
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
      await store.close();
    },
  };
}
