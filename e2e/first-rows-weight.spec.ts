// What the connectors page costs before it shows its first result, in each state
// a new admin meets: the small fleet with an unfinished connector (as the demo
// data has), an empty install, an address filtered by a credential, and a
// curator's list. The scripts and style sheets the browser asked for before
// that moment, each gzipped as a server sends it, must weigh at most the
// bench's target (bench/weight.ts): what only an action needs loads after the
// rows or on the action. scripts/listPath.ts checks the build's static path;
// this checks what a real browser fetched, state by state.
import { gzipSync } from 'node:zlib';
import { plantSeed } from '../test/support/seed';
import { WEIGHT_TARGET_KB } from '../bench/weight';
import { expect, test, type Page } from './fixtures';

declare global {
  interface Window {
    __firstResultAt?: number;
  }
}

/** The moment the page first shows a connector row or says it has none. */
function watchFirstResult() {
  const observer = new MutationObserver(() => {
    const row = document.querySelector('tbody tr td');
    const words = document.body.innerText;
    if (!row && !/No connectors (yet|match)/.test(words)) return;
    observer.disconnect();
    window.__firstResultAt = performance.now();
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** Opens `path` with `key`; the gzipped JS and CSS fetched before the first result, in KB. */
async function weightBeforeFirstResult(page: Page, url: string) {
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (!/\.(js|css)(\?|$)/.test(new URL(response.url()).pathname)) return;
    const body = response.body();
    body.catch(() => {});
    bodies.set(response.url(), body);
  });
  await page.addInitScript(watchFirstResult);
  await page.goto(url);
  await page.waitForFunction(() => window.__firstResultAt !== undefined);
  const before = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= window.__firstResultAt!)
      .map((entry) => entry.name)
      .filter((name) => /\.(js|css)(\?|$)/.test(new URL(name).pathname)),
  );
  let bytes = 0;
  const files: string[] = [];
  for (const name of new Set(before)) {
    const body = await bodies.get(name);
    if (!body) throw new Error(`no answer recorded for ${name}`);
    bytes += gzipSync(body, { level: 9 }).length;
    files.push(new URL(name).pathname);
  }
  return { kb: bytes / 1024, files };
}

test('the fleet with an unfinished connector, as the demo data has', async ({ page, server }) => {
  const { kb, files } = await weightBeforeFirstResult(
    page,
    `${server.origin}/connectors#key=${server.adminKey}`,
  );
  await expect(page.getByRole('row', { name: /^Engineering Jira/ })).toBeVisible();
  await expect(page.getByText('1 connector is not finished.')).toBeVisible();
  expect(kb, files.join('\n')).toBeLessThanOrEqual(WEIGHT_TARGET_KB);
});

test('an address filtered by a credential', async ({ page, server, fleet }) => {
  const { kb, files } = await weightBeforeFirstResult(
    page,
    `${server.origin}/connectors?credential=${fleet!.credentials.slack}#key=${server.adminKey}`,
  );
  await expect(page.getByRole('row', { name: /^Engineering Slack/ })).toBeVisible();
  expect(kb, files.join('\n')).toBeLessThanOrEqual(WEIGHT_TARGET_KB);
});

test('a curator of one group (D13)', async ({ page, server }) => {
  const seeded = await plantSeed(server, {
    groups: ['Eng'],
    users: { Pat: { role: 'basic', curates: ['Eng'] } },
    pairs: { 'Eng handbook': { privateTo: ['Eng'] } },
  });
  const { kb, files } = await weightBeforeFirstResult(
    page,
    `${server.origin}/connectors#key=${seeded.keys.Pat}`,
  );
  await expect(page.getByRole('row', { name: /^Eng handbook/ })).toBeVisible();
  expect(kb, files.join('\n')).toBeLessThanOrEqual(WEIGHT_TARGET_KB);
});

test.describe('an empty install', () => {
  test.use({ seedFleet: false });
  test('says there are no connectors yet', async ({ page, server }) => {
    const { kb, files } = await weightBeforeFirstResult(
      page,
      `${server.origin}/connectors#key=${server.adminKey}`,
    );
    await expect(page.getByText(/No connectors yet/)).toBeVisible();
    expect(kb, files.join('\n')).toBeLessThanOrEqual(WEIGHT_TARGET_KB);
  });
});
