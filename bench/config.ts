// The bench's knobs, from the environment: shorter runs for a quick check.
//   BENCH_SECONDS      seconds per load run (default 10; the issue asks for 10)
//   BENCH_WARMUP       seconds of warm-up before each load run (default 3)
//   BENCH_CONNECTIONS  concurrent connections of the load generator (default 10)
//   BENCH_RUNS         page loads per browser figure, median reported (default 5)
//   BENCH_ROUNDS       alternating load runs of the list and of the bare server, median (default 3)
//   BENCH_LOG_LEVEL    server log level (default info, as `npm start` runs it)
//   CHROMIUM_PATH      the browser (default /usr/bin/chromium)
//   BENCH_ONLY         api, panel, scale, people, sync, worker or mixed: measure one part only (scale: the scale rows, API and panel;
//                      people: the scale rows of the directory, the activity log, its export and
//                      their pages, without the curators'; worker: the reference worker's rows; mixed: the API's
//                      reads under writes alone, on both stores)
//   BENCH_STORE        sqlite or postgres: the sync part on that store only (default both)
//   BENCH_SYNC_ROWS    the sync part's rows, a comma list of claims, lists, runs, documents (default all;
//                      the schedule and the claims always run: the others need their jobs)
//   BENCH_DATABASE_URL a PostgreSQL server for the PostgreSQL rows (default: the tests' database; none reachable: skipped)
//   BENCH_SMOKE        1: the smoke run of `npm test` (a tiny data set, one run, 5 requests per connection
//                      for each load, no warm-up), which checks that every probe still finds what it
//                      measures; its figures mean nothing
import { fileURLToPath } from 'node:url';

/** `npm run test:bench-smoke`: does the bench still work? Not: how fast is Sourcedesk? */
export const smoke = process.env.BENCH_SMOKE === '1';

function numberSetting(name: string, fallback: number, least: 'positive' | 'zero'): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  const tooSmall = least === 'positive' ? value <= 0 : value < 0;
  if (!Number.isFinite(value) || tooSmall)
    throw new Error(
      `${name} must be a ${least === 'positive' ? 'positive' : 'non-negative'} number`,
    );
  return value;
}
const positive = (name: string, fallback: number) => numberSetting(name, fallback, 'positive');

export const settings = {
  seconds: positive('BENCH_SECONDS', smoke ? 1 : 10),
  /** 0: no warm-up. */
  warmupSeconds: numberSetting('BENCH_WARMUP', smoke ? 0 : 3, 'zero'),
  connections: Math.round(positive('BENCH_CONNECTIONS', 10)),
  runs: Math.round(positive('BENCH_RUNS', smoke ? 1 : 5)),
  rounds: Math.round(positive('BENCH_ROUNDS', smoke ? 1 : 3)),
  logLevel: process.env.BENCH_LOG_LEVEL || (smoke ? 'warn' : 'info'),
  chromium: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
};

const STORES = ['sqlite', 'postgres'] as const;
const storeSetting = process.env.BENCH_STORE || undefined;
if (storeSetting && !(STORES as readonly string[]).includes(storeSetting))
  throw new Error(`BENCH_STORE must be one of ${STORES.join(', ')}, not ${storeSetting}`);
/** Whether the sync part measures this store (BENCH_STORE). */
export const storeMeasured = (store: (typeof STORES)[number]) =>
  !storeSetting || storeSetting === store;

const SYNC_ROWS = ['claims', 'lists', 'runs', 'documents'] as const;
const syncRowsSetting = (process.env.BENCH_SYNC_ROWS || SYNC_ROWS.join(','))
  .split(',')
  .map((row) => row.trim())
  .filter(Boolean);
for (const row of syncRowsSetting)
  if (!(SYNC_ROWS as readonly string[]).includes(row))
    throw new Error(`BENCH_SYNC_ROWS holds ${SYNC_ROWS.join(', ')}, not ${row}`);
/** Whether the sync part measures this row (BENCH_SYNC_ROWS). */
export const syncRowMeasured = (row: (typeof SYNC_ROWS)[number]) => syncRowsSetting.includes(row);

/**
 * Sizes of the seeded data sets; `fleet` is the small fleet whose first rows are
 * timed too (20 connectors, 5 credentials). The smoke run's are as small as they
 * can be while every probe still has its work: more than 150 rows, so the table
 * virtualizes, and as many credentials as the filter's second choice (panel.ts).
 */
export const scale = smoke
  ? { connectors: 300, medium: 150, small: 50, credentials: 130, fleet: 20, fleetCredentials: 5 }
  : {
      connectors: 10_000,
      medium: 1_500,
      small: 100,
      credentials: 500,
      fleet: 20,
      fleetCredentials: 5,
    };

/**
 * The scale rows' data sets (bench/scale.ts): a directory of `people` with
 * `activity` records; connectors in `groups` groups with `groupMembers` members
 * (the lists of `groupLists` connectors, as the API rows' list of 100 and of 10,000).
 */
export const scaleRows = smoke
  ? { people: 300, activity: 2_000, groups: 60, groupMembers: 300, groupLists: [50, 300] }
  : {
      people: 100_000,
      activity: 1_000_000,
      groups: 1_000,
      groupMembers: 5_000,
      groupLists: [100, 10_000],
    };

/** A number as the table says it: 10,000. */
export const count = (n: number) => n.toLocaleString('en-US');

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
