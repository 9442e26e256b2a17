// A page whose code cannot be loaded (the server went away, or a new build
// replaced the files): the shell stays, the page says what happened in words,
// and Reload brings the panel back.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

test('a page whose code cannot load keeps the shell, says so, and offers Reload', async ({
  page,
  signIn,
}) => {
  await signIn('/connectors');
  await expect(page.getByRole('heading', { name: 'Connectors', level: 1 })).toBeVisible();
  // The credentials page's own file is gone, as after an update or with the server stopped.
  await page.route(/\/assets\/CredentialsPage-[^/]*\.js$/, (route) => route.abort());
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Credentials' })
    .click();

  await expect(
    page.getByRole('heading', { name: 'This page could not be loaded', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'The panel could not reach the server, or Sourcedesk was updated since this tab opened. Reload to get the current version.',
  );
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByText(/Unable to preload CSS|dynamically imported module/)).toHaveCount(0);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.unroute(/\/assets\/CredentialsPage-[^/]*\.js$/);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Credentials', level: 1 })).toBeVisible();
});
