import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

test('signs in with the key from the printed address, keeps it out of the address bar, and signs out', async ({
  page,
  server,
  signIn,
}) => {
  await signIn('/connectors');
  await expect(page.getByRole('heading', { name: 'Connectors', level: 1 })).toBeVisible();
  expect(page.url()).not.toContain(server.adminKey);
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(server.adminKey);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Sourcedesk' })).toBeVisible();
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain(server.adminKey);
});

test('signs in by pasting a key, and a wrong key is sent back to sign-in with the reason', async ({
  page,
  server,
}) => {
  await page.goto(`${server.origin}/connectors`);
  await page.getByLabel('API key').fill('sd_not-a-real-key');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('did not accept your API key');

  await page.getByLabel('API key').fill(server.adminKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/connectors$/);
});

test('the sign-in page has no accessibility violations, also with an error shown', async ({
  page,
  server,
}) => {
  await page.goto(`${server.origin}/sign-in`);
  await expect(page.getByRole('heading', { name: 'Sign in to Sourcedesk' })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Paste your API key', { exact: false })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test('signing out forgets what the tab kept: the next person to sign in finds an empty wizard', async ({
  page,
  server,
  signIn,
}) => {
  await signIn('/connectors/new/jira');
  await page.getByLabel('Name', { exact: true }).fill('Half-typed Jira');
  await page.getByLabel('Jira base URL').fill('https://private.atlassian.net');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Sourcedesk' })).toBeVisible();
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain('private');

  await page.getByLabel('API key').fill(server.adminKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Jira base URL')).toHaveValue('');
});
