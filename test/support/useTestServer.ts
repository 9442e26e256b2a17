// One test server for all of a file's tests: `const server = useTestServer();`
// at the top of the file starts it before the first test and closes it after
// the last. What it returns reads like startTestServer's server (`server.apiUrl`,
// `api(server, …)`, `server.keyFor(…)`): each property is looked up on the
// running server when a test or hook reads it, so the file needs no `let` and
// no hooks of its own. `useFreshTestServer()` starts one per test instead;
// `useTwoInstances()` does the same for two instances on
// one database (PostgreSQL: B shares A's schema). `useTestServer({ seed })`
// also makes the file's people, groups and connectors once the server runs
// (test/support/seed.ts), and tells them in `server.seeded`.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from './harness';
import { plantSeed, type Seed, type Seeded } from './seed';

/** A stand-in that reads each property from the server `current()` gives, once it runs. */
function runningServer(current: () => TestServer | undefined, name: string): TestServer {
  const running = (): TestServer => {
    const server = current();
    if (!server) {
      throw new Error(`${name}: the server runs from beforeAll to afterAll; read it in a test`);
    }
    return server;
  };
  return new Proxy({} as TestServer, {
    get: (_target, property) => Reflect.get(running(), property),
    has: (_target, property) => Reflect.has(running(), property),
  });
}

/** A server started by `start` (a hook) and closed by `end`, its pair. */
function useServer(
  start: typeof beforeAll,
  end: typeof afterAll,
  options: TestServerOptions,
  name: string,
  seed?: Seed,
): TestServer {
  let current: TestServer | undefined;
  start(async () => {
    current = await startTestServer(options);
    if (seed) Object.assign(current, { seeded: await plantSeed(current, seed) });
  });
  end(() => current?.close());
  return runningServer(() => current, name);
}

export function useTestServer(options?: TestServerOptions): TestServer;
export function useTestServer<const S extends Seed>(
  options: TestServerOptions & { seed: S },
): TestServer & { seeded: Seeded<S> };
export function useTestServer(options: TestServerOptions & { seed?: Seed } = {}) {
  const { seed, ...serverOptions } = options;
  return useServer(beforeAll, afterAll, serverOptions, 'useTestServer', seed);
}

/**
 * A fresh server for each test of the file (a fresh database each time): for
 * files whose tests count rows or ids from an empty install.
 */
export const useFreshTestServer = (options: TestServerOptions = {}) =>
  useServer(beforeEach, afterEach, options, 'useFreshTestServer');

/** Two instances of the server on one database, for all of a file's tests; B closes first. */
export function useTwoInstances(): { a: TestServer; b: TestServer } {
  let a: TestServer | undefined;
  let b: TestServer | undefined;
  beforeAll(async () => {
    a = await startTestServer();
    b = await startTestServer({ shareWith: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  return {
    a: runningServer(() => a, 'useTwoInstances'),
    b: runningServer(() => b, 'useTwoInstances'),
  };
}
