// One test server for all of a file's tests: `const server = useTestServer();`
// at the top of the file starts it before the first test and closes it after
// the last. What it returns reads like startTestServer's server (`server.apiUrl`,
// `api(server, …)`, `server.keyFor(…)`): each property is looked up on the
// running server when a test or hook reads it, so the file needs no `let` and
// no hooks of its own.
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from './harness';

export function useTestServer(options: TestServerOptions = {}): TestServer {
  let current: TestServer | undefined;
  beforeAll(async () => {
    current = await startTestServer(options);
  });
  afterAll(() => current?.close());
  const running = (): TestServer => {
    if (!current) {
      throw new Error(
        'useTestServer: the server runs from beforeAll to afterAll; read it in a test',
      );
    }
    return current;
  };
  return new Proxy({} as TestServer, {
    get: (_target, property) => Reflect.get(running(), property),
    has: (_target, property) => Reflect.has(running(), property),
  });
}
