import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Debian's Chromium by default; CHROMIUM_PATH points at another build elsewhere.
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  workers: 2,
  forbidOnly: !!process.env.CI,
  // One retry on CI, reported as "flaky": two one-off 30 s hangs were seen in ~15 local
  // runs of the suite (connectors: finishing a connector; banner: up to date) and not
  // reproduced since; see the session note.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
