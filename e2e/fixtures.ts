// Each test gets the real server, in process, on a fresh in-memory database and
// an ephemeral port on 127.0.0.1, serving the production build of the panel,
// with a small fleet of its own (src/test/fleet.ts) unless it asks for an
// empty install (`test.use({ seedFleet: false })`).
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { seedFleet } from '../src/test/fleet';
import { startTestServer, type TestServer, type TestServerOptions } from '../test/support/harness';

// SOURCEDESK_E2E_DIST lets a run use a build of its own (several people building at once).
const DIST = process.env.SOURCEDESK_E2E_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));

interface Fixtures {
  serverOptions: TestServerOptions;
  /** Seed the fleet before the test (default true). */
  seedFleet: boolean;
  server: TestServer;
  /** The ids of what the fleet made. */
  fleet: Awaited<ReturnType<typeof seedFleet>> | null;
  /** Opens the panel signed in as the first administrator, as `npm start` prints it. */
  signIn: (path?: string) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  serverOptions: [{}, { option: true }],
  seedFleet: [true, { option: true }],
  server: async ({ serverOptions }, use) => {
    const server = await startTestServer({ staticDir: DIST, ...serverOptions });
    await use(server);
    await server.close();
  },
  fleet: [
    async ({ server, seedFleet: seed }, use) => {
      await use(seed ? await seedFleet(server) : null);
    },
    { auto: true },
  ],
  signIn: async ({ page, server }, use) => {
    await use(async (path = '/') => {
      // Returns once the link's key has been exchanged for the session: a test that
      // goes on (another goto, a request listener) never races the exchange.
      const exchanged = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          new URL(response.url()).pathname === '/api/auth/session',
      );
      await page.goto(`${server.origin}${path}#key=${server.adminKey}`);
      expect((await exchanged).status()).toBe(204);
    });
  },
});

/** Tab (forwards) until `target` has the focus: the keyboard's own way there. */
export async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

export { expect };
export type { Page };
