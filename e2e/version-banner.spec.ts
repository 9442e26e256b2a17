import AxeBuilder from '@axe-core/playwright';
import type { VersionSet } from '../src/contract/contract';
import { expect, test, type Page } from './fixtures';

const tags = (app: string) => ({ app, relational_db: 'sqlite:3.53', index: 'none', proxy: 'none' });
const NEWER: VersionSet = {
  stable: tags('v9.0.0'),
  dev: tags('v9.1.0-beta.1'),
  migration: tags('v9.0.0'),
};

const banner = (page: Page) => page.getByRole('status', { name: 'Sourcedesk version' });
const versionsAnswered = (page: Page) =>
  Promise.all(
    ['/api/versions', '/api/version'].map((path) =>
      page.waitForResponse((response) => new URL(response.url()).pathname === path),
    ),
  );

/**
 * Both checks have answered; a visit to another page lets the banner render what
 * they said before its absence is trusted.
 */
async function settle(page: Page, answered: ReturnType<typeof versionsAnswered>) {
  await Promise.all((await answered).map((response) => response.finished()));
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Users & roles' })
    .click();
  await expect(page.getByRole('heading', { name: 'Users and roles', level: 1 })).toBeVisible();
}

test.describe('when a newer version is out', () => {
  test.use({ serverOptions: { versions: NEWER } });

  test('says so without a key sent, and a dismissal lasts across a reload', async ({
    page,
    signIn,
  }) => {
    const versionsRequest = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/versions',
    );
    await signIn('/connectors');
    await expect(banner(page)).toContainText('Sourcedesk v9.0.0 is available — you run v0.1.0.');
    expect((await versionsRequest).headers()['authorization']).toBeUndefined();
    // News, not work: its colour is not that of the unfinished-connector notice.
    const colourOf = (selector: string) =>
      page.locator(selector).evaluate((element) => getComputedStyle(element).backgroundColor);
    await expect(page.getByText(/connector is not finished/)).toBeVisible();
    expect(await colourOf('.version-banner')).not.toBe(await colourOf('.unfinished'));
    await expect(
      banner(page).getByRole('link', { name: /What is new in v9\.0\.0/ }),
    ).toHaveAttribute('href', /\/releases\/tag\/v9\.0\.0$/);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await banner(page).getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner(page)).toBeEmpty();
    await expect(page.locator('main')).toBeFocused();

    const answered = versionsAnswered(page);
    await page.reload();
    await settle(page, answered);
    await expect(banner(page)).toBeEmpty();
  });
});

test('says nothing when the running version is the latest', async ({ page, signIn }) => {
  const answered = versionsAnswered(page);
  await signIn('/connectors');
  await settle(page, answered);
  await expect(banner(page)).toBeEmpty();
});
