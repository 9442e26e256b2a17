// `npm run bench`: builds the panel, seeds its own data, measures the
// panel in Chromium and the API under load on 127.0.0.1, prints one table and
// writes it to bench/results.json. Knobs: see config.ts (BENCH_SECONDS, …).
// BENCH_SMOKE=1 (`npm run test:bench-smoke`, part of `npm test`) runs it all on a
// tiny data set, writes nothing, and fails when a probe no longer finds its figure.
import { rmSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { measureApi, measureApiOnPostgres, measureMixed } from './api';
import { measureConfigBundle } from './configBundle';
import { buildPanel, buildServer } from './build';
import { count, paths, scale, scaleRows, settings, smoke, storeMeasured } from './config';
import { reportLoadGenerator } from './load';
import { measurePanel } from './panel';
import {
  DEFAULT_TEST_DATABASE_URL,
  onPostgres,
  whyUnreachable,
} from '../test/support/postgresForTests';
import { loadAverage, reportMachineLoad } from './quiet';
import { measureCurators, measurePeople } from './scale';
import { measureScalePanel } from './scalePanel';
import { measureSync } from './sync';
import { seedGroupsSet, seedPeopleSet } from './scaleSeed';
import { copyDataSet, seedDataSet, type DataSet } from './seed';
import { Results } from './table';
import { measureWorker } from './worker';

const loadAtStart = loadAverage();
const started = Date.now();
const results = new Results();
/** A step begins: said with the time since the start, and its rows record the load now. */
const step = (what: string) => {
  results.stepStarts();
  console.log(
    `[bench ${((Date.now() - started) / 1000).toFixed(0)} s, load ${loadAverage().toFixed(2)}] ${what}`,
  );
};

// BENCH_ONLY=api, panel, scale, people, sync, worker or mixed measures one part (while working on it);
// people: the scale rows of the directory, the activity log, its export and their pages only;
// mixed: the API's reads under writes alone, on both stores.
const PARTS = ['api', 'panel', 'scale', 'people', 'sync', 'worker', 'mixed'] as const;
const only = process.env.BENCH_ONLY;
if (only !== undefined && only !== '' && !(PARTS as readonly string[]).includes(only))
  throw new Error(`BENCH_ONLY must be one of ${PARTS.join(', ')}, not ${only}`);
const part = (name: (typeof PARTS)[number]) =>
  !only || only === name || (name === 'people' && only === 'scale');
if (part('panel') || part('people')) {
  step('building the panel into bench/.dist, and the server');
  buildPanel();
} else {
  step('building the server');
  buildServer();
}
step(`load average (1 min) at start: ${loadAtStart.toFixed(2)}${smoke ? '; a smoke run' : ''}`);
const sets: DataSet[] = [];
/** Every data set is removed at the end, whatever happened. */
const kept = async <T extends DataSet>(seeding: Promise<T>): Promise<T> => {
  const set = await seeding;
  sets.push(set);
  return set;
};
let large: DataSet | undefined;
let small: DataSet | undefined;
let medium: DataSet | undefined;
let fleet: DataSet | undefined;
if (part('api') || part('panel')) {
  step(
    `seeding ${count(scale.connectors)}, ${count(scale.medium)} and ${count(scale.small)} connectors, ${scale.credentials} credentials each, and ${scale.fleet}`,
  );
  large = await kept(seedDataSet(scale.connectors, scale.credentials));
  small = await kept(seedDataSet(scale.small, scale.credentials));
  medium = await kept(seedDataSet(scale.medium, scale.credentials));
  fleet = await kept(seedDataSet(scale.fleet, scale.fleetCredentials));
}
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
  if (part('panel')) {
    step(
      `panel in Chromium: ${smoke ? 'no warm-up' : 'a warm-up load'}, then ${settings.runs} runs`,
    );
    panel = await measurePanel(large!, fleet!, results);
  }
  const postgres =
    part('api') || part('people') || part('sync') || only === 'mixed'
      ? await reachablePostgres()
      : null;
  if (only === 'mixed') {
    step(`reads under writes alone: ${count(scale.medium)} connectors, SQLite then PostgreSQL`);
    await measureMixed(
      await kept(seedDataSet(scale.medium, scale.credentials)),
      postgres ? await kept(seedDataSet(scale.medium, scale.credentials, postgres)) : null,
      results,
    );
  }
  if (part('api')) {
    step(
      smoke
        ? 'API under load: a few requests per connection, each to be answered'
        : `API under load: ${settings.seconds} s runs after ${settings.warmupSeconds} s warm-ups`,
    );
    // The creations under load add to the large set: the bundle gets a copy made before them.
    const bundleSet = await kept(Promise.resolve(copyDataSet(large!)));
    const sqliteList = await measureApi(small!, medium!, large!, results);
    step(`configuration bundle: export and dry run of ${count(scale.connectors)} connectors`);
    await measureConfigBundle(bundleSet, results);
    if (postgres) {
      // The smoke run seeds one database and measures each figure on it: what it
      // checks on PostgreSQL is that the seeding and the server there still work.
      const sizes = smoke ? [scale.connectors] : [scale.small, scale.medium, scale.connectors];
      step(`the same on PostgreSQL: seeding ${sizes.map(count).join(', ')} connectors`);
      const pgSets: DataSet[] = [];
      for (const size of sizes)
        pgSets.push(await kept(seedDataSet(size, scale.credentials, postgres)));
      const [pgSmall, pgMedium, pgLarge] = smoke ? [pgSets[0], pgSets[0], pgSets[0]] : pgSets;
      await measureApiOnPostgres(pgSmall!, pgMedium!, pgLarge!, sqliteList, results);
    }
  }
  if (part('people')) {
    for (const url of [undefined, ...(postgres ? [postgres] : [])]) {
      const store = url ? 'PostgreSQL' : 'SQLite';
      step(
        `scale rows on ${store}: seeding ${count(scaleRows.people)} users and ${count(scaleRows.activity)} activity records`,
      );
      const people = await kept(seedPeopleSet(url));
      step(`scale rows on ${store}: the directory, the activity log and its export`);
      await measurePeople(people, results);
      step(`scale rows on ${store}: the Users and Activity pages in Chromium`);
      await measureScalePanel(people, results);
      for (const size of part('scale') ? scaleRows.groupLists : []) {
        step(
          `scale rows on ${store}: ${count(size)} connectors in ${count(scaleRows.groups)} groups, ${count(scaleRows.groupMembers)} members; the curators' lists`,
        );
        await measureCurators(await kept(seedGroupsSet(size, scale.credentials, url)), results);
      }
    }
  }
  if (part('sync')) {
    const stores = [
      ...(storeMeasured('sqlite') ? [undefined] : []),
      ...(postgres && storeMeasured('postgres') ? [postgres] : []),
    ];
    for (const url of stores) {
      const store = url ? 'PostgreSQL' : 'SQLite';
      step(
        `sync rows on ${store}: seeding ${count(scale.connectors)} active pairs; the schedule, 8 workers claiming, the lists with a run open for every pair, a runs table`,
      );
      await measureSync(await kept(seedDataSet(scale.connectors, scale.credentials, url)), results);
    }
  }
  if (part('worker')) {
    step(`the worker: one complete index of a fake Jira through the server`);
    await measureWorker(await kept(seedDataSet(0, 0)), results);
  }
  const loadAtEnd = loadAverage();
  reportMachineLoad(loadAtStart, loadAtEnd, results);
  reportLoadGenerator(results);
  results.print();
  if (smoke) {
    const broken = results.brokenFigures();
    if (broken.length > 0) throw new Error(`the bench's smoke run:\n  ${broken.join('\n  ')}`);
    step('smoke run: every figure found (its values mean nothing); bench/results.json untouched');
  } else {
    results.write({
      date: new Date().toISOString(),
      machine: {
        cpu: cpus()[0]?.model,
        cores: cpus().length,
        memoryGb: Math.round(totalmem() / 2 ** 30),
        loadAverage: { start: loadAtStart, end: loadAtEnd },
      },
      node: process.version,
      chromium: panel?.chromium,
      settings,
      panelWeightFiles: panel?.weightFiles,
    });
    step(`done; written to ${paths.results}`);
  }
} finally {
  for (const set of sets) {
    rmSync(set.dataDir, { recursive: true, force: true });
    if (set.postgres) {
      const { adminUrl, database } = set.postgres;
      await onPostgres(adminUrl, `drop database if exists ${database} with (force)`);
    }
  }
}
