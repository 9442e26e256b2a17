// On a phone (360 and 390 px wide) no page scrolls sideways, the navigation
// folds behind Menu, connectors read as cards, and axe finds nothing.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';

const PAGES: [string, string][] = [
  ['/connectors', 'Connectors'],
  ['/connectors/new', 'New connector'],
  ['/connectors/new/jira', 'New Jira connector'],
  ['/users', 'Users and roles'],
  ['/credentials', 'Credentials'],
  ['/api-reference', 'API reference'],
];

const noAxeViolations = async (page: Page) =>
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
const stepHeading = (page: Page, title: string) =>
  page.getByRole('heading', { level: 2, name: new RegExp(`: ${title}$`) });

async function noSidewaysScroll(page: Page) {
  const { scroll, width, widest } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
    // What sticks out past the window, so a failure names it.
    widest: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`,
      )
      .slice(0, 8),
  }));
  expect(scroll, widest.join('; ')).toBeLessThanOrEqual(width);
}

for (const width of [360, 390]) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('no page scrolls sideways, and axe finds nothing', async ({ page, signIn, fleet }) => {
      test.setTimeout(180_000); // seven pages, each read whole by axe (about a minute on a busy 2-core machine)
      await signIn('/connectors');
      for (const [path, title] of PAGES) {
        await page.goto(new URL(path, page.url()).toString());
        await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
        // The tab says which page it is (src/app/pageTitle.ts).
        await expect(page).toHaveTitle(`${title} — Sourcedesk`);
        await noSidewaysScroll(page);
        await noAxeViolations(page);
      }
      await page.goto(
        new URL(`/connectors/${fleet!.connectors['Engineering Jira']}`, page.url()).toString(),
      );
      await expect(page.getByRole('heading', { name: 'Engineering Jira', level: 1 })).toBeVisible();
      await noSidewaysScroll(page);
      await noAxeViolations(page);
    });

    test("a card's source reads on one line, not broken mid-word", async ({ page, signIn }) => {
      await signIn('/connectors');
      const card = page.getByRole('row', { name: /^Uploaded policies/ });
      const source = card.getByRole('cell', { name: /^File/ });
      await expect(source).toBeVisible();
      // "File uploa|d" (its label before the catalogue had it) broke at 360 px: the source shared a line with both schedules.
      const height = (await source.boundingBox())!.height;
      const name = (await card.getByRole('link', { name: 'Uploaded policies' }).boundingBox())!;
      expect(height).toBeLessThan(name.height * 1.6);
    });

    test('every step of the wizard fits, its review included', async ({ page, signIn }) => {
      await signIn('/connectors/new/jira');
      await page.getByLabel('Name', { exact: true }).fill('Phone Jira');
      await page.getByLabel('Jira base URL').fill('https://phone.atlassian.net');
      await page
        .getByLabel('E-mail address to leave out')
        .fill('noreply-automation@phone.atlassian.net');
      await page.getByRole('button', { name: 'Add address' }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(stepHeading(page, 'Schedule')).toBeFocused();
      await noSidewaysScroll(page);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(stepHeading(page, 'Credential')).toBeFocused();
      await noSidewaysScroll(page);
      await page.getByRole('combobox', { name: 'Jira credential' }).click();
      await page.getByRole('option', { name: /Jira Cloud — engineering bot/ }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      // The review's "Comment e-mail blacklist" beside its value made the page 476 px wide at 360.
      await expect(stepHeading(page, 'Review')).toBeFocused();
      await noSidewaysScroll(page);
      await noAxeViolations(page);
    });

    // SharePoint's first step scrolled 3 px sideways at 360.
    test("SharePoint's wizard fits", async ({ page, signIn }) => {
      await signIn('/connectors/new/sharepoint');
      await expect(
        page.getByRole('heading', { name: 'New SharePoint connector', level: 1 }),
      ).toBeVisible();
      await noSidewaysScroll(page);
      await page.getByLabel('Name', { exact: true }).fill('Phone SharePoint');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(stepHeading(page, 'Schedule')).toBeFocused();
      await noSidewaysScroll(page);
    });
  });
}

test.describe('360 px wide, names of 200 letters without a space', () => {
  test.use({ viewport: { width: 360, height: 740 }, seedFleet: false });

  test('they wrap on every page instead of widening it', async ({ page, server, signIn }) => {
    const headers = { Authorization: `Bearer ${server.adminKey}` };
    const longName = `Averylongconnectornamewithoutaspace${'x'.repeat(160)}`;
    const credentialName = 'Credentialnamewithoutaspace'.repeat(7);
    const credential = await page.request.post(`${server.apiUrl}/manage/credential`, {
      headers,
      data: {
        name: credentialName,
        source: 'jira',
        admin_public: true,
        credential_json: { jira_api_token: 'T'.repeat(200) },
      },
    });
    const connector = await page.request.post(`${server.apiUrl}/manage/admin/connector`, {
      headers,
      data: {
        name: longName,
        source: 'jira',
        input_type: 'poll',
        access_type: 'PUBLIC',
        refresh_freq: 3600,
        prune_freq: 86400,
        indexing_start: null,
        connector_specific_config: {
          jira_base_url: `https://${'a'.repeat(60)}.atlassian.net/${'path'.repeat(20)}`,
          project_key: 'K'.repeat(200),
        },
      },
    });
    const { id: credentialId } = (await credential.json()) as { id: number };
    const { id: connectorId } = (await connector.json()) as { id: number };
    const attached = await page.request.put(
      `${server.apiUrl}/manage/admin/connector/${connectorId}/credential/${credentialId}`,
      { headers, data: { name: 'pair', access_type: 'public' } },
    );
    expect(attached.ok()).toBe(true);

    await signIn('/connectors');
    await expect(page.getByRole('link', { name: longName })).toBeVisible();
    await noSidewaysScroll(page);
    // The connector's page: its heading and the Detach button named after the credential
    // were each one line of 1,500 px or more.
    await page.getByRole('link', { name: longName }).click();
    await expect(page.getByRole('heading', { name: longName, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: `Detach ${credentialName}` })).toBeVisible();
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: 'Edit' }).click();
    await noSidewaysScroll(page);
    await page.goto(new URL('/credentials', page.url()).toString());
    await expect(page.getByRole('heading', { name: credentialName })).toBeVisible();
    await noSidewaysScroll(page);

    // A long address wraps in the users directory; its role badge stays one line high
    // (it stretched into an oval as tall as the address).
    await server.keyFor(
      'curator',
      'someone.with.a.long.address@a-rather-long-company-domain.example',
    );
    await page.goto(new URL('/users', page.url()).toString());
    const row = page.getByRole('button', { name: /^someone\.with\.a\.long\.address/ });
    await expect(row).toBeVisible();
    const rowBox = (await row.boundingBox())!;
    const badgeBox = (await row.getByText('curator', { exact: true }).boundingBox())!;
    expect(rowBox.height).toBeGreaterThan(2 * badgeBox.height);
    expect(badgeBox.height).toBeLessThan(30);
    await noSidewaysScroll(page);
  });
});

test.describe('390 × 844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the navigation folds behind Menu; Sign out stays on screen', async ({ page, signIn }) => {
    await signIn('/connectors');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport();
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('link', { name: 'Users & roles' }).press('Enter');
    await expect(page.getByRole('heading', { name: 'Users and roles', level: 1 })).toBeVisible();
    await expect(nav).toBeHidden();
    // The link went away with the menu: the keyboard is on the page.
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('each connector reads as a card: name, source, credential and schedule, in words', async ({
    page,
    signIn,
  }) => {
    await signIn('/connectors');
    const name = page.getByRole('link', { name: 'Engineering Jira' });
    await expect(name).toBeVisible();
    const box = await name.boundingBox();
    // One line for the name, not one letter per line.
    expect(box!.width).toBeGreaterThan(100);
    const card = page.getByRole('row', { name: /^Engineering Jira/ });
    // The card holds what matters, each value readable on its own line or pair.
    for (const text of ['Jira', 'every hour', 'every day', 'Jira Cloud — engineering bot']) {
      await expect(card.getByRole('cell', { name: new RegExp(text) }).first()).toBeVisible();
    }
    // The rest waits for a wider screen.
    await expect(card.getByRole('cell', { name: 'Polled for changes' })).toBeHidden();
    const cardBox = await card.boundingBox();
    expect(cardBox!.x + cardBox!.width).toBeLessThanOrEqual(390);
  });
});

test.describe('360 px wide, the API reference', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test("a field's words run across the screen, and the contents jump to an endpoint", async ({
    page,
    signIn,
  }) => {
    await signIn('/api-reference');
    const contents = page.getByRole('navigation', { name: 'Endpoints' });
    await contents.getByRole('link', { name: 'PATCH /manage/set-user-role' }).click();
    await expect(page).toHaveURL(/#patch-manage-set-user-role$/);
    const section = page.getByRole('region', { name: 'PATCH /manage/set-user-role' });
    await expect(section.getByRole('heading', { level: 2 })).toBeInViewport();
    // A field is a block on a phone: its description is not squeezed into a quarter of the width.
    const description = section
      .getByRole('table', { name: /^Body of/ })
      .getByText('The e-mail address of the user to change.');
    expect((await description.boundingBox())!.width).toBeGreaterThan(250);
    await noSidewaysScroll(page);
  });
});

test.describe('360 px wide, API keys', () => {
  test.use({ viewport: { width: 360, height: 740 }, seedFleet: false });

  test('each key reads as a card: the list, the secret shown once and an edited key fit', async ({
    page,
    signIn,
  }) => {
    // The six-column table made the page 651 px wide, 804 while a key was edited.
    await signIn('/api-keys');
    await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
    const form = page.getByRole('form', { name: 'New key' });
    await form.getByLabel('Name').fill('Phone bot');
    await form.getByRole('button', { name: 'Make key' }).click();
    await expect(page.getByRole('region', { name: 'The new key' })).toBeVisible();
    const card = page.getByRole('row', { name: /^Phone bot/ });
    await expect(card).toBeVisible();
    await noSidewaysScroll(page);
    const box = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    // Each value says what it is, the column header being out of sight.
    await expect(card.getByRole('cell', { name: 'Owner: admin@sourcedesk.test' })).toBeVisible();
    await noAxeViolations(page);

    await card.getByRole('button', { name: 'Edit Phone bot' }).click();
    await expect(
      page.getByRole('form', { name: 'Edit Phone bot' }).getByLabel('Name'),
    ).toBeFocused();
    await noSidewaysScroll(page);
    await noAxeViolations(page);
  });
});
