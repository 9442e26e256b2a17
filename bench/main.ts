// `npm run bench`: builds the panel, seeds its own data, measures the
// panel in Chromium and the API under load on 127.0.0.1, prints one table and
// writes it to bench/results.json. Knobs: see config.ts (BENCH_SECONDS, …).
import { rmSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { measureApi } from './api';
import { buildPanel } from './build';
import { paths, scale, settings } from './config';
import { measurePanel } from './panel';
import { seedDataSet } from './seed';
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
  `seeding ${scale.connectors}, ${scale.medium} and ${scale.small} connectors, ${scale.credentials} credentials each`,
);
const large = await seedDataSet(scale.connectors, scale.credentials);
const small = await seedDataSet(scale.small, scale.credentials);
const medium = await seedDataSet(scale.medium, scale.credentials);
const results = new Results();
try {
  let panel: Awaited<ReturnType<typeof measurePanel>> | undefined;
  if (only !== 'api') {
    step(`panel in Chromium: a warm-up load, then ${settings.runs} runs`);
    panel = await measurePanel(large, results);
  }
  if (only !== 'panel') {
    step(`API under load: ${settings.seconds} s runs after ${settings.warmupSeconds} s warm-ups`);
    await measureApi(small, medium, large, results);
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
  for (const set of [large, small, medium]) rmSync(set.dataDir, { recursive: true, force: true });
}
