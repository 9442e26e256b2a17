// Code that runs inside the page (serialized by Playwright): timestamps on the
// page's own clock, performance.now(), whose zero is the navigation start.

/** tsx keeps function names with a `__name` helper the page does not have. */
export const NAME_HELPER = 'globalThis.__name = globalThis.__name || ((fn) => fn);';

interface FilterWatch {
  /** performance.now() at the row change, or null while waiting */
  doneAt: number | null;
  startedAt: number | null;
}

interface BenchWindow {
  firstRowsAt: number | null;
  filter: FilterWatch;
}
declare global {
  interface Window {
    __bench: BenchWindow;
  }
}

// A row's name is its `td.cell-name` (the panel's and the bare page's alike), not
// its first cell: the panel's first is the selection box. Each probe is sent to
// the page as its own text, so the selector is written in each rather than shared.

/**
 * Init script: the time of the first frame after a connector row is in the
 * table with its name, on screen (a frame's rAF runs just before it is
 * painted). The mutations are only looked at; the row's box is read in the
 * frame's rAF, where the frame lays the page out anyway: read in the
 * observer, it forced a layout after every change of the page while it loaded.
 */
export function watchFirstRows(): void {
  window.__bench = { firstRowsAt: null, filter: { doneAt: null, startedAt: null } };
  const frame = () => {
    const row = document.querySelector('tbody tr[data-index]');
    if (row && row.getBoundingClientRect().height > 0)
      window.__bench.firstRowsAt = performance.now();
    else requestAnimationFrame(frame);
  };
  const observer = new MutationObserver(() => {
    const name = document.querySelector('tbody tr[data-index] td.cell-name')?.textContent;
    if (!name) return;
    observer.disconnect();
    requestAnimationFrame(frame);
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** The floor: a bare fetch of the same answer and JSON.parse, nothing else. */
export async function bareFetchAndParse(key: string): Promise<number> {
  const start = performance.now();
  const response = await fetch('/api/manage/admin/connector', {
    headers: { Authorization: `Bearer ${key}` },
  });
  const list = JSON.parse(await response.text()) as unknown[];
  const elapsed = performance.now() - start;
  if (!response.ok || list.length === 0) throw new Error(`bare fetch answered ${response.status}`);
  return elapsed;
}

/**
 * From the Enter that chooses a credential (its event time) to the frame that
 * shows `expectedFirst` as the first row with no "Updating…" left.
 */
export function armFilterWatch(expectedFirst: string): void {
  const watch: FilterWatch = { doneAt: null, startedAt: null };
  window.__bench.filter = watch;
  const input = document.querySelector('#connector-credential-filter');
  input?.addEventListener(
    'keydown',
    (event) => {
      if ((event as KeyboardEvent).key === 'Enter') watch.startedAt = event.timeStamp;
    },
    { capture: true },
  );
  const check = () => {
    if (watch.startedAt === null || watch.doneAt !== null) return;
    const updating = document.querySelector('.updating')?.textContent ?? '';
    // The name alone: the panel's cell may add a "Paused" mark after the link.
    const cell = document.querySelector('tbody tr[data-index="0"] td.cell-name');
    const first = cell?.firstChild?.textContent;
    if (first !== expectedFirst || updating !== '') return;
    observer.disconnect();
    requestAnimationFrame(() => (watch.doneAt = performance.now()));
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
}

export interface ScrollReport {
  frames: number;
  longFrames: number;
  longestFrame: number;
  /** long-animation-frame entries over 50 ms, where the browser reports them */
  longAnimationFrames: number;
  /** The scroll stopped at its time limit before the bottom (a starved machine). */
  cutShort: boolean;
  /**
   * No frame came for STALL_MS: headless Chromium now and then stops making
   * frames for a page (requestAnimationFrame never calls back, the CPU idle).
   * The run is measured again in a fresh context (bench/panel.ts).
   */
  stalled: boolean;
}

/** Scrolls the page one view per frame from the top to the table's bottom; frame gaps from rAF. */
export function scrollTableToBottom(): Promise<ScrollReport> {
  // The page scrolls (the table has no box of its own).
  const region = document.scrollingElement;
  if (!(region instanceof HTMLElement) || !document.querySelector('.connector-table'))
    throw new Error('no connector table on the page');
  let loaf = 0;
  const observer = new PerformanceObserver((list) => {
    loaf += list.getEntries().filter((entry) => entry.duration > 50).length;
  });
  try {
    observer.observe({ type: 'long-animation-frame' });
  } catch {
    // not reported by this browser: the rAF gaps still are
  }
  region.scrollTop = 0;
  const gaps: number[] = [];
  return new Promise((resolve) => {
    let last = 0;
    let settle = 3;
    // A page that stops moving short of its bottom (a fractional scroll offset
    // that never meets the height, say) would otherwise be scrolled forever:
    // a scroll that did not move counts as the bottom, and 20,000 frames end it.
    let previousTop = -1;
    let framesLeft = 20_000;
    // On a starved machine a frame can take half a second: the scroll stops after
    // three minutes and says so, rather than holding the bench for a quarter hour.
    const deadline = performance.now() + 180_000;
    // Timers still run when frames stop: this notices a page that makes none.
    const STALL_MS = 10_000;
    let lastFrameAt = performance.now();
    const report = (cutShort: boolean, stalled: boolean) => {
      clearInterval(watchdog);
      observer.disconnect();
      resolve({
        frames: gaps.length,
        longFrames: gaps.filter((gap) => gap > 50).length,
        longestFrame: Math.max(0, ...gaps),
        longAnimationFrames: loaf,
        cutShort,
        stalled,
      });
    };
    const watchdog = setInterval(() => {
      if (performance.now() - lastFrameAt > STALL_MS) report(false, true);
    }, 1000);
    const frame = (now: number) => {
      lastFrameAt = performance.now();
      if (last) gaps.push(now - last);
      last = now;
      const atBottom =
        region.scrollTop + region.clientHeight >= region.scrollHeight - 1 ||
        region.scrollTop === previousTop;
      previousTop = region.scrollTop;
      const cutShort = now > deadline;
      if ((atBottom && --settle === 0) || --framesLeft === 0 || cutShort) {
        report(cutShort && !atBottom, false);
        return;
      }
      region.scrollTop += region.clientHeight;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** Back to the top of the table, and two frames for the virtualizer to follow. */
export function scrollTableToTop(): Promise<void> {
  window.scrollTo({ top: 0 });
  return new Promise((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );
}

/** URLs of the scripts and style sheets requested before the first rows showed. */
export function assetsBeforeFirstRows(): string[] {
  const cutoff = window.__bench.firstRowsAt ?? Number.POSITIVE_INFINITY;
  return performance
    .getEntriesByType('resource')
    .filter((entry) => entry.startTime <= cutoff && /\.(js|css)(\?|$)/.test(entry.name))
    .map((entry) => entry.name);
}

/** One request before the first rows: its path (with its query) and its times after navigation. */
export interface Step {
  what: string;
  startAt: number;
  endAt: number;
}

/**
 * Where the time before the first rows went: the last script or style sheet's
 * arrival, then each API request that started before the first rows (sign-in,
 * `/me`, the lists…), on the page's clock (resource timing: the requests are
 * the page's own origin's, so each has its times).
 */
export function stepsBeforeFirstRows(): Step[] {
  const cutoff = window.__bench.firstRowsAt ?? Number.POSITIVE_INFINITY;
  const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
    (entry) => entry.startTime <= cutoff,
  );
  const steps: Step[] = [];
  const assets = entries.filter((entry) => /\.(js|css)(\?|$)/.test(entry.name));
  if (assets.length > 0)
    steps.push({
      what: 'scripts and styles',
      startAt: Math.min(...assets.map((entry) => entry.startTime)),
      endAt: Math.max(...assets.map((entry) => entry.responseEnd)),
    });
  for (const entry of entries) {
    const url = new URL(entry.name);
    if (!url.pathname.startsWith('/api/')) continue;
    steps.push({
      what: `${url.pathname.slice('/api'.length)}${url.search}`,
      startAt: entry.startTime,
      endAt: entry.responseEnd,
    });
  }
  return steps;
}
