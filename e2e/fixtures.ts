// Each test gets the real server, in process, on a fresh in-memory database and
// an ephemeral port on 127.0.0.1, serving the production build of the panel.
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import { startTestServer, type TestServer, type TestServerOptions } from '../test/support/harness';

// SOURCEDESK_E2E_DIST lets a run use a build of its own (several people building at once).
const DIST = process.env.SOURCEDESK_E2E_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));

export interface Fixtures {
  serverOptions: TestServerOptions;
  server: TestServer;
  /** Opens the panel signed in as the first administrator, as `npm start` prints it. */
  signIn: (path?: string) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  serverOptions: [{ demoData: true }, { option: true }],
  server: async ({ serverOptions }, use) => {
    const server = await startTestServer({ staticDir: DIST, ...serverOptions });
    await use(server);
    await server.close();
  },
  signIn: async ({ page, server }, use) => {
    await use(async (path = '/') => {
      await page.goto(`${server.origin}${path}#key=${server.adminKey}`);
    });
  },
});

export { expect };
export type { Page };
