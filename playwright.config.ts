import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Debian's Chromium by default; CHROMIUM_PATH points at another build elsewhere.
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'e2e',
  // A test's whole time: axe reads a page whole after each step, which takes seconds on
  // a 2-core machine running two workers; no assertion is timed by it.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  workers: 2,
  forbidOnly: !!process.env.CI,
  // One retry on CI, reported as "flaky" in the output: a safety net. The one
  // cause seen (a server fixture waiting on a browser's leftover connection at
  // teardown) is fixed in test/support/harness.ts.
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
