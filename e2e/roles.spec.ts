// The panel follows the signed-in key's role (D2): a basic user learns at once
// what they may do, before filling any form, and is offered no page they cannot use.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

test.use({ seedFleet: false });

test('a basic user opening the wizard is told at once which role it needs', async ({
  page,
  server,
}) => {
  const key = await server.keyFor('basic', 'bea.basic@roles.example');
  await page.goto(`${server.origin}/connectors/new/jira#key=${key}`);
  await expect(
    page.getByRole('heading', { name: 'Your role cannot open this page', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText('bea.basic@roles.example', { exact: false }).first()).toBeVisible();
  await expect(
    page.getByText(/This page needs the admin, curator or global curator role/),
  ).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Start', 'API reference']);
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
