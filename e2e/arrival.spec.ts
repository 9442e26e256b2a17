// Where the keyboard is when a page arrives, in a real
// browser (docs/panel.md, "Arriving at a page, opening a form"): never on <body>, but on the page's content
// (the shell's main) or on the control the user needs next.
import { createUser } from '../server/repos/users';
import { expect, test, type Page } from './fixtures';

const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName);

test('after the #key= sign-in and on a direct load of any page, the page has the keyboard', async ({
  page,
  server,
  signIn,
}) => {
  await signIn('/credentials');
  await expect(page.getByRole('heading', { name: 'Credentials', level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).toBeFocused();

  for (const [path, heading] of [
    ['/users', 'Users and roles'],
    ['/api-keys', 'API keys'],
    ['/activity', 'Activity'],
  ] as const) {
    await page.goto(`${server.origin}${path}`);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('main')).toBeFocused();
    expect(await focusedTag(page)).toBe('MAIN');
  }
});

test("Next page onto the users' last page hands the keyboard to Previous page", async ({
  page,
  server,
  signIn,
}) => {
  // With the fleet's users, more than ten: two pages.
  for (let n = 1; n <= 11; n++) await createUser(server.store.db, `user${n}@example.com`, 'basic');
  await signIn('/users');
  const next = page.getByRole('button', { name: 'Next page' });
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(next).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Previous page' })).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(next).toBeFocused();
});
