// On a phone (360 and 390 px wide) no page scrolls sideways, the navigation
// folds behind Menu, connectors read as cards, and axe finds nothing.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';

const PAGES: [string, string][] = [
  ['/connectors', 'Connectors'],
  ['/connectors/new/jira', 'New Jira connector'],
  ['/users', 'Users and roles'],
  ['/credentials', 'Credentials'],
  ['/api-reference', 'API reference'],
];

async function noSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

for (const width of [360, 390]) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('no page scrolls sideways, and axe finds nothing', async ({ page, signIn, fleet }) => {
      await signIn('/connectors');
      for (const [path, title] of PAGES) {
        await page.goto(new URL(path, page.url()).toString());
        await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
        await noSidewaysScroll(page);
        expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
      }
      await page.goto(
        new URL(`/connectors/${fleet!.connectors['Engineering Jira']}`, page.url()).toString(),
      );
      await expect(page.getByRole('heading', { name: 'Engineering Jira', level: 1 })).toBeVisible();
      await noSidewaysScroll(page);
    });
  });
}

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
    await nav.getByRole('link', { name: 'Users & roles' }).click();
    await expect(page.getByRole('heading', { name: 'Users and roles', level: 1 })).toBeVisible();
    await expect(nav).toBeHidden();
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
    for (const text of ['Jira', 'every hour', 'daily', 'Jira Cloud — engineering bot']) {
      await expect(card.getByRole('cell', { name: new RegExp(text) }).first()).toBeVisible();
    }
    // The rest waits for a wider screen.
    await expect(card.getByRole('cell', { name: 'poll' })).toBeHidden();
    const cardBox = await card.boundingBox();
    expect(cardBox!.x + cardBox!.width).toBeLessThanOrEqual(390);
  });
});
