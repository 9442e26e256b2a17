// Signing in to the panel (docs/security.md, "Sessions"): the key of the printed address,
// or one pasted, is exchanged once for an HttpOnly session cookie; no script of
// the page can read a key or a token; signing out ends the session on the server.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';

/** What a script of the page can read (storage and cookies) holds no `secret`. */
async function expectReadableNowhere(page: Page, secret: string) {
  const readable = await page.evaluate(() =>
    JSON.stringify({
      local: { ...localStorage },
      tab: { ...sessionStorage },
      cookie: document.cookie,
    }),
  );
  expect(readable).not.toContain(secret);
}

test('signs in with the key from the printed address: a session cookie the page cannot read, no key kept; sign-out ends it on the server', async ({
  page,
  context,
  server,
  signIn,
}) => {
  await signIn('/connectors');
  await expect(page.getByRole('heading', { name: 'Connectors', level: 1 })).toBeVisible();
  expect(page.url()).not.toContain(server.adminKey);
  await expectReadableNowhere(page, server.adminKey);

  const cookies = await context.cookies(server.origin);
  const session = cookies.find((cookie) => cookie.name === 'sourcedesk_session')!;
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false });
  // The page's scripts see no token: only the hint that a session was opened.
  expect(await page.evaluate(() => document.cookie)).toBe('sourcedesk_signed_in=1');
  const token = `sourcedesk_session=${session.value}`;

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Sourcedesk' })).toBeVisible();
  expect((await context.cookies(server.origin)).map((cookie) => cookie.name)).toEqual([]);
  // The old cookie opens nothing anywhere: the server ended the session.
  const after = await page.request.get(`${server.apiUrl}/me`, { headers: { cookie: token } });
  expect(after.status()).toBe(401);
});

test('signs in by pasting a key; a wrong key is refused in words with the keyboard in the box', async ({
  page,
  server,
}) => {
  await page.goto(`${server.origin}/connectors`);
  const box = page.getByLabel('API key');
  await expect(box).toBeFocused();
  await box.fill('sd_not-a-real-key');
  await page.keyboard.press('Enter');
  await expect(box).toHaveAccessibleDescription(/The server did not accept this key/);
  await expect(box).toBeFocused();

  await box.fill(server.adminKey);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/connectors$/);
  await expect(page.getByRole('heading', { name: 'Connectors', level: 1 })).toBeVisible();
  // The pasted key is nowhere a script of the page could read it.
  await expectReadableNowhere(page, server.adminKey);
});

test('a basic user who signs in with no page to return to lands on a page they can use', async ({
  page,
  server,
}) => {
  const key = await server.keyFor('basic', 'bu.basic@sign-in.test');
  await page.goto(`${server.origin}/sign-in`);
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByRole('heading', { name: 'Welcome to Sourcedesk', level: 1 }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/start$/);
  // The form went away with the sign-in page: the keyboard is on the page it led to.
  await expect(page.getByRole('main')).toBeFocused();
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

test('a session that ends on the server (its user deactivated) sends the open panel to sign in, saying why', async ({
  page,
  server,
}) => {
  const email = 'cut.off@sign-in.test';
  const key = await server.keyFor('curator', email);
  await page.goto(`${server.origin}/credentials#key=${key}`);
  await expect(page.getByRole('heading', { name: 'Credentials', level: 1 })).toBeVisible();
  const off = await page.request.patch(`${server.apiUrl}/manage/admin/deactivate-user`, {
    headers: { authorization: `Bearer ${server.adminKey}` },
    data: { user_email: email },
  });
  expect(off.status()).toBe(200);
  await page.getByRole('link', { name: 'Connectors', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Sourcedesk' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Your session has ended');
});
