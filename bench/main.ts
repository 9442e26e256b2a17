// `npm run bench`: builds the panel, seeds its own data, measures the
// panel in Chromium and the API under load on 127.0.0.1, prints one table and
// writes it to bench/results.json. Knobs: see config.ts (BENCH_SECONDS, …).
import { rmSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { measureApi, measureApiOnPostgres } from './api';
import { ACTIVITY_RECORDS, measureExportWait, seedActivity } from './exportWait';
import { buildPanel } from './build';
import { paths, scale, settings } from './config';
import { measurePanel } from './panel';
import {
  DEFAULT_TEST_DATABASE_URL,
  onPostgres,
  whyUnreachable,
} from '../test/support/postgresForTests';
import { seedDataSet, type DataSet } from './seed';
import { Results } from './table';

const started = Date.now();
const step = (what: string) =>
  console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0)} s] ${what}`);

// BENCH_ONLY=api or BENCH_ONLY=panel measures one half (while working on it).
const only = process.env.BENCH_ONLY;
if (only !== 'api') {
  step('building the panel into bench/.dist');
  buildPanel();
}
step(
  `seeding ${scale.connectors}, ${scale.medium} and ${scale.small} connectors, ${scale.credentials} credentials each, and ${scale.fleet}`,
);
const large = await seedDataSet(scale.connectors, scale.credentials);
const small = await seedDataSet(scale.small, scale.credentials);
const medium = await seedDataSet(scale.medium, scale.credentials);
const fleet = await seedDataSet(scale.fleet, scale.fleetCredentials);
const results = new Results();
const pgSets: DataSet[] = [];

/**
 * The PostgreSQL server of BENCH_DATABASE_URL (default: the tests' database,
 * which .ci/run makes), where each data set gets a database of its own; null,
 * said once, when none answers.
 */
async function reachablePostgres(): Promise<string | null> {
  const url =
    process.env.BENCH_DATABASE_URL ||
    process.env.SOURCEDESK_TEST_DATABASE_URL ||
    DEFAULT_TEST_DATABASE_URL;
  const why = await whyUnreachable(url);
  if (why !== null)
    step(`PostgreSQL figures skipped: no database at ${new URL(url).host} (${why})`);
  return why === null ? url : null;
}
try {
  let panel: Awaited<ReturnType<typeof measurePanel>> | undefined;
  if (only !== 'api') {
    step(`panel in Chromium: a warm-up load, then ${settings.runs} runs`);
    panel = await measurePanel(large, fleet, results);
  }
  if (only !== 'panel') {
    step(`API under load: ${settings.seconds} s runs after ${settings.warmupSeconds} s warm-ups`);
    const sqliteList = await measureApi(small, medium, large, results);
    step(
      `activity export: seeding ${ACTIVITY_RECORDS} records, then exporting while health checks run`,
    );
    await seedActivity(small);
    await measureExportWait(small, results);
    const postgres = await reachablePostgres();
    if (postgres) {
      step(
        `the same on PostgreSQL: seeding ${scale.small}, ${scale.medium} and ${scale.connectors} connectors`,
      );
      const onPg = [
        await seedDataSet(scale.small, scale.credentials, postgres),
        await seedDataSet(scale.medium, scale.credentials, postgres),
        await seedDataSet(scale.connectors, scale.credentials, postgres),
      ];
      pgSets.push(...onPg);
      await measureApiOnPostgres(onPg[0]!, onPg[1]!, onPg[2]!, sqliteList, results);
      await seedActivity(onPg[0]!);
      await measureExportWait(onPg[0]!, results);
    }
  }
  results.print();
  results.write({
    date: new Date().toISOString(),
    machine: {
      cpu: cpus()[0]?.model,
      cores: cpus().length,
      memoryGb: Math.round(totalmem() / 2 ** 30),
    },
    node: process.version,
    chromium: panel?.chromium,
    settings,
    panelWeightFiles: panel?.weightFiles,
  });
  step(`done; written to ${paths.results}`);
} finally {
  for (const set of [large, small, medium, fleet, ...pgSets]) {
    rmSync(set.dataDir, { recursive: true, force: true });
    if (set.postgres) {
      const { adminUrl, database } = set.postgres;
      await onPostgres(adminUrl, `drop database if exists ${database} with (force)`);
    }
  }
}
