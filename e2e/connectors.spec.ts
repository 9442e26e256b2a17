import AxeBuilder from '@axe-core/playwright';
import { insertConnector, insertPair } from '../server/repos/connectors';
import { FLEET_LISTED } from '../src/test/fleet';
import { expect, test, type Page } from './fixtures';

const table = (page: Page) => page.getByRole('table', { name: /^Connectors/ });
const dataRows = (page: Page) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

test('filters by credential, keeps the previous rows while loading, and keeps filter, search and sort on reload', async ({
  page,
  signIn,
  fleet,
}) => {
  const slack = fleet!.credentials.slack;
  const filteredUrl = new RegExp(`/connectors\\?credential=${slack}$`);
  await signIn('/connectors');
  await expect(dataRows(page)).toHaveCount(FLEET_LISTED.length);

  // Hold the filtered request until the old rows and "Updating…" have been seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    new RegExp(`/api/manage/admin/connector\\?credential=${slack}$`),
    async (route) => {
      await held;
      await route.continue();
    },
  );

  const picker = page.getByRole('combobox', { name: 'Credential' });
  await picker.fill('slack');
  await expect(picker).toHaveAttribute('aria-expanded', 'true');
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await expect(page).toHaveURL(filteredUrl);
  await expect(page.getByText('Updating…')).toBeVisible();
  await expect(dataRows(page)).toHaveCount(FLEET_LISTED.length);
  release();

  await expect(page.getByText('Updating…')).toBeHidden();
  await expect(dataRows(page)).toHaveCount(2);
  await expect(page.getByRole('row', { name: /^Engineering Slack/ })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(filteredUrl);
  await expect(picker).toHaveValue('Slack workspace bot');
  await expect(dataRows(page)).toHaveCount(2);
  await expect(page.getByRole('row', { name: /^Support Slack/ })).toBeVisible();

  // Search and sort go into the address beside the filter, and a reload keeps them.
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('slack');
  await table(page).getByRole('button', { name: /Name/ }).click();
  await table(page).getByRole('button', { name: /Name/ }).click();
  await expect(page).toHaveURL(new RegExp(`credential=${slack}&search=slack&sort=-name$`));
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('slack');
  await expect(table(page).getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(dataRows(page).first()).toContainText('Support Slack');
  await expect(page.getByText('2 of 2 connectors match “slack”.')).toBeVisible();
});

test('finishes an incomplete connector by attaching a credential', async ({ page, signIn }) => {
  await signIn('/connectors');
  await expect(page.getByText('1 connector is not finished.')).toBeVisible();
  await expect(page.getByRole('row', { name: /^Mobile Jira/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Finish it' }).click();
  const picker = page.getByRole('combobox', { name: 'Credential for Mobile Jira' });
  await picker.click();
  // only the Jira credentials
  await expect(
    page.getByRole('listbox', { name: 'Credential for Mobile Jira' }).getByRole('option'),
  ).toHaveCount(2);
  await page.getByRole('option', { name: /Jira Cloud — engineering bot/ }).click();
  await page.getByRole('button', { name: 'Attach credential' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Credential attached' })).toHaveText(
    'Credential attached: “Mobile Jira” is finished and listed.',
  );
  await expect(page.getByRole('row', { name: /^Mobile Jira/ })).toBeVisible();
  await expect(page.getByText(/not finished/)).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('row', { name: /^Mobile Jira/ })).toBeVisible();
});

test('the connectors page passes an axe scan, with the picker and the unfinished list open', async ({
  page,
  signIn,
}) => {
  await signIn('/connectors');
  await expect(dataRows(page)).toHaveCount(FLEET_LISTED.length);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.getByRole('combobox', { name: 'Credential' }).click();
  await page.getByRole('combobox', { name: 'Credential' }).press('ArrowDown');
  await expect(page.getByRole('listbox', { name: 'Credential' })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.getByRole('combobox', { name: 'Credential' }).press('Escape');
  await page.getByRole('button', { name: 'Finish it' }).click();
  await page.getByRole('combobox', { name: 'Credential for Mobile Jira' }).click();
  await expect(page.getByRole('listbox', { name: 'Credential for Mobile Jira' })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

// The table from 76rem up (its fixed columns need that much; Updated from 96rem), cards below it.
for (const width of [1280, 1232]) {
  test(`at ${width} px each date sits on one line, inside its cell`, async ({ page, signIn }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn('/connectors');
    await expect(dataRows(page)).toHaveCount(FLEET_LISTED.length);
    const dates = await table(page)
      .locator('time')
      .evaluateAll((times) =>
        times.map((time) => {
          const box = time.getBoundingClientRect();
          const cell = time.closest('td')!.getBoundingClientRect();
          const lineHeight = parseFloat(getComputedStyle(time).lineHeight);
          return {
            shown: box.height > 0,
            lines: Math.round(box.height / lineHeight),
            inside: box.right <= cell.right,
          };
        }),
      );
    // Created only: Updated waits for a screen wider than 96rem.
    const shown = dates.filter((date) => date.shown);
    expect(shown).toHaveLength(FLEET_LISTED.length);
    expect(shown.every((date) => date.lines === 1 && date.inside)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  });
}

test('at 1040 px the connectors are cards and the page does not scroll sideways', async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 1040, height: 800 });
  await signIn('/connectors');
  await expect(dataRows(page)).toHaveCount(FLEET_LISTED.length);
  expect(await table(page).locator('colgroup').isVisible()).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1040);
});

test('10,000 connectors: the page scrolls (no box in a box), only the rows in view are in it', async ({
  page,
  server,
  signIn,
}) => {
  const db = server.store.db;
  await db.transaction().execute(async (trx) => {
    for (let index = 1; index <= 10_000; index += 1) {
      const id = await insertConnector(trx, {
        name: `Bulk ${String(index).padStart(5, '0')}`,
        source: 'web',
        input_type: 'load_state',
        access_type: 'PUBLIC',
        connector_specific_config: {},
        refresh_freq: 7200,
        prune_freq: null,
        indexing_start: null,
      });
      await insertPair(trx, id, 0);
    }
  });
  await signIn('/connectors');
  // every row of the bulk and of the fleet, and the header row. The wait is long
  // because the browser reads the list and every pair's health (10,000 of each):
  // 3.6 s on a quiet machine since connector health came; how fast is the bench's to say.
  await expect(table(page)).toHaveAttribute(
    'aria-rowcount',
    String(10_000 + FLEET_LISTED.length + 1),
    { timeout: 30_000 },
  );
  await expect.poll(() => dataRows(page).count()).toBeLessThan(100);
  await expect(page.getByRole('region', { name: /^Connectors/ })).toHaveCount(0);

  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }));
  await expect(
    page.getByRole('row', {
      name: /^Bulk 10000 Healthy Not reported — Web Loaded whole each time every 2 hours never/,
    }),
  ).toBeVisible();
  expect(await dataRows(page).count()).toBeLessThan(100);
  await expect(table(page).getByRole('columnheader', { name: /Name/ })).toBeInViewport();

  await expect(
    page.getByText(`${(10_000 + FLEET_LISTED.length).toLocaleString('en')} connectors.`),
  ).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('Bulk 0999');
  await expect(dataRows(page)).toHaveCount(10);
});

test('what a page just did is said once: a reload does not say it again', async ({
  page,
  signIn,
  fleet,
}) => {
  await signIn(`/connectors/${fleet!.connectors['Support Slack']}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete “Support Slack”?' })
    .getByRole('button', { name: 'Delete connector' })
    .click();
  await expect(page.getByText('Connector “Support Slack” was deleted.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Engineering Slack' })).toBeVisible();
  await expect(page.getByText('Connector “Support Slack” was deleted.')).toHaveCount(0);
});
