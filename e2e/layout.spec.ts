// Room for what is typed, and for what is listed: secret and
// e-mail boxes as wide as their form allows, and on a 360 px phone the first
// connectors within the first screen, not under the header, banner and filters.
import { expect, test } from './fixtures';

test.describe('1280 px wide', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a credential's boxes are wide enough for a token or an address", async ({
    page,
    signIn,
  }) => {
    await signIn('/credentials');
    await page.getByRole('button', { name: 'New credential' }).click();
    await page.getByLabel('Source', { exact: true }).selectOption('jira');
    // The name, the account e-mail and the token.
    const boxes = page
      .locator('form .field')
      .locator('input:not([type]), input[type="text"], input[type="password"]');
    await expect(page.getByLabel('API token or personal access token')).toBeVisible();
    const widths = await boxes.evaluateAll((inputs) =>
      inputs.map((input) => [input.getAttribute('name'), input.getBoundingClientRect().width]),
    );
    expect(widths.length, JSON.stringify(widths)).toBeGreaterThanOrEqual(3);
    for (const [name, width] of widths) expect(width, String(name)).toBeGreaterThanOrEqual(320);
  });
});

test.describe('1280 px wide, every page of the navigation', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the navigation is one line, and no column header of the list breaks inside a word', async ({
    page,
    signIn,
  }) => {
    await signIn('/connectors');
    await expect(page.getByRole('link', { name: 'Engineering Jira' })).toBeVisible();
    const navigation = page.getByRole('navigation', { name: 'Main' });
    await expect(navigation.getByRole('link', { name: 'Settings' })).toBeVisible();
    const tops = await navigation
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    expect(tops.length).toBeGreaterThanOrEqual(11);
    expect(new Set(tops).size, `rows of links at ${tops.join(', ')}`).toBe(1);

    // Each word of each header on one line: a word split over two lines has two boxes.
    const broken = await page.locator('.connector-table thead th').evaluateAll((cells) =>
      cells.flatMap((cell) => {
        const text = cell.querySelector('button')?.firstChild;
        if (!text || text.nodeType !== Node.TEXT_NODE) return [];
        const words = [...(text.textContent ?? '').matchAll(/\S+/g)];
        return words
          .filter((word) => {
            const range = document.createRange();
            range.setStart(text, word.index);
            range.setEnd(text, word.index + word[0].length);
            return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size > 1;
          })
          .map((word) => word[0]);
      }),
    );
    expect(broken).toEqual([]);
    const spilling = await page
      .locator('.connector-table thead th')
      .evaluateAll((cells) =>
        cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent),
      );
    expect(spilling).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1280,
    );
  });
});

test.describe('1280 px wide, the list sorted by a column a laptop leaves out', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('Updated waits for a wider screen, unless the rows are ordered by it', async ({
    page,
    signIn,
  }) => {
    await signIn('/connectors');
    await expect(page.getByRole('link', { name: 'Engineering Jira' })).toBeVisible();
    const updated = page.getByRole('columnheader', { name: /^Updated/ });
    await expect(updated).toBeHidden();

    await page.goto(new URL('/connectors?sort=-time_updated', page.url()).href);
    await expect(page.getByRole('link', { name: 'Engineering Jira' })).toBeVisible();
    await expect(updated).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /^Input type/ })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1280,
    );
  });
});

test.describe('360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the first connector is on the first screen', async ({ page, signIn }) => {
    await signIn('/connectors');
    const first = page.getByRole('link', { name: 'Engineering Jira' });
    await expect(first).toBeVisible();
    const top = await first.evaluate((link) => link.getBoundingClientRect().top);
    expect(top).toBeLessThan(740);
  });
});
