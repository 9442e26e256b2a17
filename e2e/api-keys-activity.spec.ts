// An administrator makes a key on the page, the key is used,
// the page shows its last use, Regenerate refuses the old secret and Delete the
// new one; the Activity page shows those records in order, filtered by action,
// and the export holds the same records.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';

const expectNoAxeViolations = async (page: Page) =>
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

test('keys made, used, regenerated and deleted on the page, then read on the Activity page', async ({
  page,
  server,
  signIn,
}) => {
  const status = async (key: string) =>
    (
      await page.request.get(`${server.apiUrl}/me`, { headers: { Authorization: `Bearer ${key}` } })
    ).status();

  await signIn('/api-keys');
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'New key' });
  await form.getByLabel('Name').fill('Deploy bot');
  await form.getByLabel('Role').selectOption('basic');
  await form.getByRole('button', { name: 'Make key' }).click();
  const shown = page.getByRole('region', { name: 'The new key' });
  await expect(shown).toContainText('you will not see it again');
  const first = (await shown.getByLabel('API key').textContent())!;
  expect(await status(first)).toBe(200);
  await expectNoAxeViolations(page);

  await page.reload();
  const row = page.getByRole('row', { name: /Deploy bot/ });
  await expect(row.getByRole('cell').nth(2)).not.toHaveText('Never');

  await row.getByRole('button', { name: 'Regenerate Deploy bot' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Regenerate' }).click();
  await expect(page.getByLabel('API key', { exact: true })).not.toHaveText(first);
  const second = (await page.getByLabel('API key', { exact: true }).textContent())!;
  expect(await status(first)).toBe(401);
  expect(await status(second)).toBe(200);

  await page.getByRole('button', { name: 'Delete Deploy bot' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: /Deploy bot/ })).toHaveCount(0);
  expect(await status(second)).toBe(401);

  await page.getByRole('link', { name: 'Activity' }).click();
  // The old secrets' 401s are there too (auth.login_failure): the key's own records, in order.
  const items = page
    .getByRole('list', { name: 'Activity' })
    .getByRole('listitem')
    .filter({ hasText: 'API key Deploy bot' });
  await expect(items.nth(0)).toContainText('deleted API key Deploy bot');
  await expect(items.nth(1)).toContainText('regenerated API key Deploy bot');
  await expect(items.nth(2)).toContainText('made API key Deploy bot');
  await expectNoAxeViolations(page);

  await page.getByLabel('Action').selectOption('api_key.regenerate');
  await expect(page).toHaveURL(/action=api_key\.regenerate/);
  await expect(items).toHaveCount(1);

  const exported = await page.request.get(
    `${server.apiUrl}/admin/audit/export?resource_type=api_key`,
    {
      headers: { Authorization: `Bearer ${server.adminKey}` },
    },
  );
  const actions = (await exported.text())
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { action: string }).action);
  // The oldest: the first start's key for the first admin.
  expect(actions).toEqual([
    'api_key.delete',
    'api_key.regenerate',
    'api_key.create',
    'api_key.create',
  ]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test("a connector's own page shows its pause in its recent changes; the link filters the Activity page by it", async ({
    page,
    signIn,
    fleet,
  }) => {
    const id = fleet!.connectors['Engineering Jira']!;
    await signIn(`/connectors/${id}`);
    await expect(page.getByRole('heading', { name: 'Engineering Jira', level: 1 })).toBeVisible();
    const recent = page.getByRole('region', { name: 'Recent changes' });
    await expect(recent).toContainText('No changes recorded yet.');

    await page.getByRole('button', { name: 'Pause' }).click();
    const item = recent
      .getByRole('list', { name: 'Recent changes to Engineering Jira' })
      .getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('paused Engineering Jira');
    await expect(item.getByRole('row', { name: /Status/ })).toContainText('Paused');
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page);

    await recent.getByRole('link', { name: 'All activity for this connector' }).click();
    await expect(page).toHaveURL(new RegExp(`resource_type=connector&resource_id=${id}$`));
    await expect(page.getByRole('list', { name: 'Activity' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByLabel('What')).toHaveValue('connector');
    await expect(page.getByLabel('Its id')).toHaveValue(String(id));
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });
});

async function noSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}
