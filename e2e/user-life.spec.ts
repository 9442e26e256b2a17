// The life of a user in the browser (docs/api.md, "Users"): an administrator invites
// (all or nothing: a bad address is named and nothing is invited), sees the
// invitation apart, and deactivates, reactivates and deletes a user from the
// keyboard — the user's key answering as each step says. Axe after each step.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import type { TestServer } from '../test/support/harness';

const expectNoAxeViolations = async (page: Page) =>
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

const DEACTIVATED =
  'Access denied. This account is deactivated: an administrator can reactivate it.';

/** What the user's own key gets from the API (GET /me). */
async function keyAnswer(page: Page, server: TestServer, key: string) {
  const response = await page.request.get(`${server.apiUrl}/me`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

async function invitedAddresses(page: Page, server: TestServer) {
  const response = await page.request.get(`${server.apiUrl}/manage/users/invited`, {
    headers: { Authorization: `Bearer ${server.adminKey}` },
  });
  return ((await response.json()) as { email: string }[]).map((entry) => entry.email);
}

/** Confirms the open dialog from the keyboard: it starts on Cancel; Tab goes to the action. */
async function confirmByKeyboard(page: Page, title: string, action: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: action })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

test('invite, deactivate, reactivate and delete, from the keyboard', async ({
  page,
  server,
  signIn,
}) => {
  test.setTimeout(90_000); // axe runs after each of a dozen steps
  // Dee is a user with a key of her own.
  const deeKey = await server.keyFor('basic', 'dee@example.com');
  expect((await keyAnswer(page, server, deeKey)).status).toBe(200);

  await signIn('/users');
  await expect(page.getByRole('heading', { name: 'Users and roles', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  // Two addresses, one bad: it is named, the field has the keyboard, nothing is invited.
  const field = page.getByLabel('E-mail addresses to invite');
  await field.fill('ann@example.com, not-an-address');
  await field.press('Tab');
  await page.keyboard.press('Enter');
  await expect(field).toHaveAccessibleDescription(/“not-an-address”.*Nothing was invited/);
  await expect(field).toBeFocused();
  expect(await invitedAddresses(page, server)).toEqual([]);
  await expectNoAxeViolations(page);

  await field.fill('ann@example.com');
  await page.getByRole('button', { name: 'Invite', exact: true }).press('Enter');
  const invited = page.getByText(/^Invited ann@example\.com\./);
  await expect(invited).toBeFocused();
  await expect(
    page.getByRole('list', { name: 'Invited addresses' }).getByText('ann@example.com'),
  ).toBeVisible();
  expect(await invitedAddresses(page, server)).toEqual(['ann@example.com']);
  await expectNoAxeViolations(page);

  // Deactivate Dee: her key is refused, saying why.
  await page.getByLabel('Search by e-mail').fill('dee@example.com');
  await page.getByRole('button', { name: 'Deactivate dee@example.com' }).focus();
  await page.keyboard.press('Enter');
  await confirmByKeyboard(page, 'Deactivate dee@example.com?', 'Deactivate dee@example.com');
  await expect(page.getByText(/^dee@example\.com is deactivated/)).toBeFocused();
  await expect(page.getByText('deactivated', { exact: true })).toBeVisible();
  expect(await keyAnswer(page, server, deeKey)).toEqual({
    status: 401,
    body: { detail: DEACTIVATED },
  });
  await expectNoAxeViolations(page);

  // Reactivate: the key works again.
  await page.getByRole('button', { name: 'Reactivate dee@example.com' }).focus();
  await page.keyboard.press('Enter');
  await confirmByKeyboard(page, 'Reactivate dee@example.com?', 'Reactivate dee@example.com');
  await expect(page.getByText(/^dee@example\.com is active again/)).toBeFocused();
  expect((await keyAnswer(page, server, deeKey)).status).toBe(200);

  // Delete (after deactivating again): gone from the list, the key unknown.
  await page.getByRole('button', { name: 'Deactivate dee@example.com' }).focus();
  await page.keyboard.press('Enter');
  await confirmByKeyboard(page, 'Deactivate dee@example.com?', 'Deactivate dee@example.com');
  await expect(page.getByText(/^dee@example\.com is deactivated/)).toBeFocused();
  await page.getByRole('button', { name: 'Delete dee@example.com' }).focus();
  await page.keyboard.press('Enter');
  await confirmByKeyboard(page, 'Delete dee@example.com?', 'Delete dee@example.com');
  await expect(page.getByText('dee@example.com is deleted.')).toBeFocused();
  await expect(page.getByRole('button', { name: /dee@example\.com.*change the role/ })).toHaveCount(
    0,
  );
  expect((await keyAnswer(page, server, deeKey)).status).toBe(401);
  await expectNoAxeViolations(page);
});
