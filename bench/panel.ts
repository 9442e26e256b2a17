// Sections 1 and 2: the production build in headless Chromium against the real
// server with 10,000 connectors and 500 credentials. Each run is a fresh
// browser context (cold cache, new tab); every figure is the median of the runs.
import { chromium, type Browser, type Page } from '@playwright/test';
import { paths, settings } from './config';
import { startServer } from './processes';
import * as probes from './probes';
import { credentialName, firstConnectorOf, type DataSet } from './seed';
import { reportPanel } from './panel-report';
import type { Results } from './table';
import { recordAssets, weightOf, type Weight } from './weight';

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

export interface Run {
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

interface PanelInfo {
  chromium: string;
  /** What the panel weight is made of, from the first run. */
  weightFiles: Weight['files'];
}

export async function measurePanel(set: DataSet, results: Results): Promise<PanelInfo> {
  const server = await startServer(set, paths.dist);
  const browser = await chromium.launch({ executablePath: settings.chromium, args: LAUNCH_ARGS });
  try {
    await measureRun(browser, server.origin, set.adminKey, false); // warm-up: the server's JIT, the disk cache
    const runs: Run[] = [];
    for (let i = 0; i < settings.runs; i += 1)
      runs.push((await measureRun(browser, server.origin, set.adminKey))!);
    reportPanel(runs, results);
    return { chromium: browser.version(), weightFiles: runs[0]!.weight.files };
  } finally {
    await browser.close();
    await server.stop();
  }
}
