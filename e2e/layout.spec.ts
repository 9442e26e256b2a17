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
