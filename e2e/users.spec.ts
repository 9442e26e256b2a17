import AxeBuilder from '@axe-core/playwright';
import { findUserByEmail } from '../server/repos/users';
import { expect, test, type Page } from './fixtures';
import type { TestServer } from '../test/support/harness';

const expectNoAxeViolations = async (page: Page) =>
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

/** What the API lets a user's key do: admins may list connectors, basic users may not. */
async function connectorListStatus(page: Page, server: TestServer, email: string) {
  const key = await server.keyFor('basic', email);
  const response = await page.request.get(`${server.apiUrl}/manage/admin/connector`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  return response.status();
}

test('grants admin after a confirmation, and the new role takes effect at once', async ({
  page,
  server,
  signIn,
}) => {
  expect(await connectorListStatus(page, server, 'lee.basic@example.com')).toBe(403);
  await signIn('/users');
  await expect(page.getByRole('heading', { name: 'Users and roles', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("User's e-mail").fill('lee.basic@example.com');
  await page.getByRole('radio', { name: 'admin', exact: true }).check();
  const submit = page.getByRole('button', { name: 'Set role' });
  await submit.click();

  const dialog = page.getByRole('dialog', { name: 'Grant admin to lee.basic@example.com?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);

  // Escape cancels, sends nothing, and gives focus back.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(submit).toBeFocused();
  await expect(page.getByRole('status', { name: 'Result' })).toBeEmpty();

  await submit.press('Enter');
  await dialog.getByRole('button', { name: 'Grant admin' }).click();
  await expect(page.getByRole('status', { name: 'Result' })).toContainText(
    'Saved: lee.basic@example.com has the role admin.',
  );
  await expect(submit).toBeFocused();
  expect(await connectorListStatus(page, server, 'lee.basic@example.com')).toBe(200);
  await expectNoAxeViolations(page);
});

test("a refused change shows the server's words and changes nothing", async ({
  page,
  server,
  signIn,
}) => {
  await signIn('/users');
  await page.getByLabel("User's e-mail").fill('sam.slack@example.com');
  await page.getByRole('radio', { name: 'basic', exact: true }).check();
  await page.getByRole('button', { name: 'Set role' }).click();

  const result = page.getByRole('status', { name: 'Result' });
  await expect(result).toContainText(
    "The server refused the change: “To change a Slack User's role, they must first login via the web app.”",
  );
  await expect(result).toContainText('Explicit override passes this rule');
  expect((await findUserByEmail(server.store.db, 'sam.slack@example.com'))?.role).toBe(
    'slack_user',
  );
  await expectNoAxeViolations(page);
});
