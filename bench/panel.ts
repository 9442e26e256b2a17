// Sections 1 and 2: the production build in headless Chromium against the real
// server with 10,000 connectors and 500 credentials. Each run is a fresh
// browser context (cold cache, new tab); every figure is the median of the runs.
import { chromium, type Browser, type Page } from '@playwright/test';
import { paths, settings } from './config';
import { startServer } from './processes';
import * as probes from './probes';
import { credentialName, firstConnectorOf, type DataSet } from './seed';
import { median, type Results } from './table';
import { entryChunkKb, recordAssets, weightOf, type Weight } from './weight';

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
];
/** Credentials chosen in the filter: A, then B, then A again (from the cache). */
const FILTER_A = 7;
const FILTER_B = 123;
const TIMEOUT = 60_000;

interface Run {
  firstRowsMs: number;
  bareMs: number;
  weight: Weight;
  scroll: probes.ScrollReport;
  filterA: number;
  filterB: number;
  filterCachedA: number;
}

async function chooseCredential(page: Page, credential: number): Promise<number> {
  await page.evaluate(probes.armFilterWatch, firstConnectorOf(credential));
  const picker = page.getByRole('combobox', { name: 'Credential' });
  await picker.fill(credentialName(credential));
  await page.getByRole('option', { name: new RegExp(`^${credentialName(credential)}`) }).waitFor();
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await page.waitForFunction(() => window.__bench.filter.doneAt !== null, undefined, {
    timeout: TIMEOUT,
  });
  return page.evaluate(() => window.__bench.filter.doneAt! - window.__bench.filter.startedAt!);
}

/** `full` false: only the load, for the warm-up. */
async function measureRun(
  browser: Browser,
  origin: string,
  key: string,
  full = true,
): Promise<Run | null> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: probes.NAME_HELPER });
    await page.addInitScript(probes.watchFirstRows);
    const bodies = recordAssets(page);
    await page.goto(`${origin}/connectors#key=${key}`);
    await page.waitForFunction(() => window.__bench.firstRowsAt !== null, undefined, {
      timeout: TIMEOUT,
    });
    const firstRowsMs = await page.evaluate(() => window.__bench.firstRowsAt!);
    if (!full) return null;
    const weight = await weightOf(bodies, await page.evaluate(probes.assetsBeforeFirstRows));
    await page.waitForLoadState('networkidle');
    const bareMs = await page.evaluate(probes.bareFetchAndParse, key);
    const scroll = await page.evaluate(probes.scrollTableToBottom);
    await page.evaluate(probes.scrollTableToTop);
    const filterA = await chooseCredential(page, FILTER_A);
    const filterB = await chooseCredential(page, FILTER_B);
    const filterCachedA = await chooseCredential(page, FILTER_A);
    return { firstRowsMs, bareMs, weight, scroll, filterA, filterB, filterCachedA };
  } finally {
    await context.close();
  }
}

export interface PanelInfo {
  chromium: string;
  /** What the panel weight is made of, from the first run. */
  weightFiles: Weight['files'];
}

export async function measurePanel(set: DataSet, results: Results): Promise<PanelInfo> {
  const server = await startServer(set.dataDir, paths.dist);
  const browser = await chromium.launch({ executablePath: settings.chromium, args: LAUNCH_ARGS });
  try {
    await measureRun(browser, server.origin, set.adminKey, false); // warm-up: the server's JIT, the disk cache
    const runs: Run[] = [];
    for (let i = 0; i < settings.runs; i += 1)
      runs.push((await measureRun(browser, server.origin, set.adminKey))!);
    report(runs, results);
    return { chromium: browser.version(), weightFiles: runs[0]!.weight.files };
  } finally {
    await browser.close();
    await server.stop();
  }
}

function report(runs: Run[], results: Results): void {
  const m = (pick: (run: Run) => number) => median(runs.map(pick));
  const weight = m((run) => run.weight.totalKb);
  const files = runs[0]!.weight.files.length;
  results.add(
    `Panel JS+CSS before first rows (${files} files)`,
    weight,
    'KB gzip',
    '≤ 100 KB',
    weight <= 100,
  );
  const entry = entryChunkKb();
  results.add(`Entry chunk alone (${entry.file})`, entry.gzipKb, 'KB gzip');

  const n = `, median of ${runs.length}`;
  const firstRows = m((run) => run.firstRowsMs);
  const bare = m((run) => run.bareMs);
  results.add(`10,000 connectors: navigation → first rows${n}`, firstRows, 'ms');
  results.add(`Same page: bare fetch + JSON.parse${n}`, bare, 'ms');
  const ratio = firstRows / bare;
  results.add('First rows ÷ bare fetch + parse', ratio, '×', '≤ 2×', ratio <= 2);
  results.add(
    `Filter: credential A, first load${n}`,
    m((run) => run.filterA),
    'ms',
  );
  results.add(
    `Filter: credential B, first load${n}`,
    m((run) => run.filterB),
    'ms',
  );
  const cached = m((run) => run.filterCachedA);
  results.add(`Filter: back to A, from cache${n}`, cached, 'ms', '< 50 ms', cached < 50);
  const long = m((run) => run.scroll.longFrames);
  const frames = m((run) => run.scroll.frames);
  results.add(
    `Scroll top → bottom: frames > 50 ms (of ${frames})${n}`,
    long,
    'frames',
    '0',
    long === 0,
  );
  results.add(
    `Scroll: longest frame${n}`,
    m((run) => run.scroll.longestFrame),
    'ms',
  );
  results.add(
    `Scroll: long-animation-frame entries > 50 ms${n}`,
    m((run) => run.scroll.longAnimationFrames),
    '',
  );
}
