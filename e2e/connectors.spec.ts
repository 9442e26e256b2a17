import AxeBuilder from '@axe-core/playwright';
import { insertConnector, insertPair } from '../server/repos/connectors';
import { FLEET_LISTED } from '../src/test/fleet';
import { expect, test, type Page } from './fixtures';

const table = (page: Page) => page.getByRole('table', { name: /^Connectors/ });
const dataRows = (page: Page) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

test('filters by credential, keeps the previous rows while loading, and keeps the filter on reload', async ({
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
});

test('finishes an incomplete connector by attaching a credential', async ({ page, signIn }) => {
  await signIn('/connectors');
  await expect(page.getByText('1 connector is not finished.')).toBeVisible();
  await expect(page.getByRole('row', { name: /^Mobile Jira/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Finish them' }).click();
  const picker = page.getByRole('combobox', { name: 'Credential for Mobile Jira' });
  await picker.click();
  await expect(page.getByRole('option')).toHaveCount(2); // only the Jira credentials
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
  await page.getByRole('button', { name: 'Finish them' }).click();
  await page.getByRole('combobox', { name: 'Credential for Mobile Jira' }).click();
  await expect(page.getByRole('listbox', { name: 'Credential for Mobile Jira' })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test('10,000 connectors: only the rows in view are in the page, and the last one scrolls into view', async ({
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
  // every row of the bulk and of the fleet, and the header row
  await expect(table(page)).toHaveAttribute(
    'aria-rowcount',
    String(10_000 + FLEET_LISTED.length + 1),
  );
  expect(await dataRows(page).count()).toBeLessThan(100);

  const region = page.getByRole('region', { name: /^Connectors/ });
  await region.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(
    page.getByRole('row', { name: /^Bulk 10000 web load_state every 2 hours never/ }),
  ).toBeVisible();
  expect(await dataRows(page).count()).toBeLessThan(100);
  await expect(table(page).getByRole('columnheader', { name: /Name/ })).toBeInViewport();

  await page.getByRole('searchbox', { name: 'Search by name' }).fill('Bulk 0999');
  await expect(dataRows(page)).toHaveCount(10);
});
