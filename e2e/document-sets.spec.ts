// Document sets in a real browser: an admin makes a set of two connectors; a
// curator makes a private set of their group's connector and is not offered
// another group's; axe finds nothing; no sideways scroll at 360 px.
import AxeBuilder from '@axe-core/playwright';
import { findUserByEmail } from '../server/repos/users';
import { api, createConnector, plainRequest } from '../test/support/http';
import type { TestServer } from '../test/support/harness';
import { expect, test, type Page } from './fixtures';

test.use({ seedFleet: false });

const expectNoAxeViolations = async (page: Page) =>
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

async function connector(server: TestServer, name: string, access: Record<string, unknown> = {}) {
  const id = await createConnector(server, plainRequest('web', { name }));
  await api(server, 'PUT', `/manage/admin/connector/${id}/credential/0`, { body: access });
  return id;
}

test('an admin makes a public set of two connectors', async ({ page, server, signIn }) => {
  await connector(server, 'Handbook');
  await connector(server, 'Runbooks');
  await signIn('/document-sets');
  await expect(page.getByRole('heading', { name: 'Document sets', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New document set' }).click();
  await page.getByLabel('Name').fill('Everything written');
  await page.getByRole('checkbox', { name: 'Handbook' }).check();
  await page.getByRole('checkbox', { name: 'Runbooks' }).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Create set' }).click();
  await expect(page.getByText('Document set Everything written created.')).toBeFocused();
  await expect(page.getByText('Handbook, Runbooks')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a curator makes a private set of their group’s connector, not of another group’s', async ({
  page,
  server,
}) => {
  const key = await server.keyFor('basic', 'cat@example.com');
  const cat = (await findUserByEmail(server.store.db, 'cat@example.com'))!.id;
  const group = async (name: string, members: string[]) =>
    (
      (
        await api(server, 'POST', '/manage/admin/user-group', {
          body: { name, user_ids: members, cc_pair_ids: [] },
        })
      ).json as { id: number }
    ).id;
  const sales = await group('Sales', [cat]);
  const eng = await group('Eng', []);
  await api(server, 'POST', `/manage/admin/user-group/${sales}/set-curator`, {
    body: { user_id: cat, is_curator: true },
  });
  await connector(server, 'Sales wiki', { access_type: 'private', groups: [sales] });
  await connector(server, 'Eng wiki', { access_type: 'private', groups: [eng] });
  await page.goto(`${server.origin}/document-sets#key=${key}`);
  await page.getByRole('button', { name: 'New document set' }).click();
  await expect(page.getByRole('radio', { name: /Private to groups/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Sales wiki' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Eng wiki' })).toHaveCount(0);
  await page.getByLabel('Name').fill('Sales only');
  await page.getByRole('checkbox', { name: 'Sales wiki' }).check();
  await page.getByRole('button', { name: 'Create set' }).click();
  await expect(page.getByText('Document set Sales only created.')).toBeFocused();
  await expect(page.getByText('Private to Sales')).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test('the Document sets page with its form open does not scroll sideways', async ({
    page,
    server,
    signIn,
  }) => {
    await connector(server, 'A connector with a rather long name that goes on and on');
    await signIn('/document-sets');
    await page.getByRole('button', { name: 'New document set' }).click();
    await expect(page.getByRole('button', { name: 'Create set' })).toBeVisible();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  });
});
