// D13 in a real browser: an admin makes a group and a curator of it on the
// Groups page, from the keyboard; axe finds nothing; no sideways scroll at 360 px.
import AxeBuilder from '@axe-core/playwright';
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
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  });
});
