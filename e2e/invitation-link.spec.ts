// A way in without single sign-on (docs/security.md, "Sign-in
// links of invitations"): the admin invites, is told beforehand that a link is
// the way in, copies the person's one-time link; the person opens it in their
// own browser and lands signed in as themselves. The link works once.
import AxeBuilder from '@axe-core/playwright';
import { INVITATION_LINK_REFUSALS } from '../src/contract/invitationLinks';
import { expect, test } from './fixtures';

test.use({ seedFleet: false });

test('the admin invites without single sign-on, copies the link, and the person opens it signed in', async ({
  page,
  server,
  signIn,
  browser,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn('/users');
  await expect(
    page.getByText(
      /This server has no single sign-on: for each person you invite you get a one-time sign-in link/,
    ),
  ).toBeVisible();

  await page.getByLabel('E-mail addresses to invite').fill('nia@example.com');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(
    page.getByText(/^Invited nia@example\.com\. Send them their sign-in link below\./),
  ).toBeFocused();
  const links = page.getByRole('region', { name: 'Sign-in links' });
  await links.getByRole('button', { name: 'Copy the sign-in link for nia@example.com' }).click();
  await expect(links.getByText('Copied')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(
    await links.getByRole('textbox', { name: 'Sign-in link for nia@example.com' }).inputValue(),
  );
  expect(link).toMatch(new RegExp(`^${server.origin}/#invitation=`));
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Nia, in a browser of her own.
  const hers = await browser.newContext();
  const nia = await hers.newPage();
  await nia.goto(link);
  const nav = nia.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Start', 'API reference']);
  await expect(nia.getByRole('heading', { name: 'Welcome to Sourcedesk', level: 1 })).toBeVisible();
  expect(new URL(nia.url()).hash).toBe('');
  const me = await nia.request.get(`${server.apiUrl}/me`);
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: 'nia@example.com', role: 'basic' });
  await hers.close();

  // Opened again elsewhere: it says it was used, and nobody is signed in.
  const other = await browser.newContext();
  const again = await other.newPage();
  await again.goto(link);
  await expect(
    again.getByRole('heading', { name: 'Sign in to Sourcedesk', level: 1 }),
  ).toBeVisible();
  await expect(again.getByRole('alert')).toHaveText(INVITATION_LINK_REFUSALS.used);
  expect((await again.request.get(`${server.apiUrl}/me`)).status()).toBe(401);
  await other.close();
});
