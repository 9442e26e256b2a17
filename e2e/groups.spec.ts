// D13 in a real browser: an admin makes a group and a curator of it on the
// Groups page, from the keyboard, and moves a connector's pairs to a group on
// its page; axe finds nothing; no sideways scroll at 360 px.
import AxeBuilder from '@axe-core/playwright';
import { api, createConnector, plainRequest } from '../test/support/http';
import { expect, test, type Page } from './fixtures';

const expectNoAxeViolations = async (page: Page) =>
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

test('an admin makes group Eng and makes a member its curator; the role follows', async ({
  page,
  server,
  signIn,
}) => {
  await server.keyFor('basic', 'pat.eng@example.com');
  await signIn('/groups');
  await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Groups — Sourcedesk');
  await expectNoAxeViolations(page);

  await page.getByLabel('Group name').fill('Eng');
  await page.getByLabel('Group name').press('Enter');
  await expect(page.getByText('Group Eng created.')).toBeFocused();
  const card = page.locator('section.group-card', {
    has: page.getByRole('heading', { name: 'Eng', level: 2 }),
  });
  await card.getByLabel('Add a member to Eng: find by e-mail').fill('pat.eng');
  await card.getByRole('button', { name: 'Add pat.eng@example.com' }).click();
  await expect(page.getByText('pat.eng@example.com joined Eng.')).toBeFocused();

  const curator = card.getByRole('checkbox', { name: 'Curator of Eng: pat.eng@example.com' });
  await curator.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('pat.eng@example.com is now a curator of Eng.')).toBeFocused();
  await expect(curator).toBeChecked();
  await expect(card.getByRole('row', { name: /pat\.eng@example\.com/ })).toContainText('curator');
  await expectNoAxeViolations(page);
});

test('an admin gives a connector’s pairs another group on its page, from the keyboard', async ({
  page,
  server,
  signIn,
}) => {
  const group = async (name: string) =>
    (
      (
        await api(server, 'POST', '/manage/admin/user-group', {
          body: { name, user_ids: [], cc_pair_ids: [] },
        })
      ).json as { id: number }
    ).id;
  const eng = await group('Eng');
  const ops = await group('Ops');
  const site = await createConnector(server, plainRequest('web', { name: 'Runbooks' }));
  const attached = await api(server, 'PUT', `/manage/admin/connector/${site}/credential/0`, {
    body: { access_type: 'private', groups: [eng] },
  });
  expect(attached.status, attached.text).toBe(200);

  await signIn(`/connectors/${site}`);
  await expect(page.getByText('Access: Private to group Eng.')).toBeVisible();
  await page.getByRole('button', { name: 'Change groups' }).press('Enter');
  // The editor's boxes (the Attach form has an access choice of its own).
  const editor = page.getByRole('form', { name: 'Groups' });
  const engBox = editor.getByRole('checkbox', { name: 'Eng' });
  await expect(engBox).toBeFocused();
  await page.keyboard.press('Space'); // Eng off
  await page.keyboard.press('Tab');
  await expect(editor.getByRole('checkbox', { name: 'Ops' })).toBeFocused();
  await page.keyboard.press('Space'); // Ops on
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save groups' }).press('Enter');
  await expect(page.getByText('“Runbooks” is private to group Ops.')).toBeFocused();
  await expect(page.getByText('Access: Private to group Ops.')).toBeVisible();
  await expectNoAxeViolations(page);
  const detail = await api(server, 'GET', `/manage/admin/connector/${site}`);
  expect((detail.json as { cc_pairs: { groups: number[] }[] }).cc_pairs[0]!.groups).toEqual([ops]);
});

test.describe('360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test('the Groups page does not scroll sideways', async ({ page, server, signIn }) => {
    const email = `${'a-very-long-address-'.repeat(3)}@example.com`;
    await server.keyFor('basic', email);
    await signIn('/groups');
    await page.getByLabel('Group name').fill('A group with a rather long name indeed');
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.getByLabel(/Add a member to/).fill('a-very-long');
    await page.getByRole('button', { name: `Add ${email}` }).click();
    await expect(page.getByText(`${email} joined`)).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('a connector page with its access choice and Change groups open does not scroll sideways', async ({
    page,
    server,
    signIn,
  }) => {
    const made = await api(server, 'POST', '/manage/admin/user-group', {
      body: { name: 'A group with a rather long name indeed', user_ids: [], cc_pair_ids: [] },
    });
    const group = (made.json as { id: number }).id;
    const site = await createConnector(server, plainRequest('web', { name: 'Runbooks' }));
    await api(server, 'PUT', `/manage/admin/connector/${site}/credential/0`, {
      body: { access_type: 'private', groups: [group] },
    });
    await signIn(`/connectors/${site}`);
    await page.getByRole('button', { name: 'Change groups' }).click();
    await page.getByRole('radio', { name: /Private to groups/ }).check();
    await expect(page.getByRole('button', { name: 'Save groups' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}
