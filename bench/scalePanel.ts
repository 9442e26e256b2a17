// The panel on the scale rows' data (docs/performance.md):
// the Users page on 100,000 people and the Activity page on 1,000,000 records,
// in headless Chromium against the real server: navigation → the first frame
// with a row on screen, and a click on the next page (Users: "Next page";
// Activity: "Older") → the first frame showing another first row. Each run is a
// fresh browser context; every figure is the median of BENCH_RUNS runs.
import { chromium, type Page } from '@playwright/test';
import { count, paths, scaleRows, settings, smoke } from './config';
import { LAUNCH_ARGS } from './panel';
import { startServer } from './processes';
import { NAME_HELPER } from './probes';
import type { DataSet } from './seed';
import { within } from './limits';
import { median, type Results } from './table';

const TIMEOUT = 60_000;

interface PageProbe {
  label: string;
  path: string;
  /** The first row's text: its element. */
  firstRow: string;
  nextPage: { name: string };
  /** The Users page's first rows < 1 s; none for the Activity page. */
  target?: number;
}

const PAGES = (): PageProbe[] => [
  {
    label: `Users page (${count(scaleRows.people)} users)`,
    path: '/users',
    firstRow: '.user-list .user-email',
    nextPage: { name: 'Next page' },
    target: 1_000,
  },
  {
    label: `Activity page (${count(scaleRows.activity)} records)`,
    path: '/activity',
    firstRow: 'ol.activity > li',
    nextPage: { name: 'Older' },
  },
];

interface ScaleWindow {
  __scale: { firstAt: number | null; clickAt: number | null; changedAt: number | null };
}

/** Init script: the first frame after `selector` has text on screen. */
function watchFirst(selector: string): void {
  const w = window as unknown as ScaleWindow;
  w.__scale = { firstAt: null, clickAt: null, changedAt: null };
  const observer = new MutationObserver(() => {
    const row = document.querySelector(selector);
    if (!row?.textContent || row.getBoundingClientRect().height === 0) return;
    observer.disconnect();
    requestAnimationFrame(() => (w.__scale.firstAt = performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** From the next click (its event time) to the frame whose first `selector` says something else. */
function watchChange(selector: string): void {
  const w = window as unknown as ScaleWindow;
  const before = document.querySelector(selector)?.textContent;
  document.addEventListener('click', (event) => (w.__scale.clickAt = event.timeStamp), {
    capture: true,
    once: true,
  });
  const observer = new MutationObserver(() => {
    const now = document.querySelector(selector)?.textContent;
    if (w.__scale.clickAt === null || !now || now === before) return;
    observer.disconnect();
    requestAnimationFrame(() => (w.__scale.changedAt = performance.now()));
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
}

async function measureOnce(page: Page, origin: string, key: string, probe: PageProbe) {
  await page.goto(`${origin}${probe.path}#key=${key}`, { timeout: TIMEOUT });
  await page.waitForFunction(
    () => (window as unknown as ScaleWindow).__scale.firstAt !== null,
    undefined,
    { timeout: TIMEOUT },
  );
  await within('watch the next page’s change', TIMEOUT, page.evaluate(watchChange, probe.firstRow));
  await page.getByRole('button', probe.nextPage).click({ timeout: TIMEOUT });
  await page.waitForFunction(
    () => (window as unknown as ScaleWindow).__scale.changedAt !== null,
    undefined,
    { timeout: TIMEOUT },
  );
  return within(
    `read the ${probe.label} figures`,
    TIMEOUT,
    page.evaluate(() => {
      const { firstAt, clickAt, changedAt } = (window as unknown as ScaleWindow).__scale;
      return { firstRows: firstAt!, nextPage: changedAt! - clickAt! };
    }),
  );
}

export async function measureScalePanel(set: DataSet, results: Results): Promise<void> {
  const browser = await chromium.launch({ executablePath: settings.chromium, args: LAUNCH_ARGS });
  const server = await startServer(set, paths.dist);
  const store = set.postgres ? 'PostgreSQL: ' : '';
  try {
    for (const probe of PAGES()) {
      const runs: { firstRows: number; nextPage: number }[] = [];
      // A warm-up load first (the server's JIT, the disk cache), as the list's figures have.
      for (let run = smoke ? 1 : 0; run <= settings.runs; run += 1) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        await page.addInitScript({ content: NAME_HELPER });
        await page.addInitScript(watchFirst, probe.firstRow);
        try {
          const measured = await measureOnce(page, server.origin, set.adminKey, probe);
          if (run > 0) runs.push(measured);
        } finally {
          await context.close();
        }
      }
      const label = `${store}Panel, ${probe.label}`;
      const first = median(runs.map((run) => run.firstRows));
      const of = `median of ${runs.length}`;
      if (probe.target)
        results.add(
          `${label}: navigation → first rows, ${of}`,
          first,
          'ms',
          `< ${count(probe.target)} ms`,
          first < probe.target,
        );
      else results.add(`${label}: navigation → first rows, ${of}`, first, 'ms');
      results.add(
        `${label}: next page → its first rows, ${of}`,
        median(runs.map((run) => run.nextPage)),
        'ms',
      );
    }
  } finally {
    await server.stop();
    await browser.close();
  }
}
