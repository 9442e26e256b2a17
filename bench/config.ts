// The bench's knobs, from the environment: shorter runs for a quick check.
//   BENCH_SECONDS      seconds per load run (default 10; the issue asks for 10)
//   BENCH_WARMUP       seconds of warm-up before each load run (default 3)
//   BENCH_CONNECTIONS  concurrent connections of the load generator (default 10)
//   BENCH_RUNS         page loads per browser figure, median reported (default 5)
//   BENCH_ROUNDS       alternating load runs of the list and of the bare server, median (default 3)
//   BENCH_LOG_LEVEL    server log level (default info, as `npm start` runs it)
//   CHROMIUM_PATH      the browser (default /usr/bin/chromium)
//   BENCH_ONLY         api or panel: measure one half only
//   BENCH_DATABASE_URL a PostgreSQL server for the PostgreSQL rows (default: the tests' database; none reachable: skipped)
import { fileURLToPath } from 'node:url';

function positive(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

export const settings = {
  seconds: positive('BENCH_SECONDS', 10),
  warmupSeconds: positive('BENCH_WARMUP', 3),
  connections: Math.round(positive('BENCH_CONNECTIONS', 10)),
  runs: Math.round(positive('BENCH_RUNS', 5)),
  rounds: Math.round(positive('BENCH_ROUNDS', 3)),
  logLevel: process.env.BENCH_LOG_LEVEL || 'info',
  chromium: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
};

/**
 * Sizes of the seeded data sets; `fleet` is the small fleet whose first rows are
 * timed too (20 connectors, 5 credentials).
 */
export const scale = {
  connectors: 10_000,
  medium: 1_500,
  small: 100,
  credentials: 500,
  fleet: 20,
  fleetCredentials: 5,
};

/** Where the bare page is served from, under the bench's build folder. */
export const BARE_PAGE = { folder: 'bench-bare', url: '/bench-bare/index.html' };

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const paths = {
  root: here('..'),
  dist: here('.dist'),
  results: here('results.json'),
  server: here('../dist-server/main.js'),
  bare: here('bare.ts'),
  barePage: here('bare-page'),
  cannon: here('cannon.ts'),
};
