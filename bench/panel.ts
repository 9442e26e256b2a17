// Sections 1 and 2: the production build in headless Chromium against the real
// server with 10,000 connectors and 500 credentials, next to the bare page (a
// static page of plain JavaScript, bench/bare-page/, served by the same server)
// loading the same list; then the panel on a fleet of 20. Each run is a fresh
// browser context (cold cache, new tab); every figure is the median of the runs.
import { chromium, type Browser, type Page } from '@playwright/test';
import { BARE_PAGE, paths, settings, smoke } from './config';
import { startServer } from './processes';
import * as probes from './probes';
import { credentialName, firstConnectorOf, type DataSet } from './seed';
import { reportPanel } from './panel-report';
import type { Results } from './table';
import { recordAssets, weightOf, type Weight } from './weight';
import { within } from './limits';

export const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
];
/** Credentials chosen in the filter: A, then B, then A again (from the cache). */
const FILTER_A = 7;
const FILTER_B = 123;
/** Each step's limit (bench/limits.ts); scrolling 10,000 rows frame by frame gets longer. */
const TIMEOUT = 60_000;
/** Past the scroll probe's own 180 s, so a starved scroll reports itself cut short rather than failing the bench. */
const SCROLL_TIMEOUT = 210_000;

export interface Run {
  firstRowsMs: number;
  /** The bare page, loaded right after this run's panel: navigation → first rows. */
  barePageMs: number;
  bareMs: number;
  weight: Weight;
  scroll: probes.ScrollReport;
  filterA: number;
  filterB: number;
  filterCachedA: number;
  /** Where the time before the first rows went: each request's start and end. */
  steps: probes.Step[];
}

async function chooseCredential(page: Page, credential: number): Promise<number> {
  await within(
    'arm the filter watch',
    TIMEOUT,
    page.evaluate(probes.armFilterWatch, firstConnectorOf(credential)),
  );
  const picker = page.getByRole('combobox', { name: 'Credential' });
  await picker.fill(credentialName(credential));
  await page.getByRole('option', { name: new RegExp(`^${credentialName(credential)}`) }).waitFor();
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await page.waitForFunction(() => window.__bench.filter.doneAt !== null, undefined, {
    timeout: TIMEOUT,
  });
  return within(
    'read the filter’s time',
    TIMEOUT,
    page.evaluate(() => window.__bench.filter.doneAt! - window.__bench.filter.startedAt!),
  );
}

const newPage = async (browser: Browser) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript({ content: probes.NAME_HELPER });
  await page.addInitScript(probes.watchFirstRows);
  return { context, page };
};

/** Navigation to `url`, then the first frame with a row of the table on screen. */
async function firstRows(page: Page, url: string): Promise<number> {
  await page.goto(url, { timeout: TIMEOUT });
  await page.waitForFunction(() => window.__bench.firstRowsAt !== null, undefined, {
    timeout: TIMEOUT,
  });
  return within(
    'read the first rows’ time',
    TIMEOUT,
    page.evaluate(() => window.__bench.firstRowsAt!),
  );
}

/** One load of `path` (the panel's, or the bare page's) in a fresh context: its first rows. */
async function loadOnly(browser: Browser, origin: string, path: string, key: string) {
  const { context, page } = await newPage(browser);
  try {
    return await firstRows(page, `${origin}${path}#key=${key}`);
  } finally {
    await context.close();
  }
}

/** Runs tried in all when the page stops making frames during the scroll. */
const STALLED_RUN_ATTEMPTS = 3;

/** Headless Chromium stopped making frames for the page (probes.ScrollReport's `stalled`). */
class FramesStopped extends Error {
  constructor() {
    super('the page made no frame for 10 s during the scroll (headless Chromium’s frames stopped)');
  }
}

/** A panel load with its filter and scroll figures, then a load of the bare page. */
async function measureRun(browser: Browser, origin: string, key: string): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const panel = await measurePanelRun(browser, origin, key);
      const barePageMs = await loadOnly(browser, origin, BARE_PAGE.url, key);
      return { ...panel, barePageMs };
    } catch (error) {
      if (!(error instanceof FramesStopped) || attempt === STALLED_RUN_ATTEMPTS) throw error;
      console.log(`[bench] ${error.message}: this run again, in a fresh context`);
    }
  }
}

async function measurePanelRun(
  browser: Browser,
  origin: string,
  key: string,
): Promise<Omit<Run, 'barePageMs'>> {
  const { context, page } = await newPage(browser);
  try {
    const bodies = recordAssets(page);
    const firstRowsMs = await firstRows(page, `${origin}/connectors#key=${key}`);
    const assets = await within(
      'list the files fetched before the first rows',
      TIMEOUT,
      page.evaluate(probes.assetsBeforeFirstRows),
    );
    const steps = await within(
      'list the requests made before the first rows',
      TIMEOUT,
      page.evaluate(probes.stepsBeforeFirstRows),
    );
    const weight = await weightOf(bodies, assets);
    await page.waitForLoadState('networkidle', { timeout: TIMEOUT });
    const bareMs = await within(
      'fetch and parse the bare list in the page',
      TIMEOUT,
      page.evaluate(probes.bareFetchAndParse, key),
    );
    const scroll = await within(
      'scroll the table to the bottom',
      SCROLL_TIMEOUT,
      page.evaluate(probes.scrollTableToBottom),
    );
    if (scroll.stalled) throw new FramesStopped();
    await within(
      'scroll the table to the top',
      SCROLL_TIMEOUT,
      page.evaluate(probes.scrollTableToTop),
    );
    const filterA = await chooseCredential(page, FILTER_A);
    const filterB = await chooseCredential(page, FILTER_B);
    const filterCachedA = await chooseCredential(page, FILTER_A);
    return { firstRowsMs, bareMs, weight, scroll, filterA, filterB, filterCachedA, steps };
  } finally {
    await context.close();
  }
}

interface PanelInfo {
  chromium: string;
  /** What the panel weight is made of, from the first run. */
  weightFiles: Weight['files'];
}

/** The panel's first rows on a small fleet, the median of the runs after a warm-up. */
async function measureFleet(browser: Browser, set: DataSet): Promise<number[]> {
  const server = await startServer(set, paths.dist);
  try {
    if (!smoke) await loadOnly(browser, server.origin, '/connectors', set.adminKey);
    const times: number[] = [];
    for (let i = 0; i < settings.runs; i += 1)
      times.push(await loadOnly(browser, server.origin, '/connectors', set.adminKey));
    return times;
  } finally {
    await server.stop();
  }
}

export async function measurePanel(
  set: DataSet,
  fleet: DataSet,
  results: Results,
): Promise<PanelInfo> {
  const browser = await chromium.launch({ executablePath: settings.chromium, args: LAUNCH_ARGS });
  try {
    const server = await startServer(set, paths.dist);
    const runs: Run[] = [];
    try {
      // Warm-up: the server's JIT, the disk cache, for the panel and the bare page
      // (not in the smoke run, whose figures mean nothing: its one run is enough).
      if (!smoke) {
        await loadOnly(browser, server.origin, '/connectors', set.adminKey);
        await loadOnly(browser, server.origin, BARE_PAGE.url, set.adminKey);
      }
      for (let i = 0; i < settings.runs; i += 1)
        runs.push(await measureRun(browser, server.origin, set.adminKey));
    } finally {
      await server.stop();
    }
    reportPanel(runs, await measureFleet(browser, fleet), results);
    return { chromium: browser.version(), weightFiles: runs[0]!.weight.files };
  } finally {
    await browser.close();
  }
}
