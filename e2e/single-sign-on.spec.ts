// Single sign-on in the browser (docs/security.md, "Single sign-on"), against a real
// OpenID provider on 127.0.0.1 (test/support/oidcProvider.ts, whose sign-in page
// fetches nothing from elsewhere). An administrator invites Ann; Ann signs in
// through the provider's pages and lands as basic; the administrator promotes
// her, deactivates her (her open panel is sent to sign in, her key refused),
// reactivates her (she signs in again) and deletes her (she is not let in).
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from './fixtures';
import { startTestProvider, type TestProvider } from '../test/support/oidcProvider';
import type { TestServer } from '../test/support/harness';

const test = base.extend<{ provider: TestProvider }>({
  // Playwright reads a fixture's needs from its first parameter: this one needs none.
  // eslint-disable-next-line no-empty-pattern
  provider: async ({}, use) => {
    const provider = await startTestProvider();
    await use(provider);
    await provider.close();
  },
  serverOptions: async ({ provider }, use) => {
    await use({
      oidc: {
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        name: 'Test ID',
        allowedDomains: [],
        roleClaim: undefined,
      },
    });
  },
});

const ANN = 'ann@example.com';

/** An administrator's change, through the API (the users page's own walk is e2e/user-life.spec.ts). */
async function asAdmin(
  page: Page,
  server: TestServer,
  method: 'PATCH' | 'DELETE',
  path: string,
  data: unknown,
) {
  const response = await page.request.fetch(`${server.apiUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${server.adminKey}` },
    data,
  });
  expect(response.status(), path).toBe(200);
}

/**
 * Ann's way in: the panel's "Sign in with Test ID", the provider's page (the
 * first time: after that the provider remembers her, as real ones do), and back.
 */
async function signInThroughProvider(ann: Page, server: TestServer, first = false) {
  await ann.goto(`${server.origin}/`);
  await expect(ann.getByRole('heading', { name: 'Sign in to Sourcedesk' })).toBeVisible();
  await ann.getByRole('link', { name: 'Sign in with Test ID' }).click();
  if (!first) return;
  await expect(ann.getByRole('heading', { name: 'Sign in to Test ID' })).toBeVisible();
  await ann.getByLabel('E-mail address').fill(ANN);
  await ann.getByRole('button', { name: 'Continue' }).click();
}

test('an invited person signs in through the provider, and the administrator promotes, deactivates, reactivates and deletes her', async ({
  page,
  browser,
  server,
  provider,
  signIn,
}) => {
  test.setTimeout(90_000);
  provider.allow(server.origin);
  const outside: string[] = [];

  // The administrator invites Ann from the users page.
  await signIn('/users');
  const field = page.getByLabel('E-mail addresses to invite');
  await field.fill(ANN);
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByRole('list', { name: 'Invited addresses' })).toContainText(ANN);

  // Ann, in a browser of her own.
  const annContext = await browser.newContext();
  const ann = await annContext.newPage();
  ann.on('request', (request) => {
    const host = new URL(request.url()).hostname;
    if (host !== '127.0.0.1') outside.push(request.url());
  });
  await ann.goto(`${server.origin}/sign-in`);
  await expect(ann.getByRole('link', { name: 'Sign in with Test ID' })).toBeVisible();
  expect((await new AxeBuilder({ page: ann }).analyze()).violations).toEqual([]);
  await signInThroughProvider(ann, server, true);
  await expect(ann.getByRole('heading', { name: 'Welcome to Sourcedesk', level: 1 })).toBeVisible();
  await expect(ann.getByRole('banner').getByText(`${ANN} (basic)`)).toBeVisible();
  const cookie = (await annContext.cookies(server.origin)).find(
    (c) => c.name === 'sourcedesk_session',
  )!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  expect(await ann.evaluate(() => document.cookie)).not.toContain(cookie.value);

  // Promoted: her next page has the connectors.
  await asAdmin(page, server, 'PATCH', '/manage/set-user-role', {
    user_email: ANN,
    new_role: 'global_curator',
  });
  await ann.reload();
  await expect(ann.getByRole('banner').getByText(`${ANN} (global curator)`)).toBeVisible();
  await ann.getByRole('link', { name: 'Connectors' }).click();
  await expect(ann.getByRole('heading', { name: 'Connectors', level: 1 })).toBeVisible();
  const annKey = await server.keyFor('curator', ANN);
  // Her page has asked for all it asks for after its first rows (the filters'
  // choices): the next request she makes is the reload's.
  await ann.waitForLoadState('networkidle');

  // Deactivated: her open panel is sent to sign in at its next request, her key refused.
  await asAdmin(page, server, 'PATCH', '/manage/admin/deactivate-user', { user_email: ANN });
  await ann.reload();
  await expect(ann.getByRole('heading', { name: 'Sign in to Sourcedesk' })).toBeVisible();
  await expect(ann.getByRole('alert')).toContainText('Your session has ended');
  const refused = await ann.request.get(`${server.apiUrl}/me`, {
    headers: { Authorization: `Bearer ${annKey}` },
  });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({
    detail: 'Access denied. This account is deactivated: an administrator can reactivate it.',
  });
  // Nor does the provider let her back in meanwhile.
  await signInThroughProvider(ann, server);
  await expect(ann.getByRole('heading', { name: 'Account deactivated' })).toBeVisible();

  // Reactivated: she signs in again, with her role as it was.
  await asAdmin(page, server, 'PATCH', '/manage/admin/activate-user', { user_email: ANN });
  await signInThroughProvider(ann, server);
  await expect(ann.getByRole('banner').getByText(`${ANN} (global curator)`)).toBeVisible();

  // Signing out ends her session on the server: the cookie she had opens nothing.
  const before = (await annContext.cookies(server.origin)).find(
    (c) => c.name === 'sourcedesk_session',
  )!;
  await ann.getByRole('button', { name: 'Sign out' }).click();
  await expect(ann.getByRole('heading', { name: 'Sign in to Sourcedesk' })).toBeVisible();
  const dead = await ann.request.get(`${server.apiUrl}/me`, {
    headers: { cookie: `sourcedesk_session=${before.value}` },
  });
  expect(dead.status()).toBe(401);

  // Deleted: her key is unknown, and she is no longer let in.
  await asAdmin(page, server, 'PATCH', '/manage/admin/deactivate-user', { user_email: ANN });
  await asAdmin(page, server, 'DELETE', '/manage/admin/delete-user', { user_email: ANN });
  const gone = await ann.request.get(`${server.apiUrl}/me`, {
    headers: { Authorization: `Bearer ${annKey}` },
  });
  expect(gone.status()).toBe(401);
  await signInThroughProvider(ann, server);
  await expect(ann.getByRole('heading', { name: 'Not invited' })).toBeVisible();
  await expect(ann.getByText(`${ANN} is not invited to Sourcedesk`)).toBeVisible();
  expect((await new AxeBuilder({ page: ann }).analyze()).violations).toEqual([]);

  expect(outside).toEqual([]);
  await annContext.close();
});
