// The whole life of a data source from an empty install, in the panel alone:
// a credential made on the credentials page, a Jira connector made with the
// wizard (with a second credential made inline), then opened, edited, paused,
// detached and deleted; the users directory; axe on every page on the way.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';

test.use({ seedFleet: false });

const noAxeViolations = async (page: Page) =>
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
const stepHeading = (page: Page, title: string) =>
  page.getByRole('heading', { level: 2, name: new RegExp(`: ${title}$`) });

test('onboard a Jira source from an empty install, then retire it', async ({
  page,
  server,
  signIn,
}) => {
  const secret = 'ATATT-e2e-secret-token-never-shown-again-7731';
  await signIn('/credentials');
  await expect(page.getByRole('heading', { name: 'Credentials', level: 1 })).toBeVisible();
  await noAxeViolations(page);

  // A credential, made on its page; the secret goes in a password box and is never shown back.
  await page.getByRole('button', { name: 'New credential' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Jira Cloud bot');
  await page.getByLabel('Source', { exact: true }).selectOption('jira');
  await page.getByLabel('Account e-mail (Jira Cloud) (optional)').fill('bot@acme.example');
  const token = page.getByLabel('API token or personal access token');
  await expect(token).toHaveAttribute('type', 'password');
  await token.fill(secret);
  await noAxeViolations(page);
  await page.getByRole('button', { name: 'Save credential' }).click();
  await expect(page.getByText('Credential “Jira Cloud bot” was saved.')).toBeVisible();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Jira Cloud bot' }) });
  await expect(card).toContainText('API token or personal access token: ATAT...7731');
  await expect(page.locator('body')).not.toContainText(secret);

  // The wizard: a connector, with a second credential made inline and chosen.
  // Through the catalogue: the search box has the focus, Enter opens the first match.
  await page.getByRole('link', { name: 'New connector' }).click();
  await expect(page.getByLabel('Find a source')).toBeFocused();
  await page.keyboard.type('jira');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'New Jira connector', level: 1 })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('QA Jira');
  await page.getByLabel('Jira base URL').fill('https://qa.atlassian.net');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page, 'Schedule')).toBeFocused();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page, 'Credential')).toBeFocused();
  await page.getByRole('button', { name: 'New Jira credential' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Jira credential' });
  await dialog.getByLabel('Name', { exact: true }).fill('Jira DC token');
  await dialog
    .getByLabel('API token or personal access token')
    .fill('a-personal-access-token-4242');
  await noAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save credential' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Jira credential' })).toHaveValue(
    'Jira DC token',
  );
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page, 'Review')).toBeFocused();
  await page.getByRole('button', { name: 'Create without testing' }).click();

  // The new connector is listed; its row opens it.
  await expect(page.getByRole('row', { name: /^QA Jira/ })).toBeVisible();
  await page.getByRole('link', { name: 'QA Jira' }).click();
  await expect(page.getByRole('heading', { name: 'QA Jira', level: 1 })).toBeVisible();
  // Its settings say the schedule (the recent changes below may say it too).
  await expect(page.locator('dl.detail-settings').getByText('every hour')).toBeVisible();
  await noAxeViolations(page);

  // Edit: a rename and a longer refresh.
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Name', { exact: true }).fill('QA Jira (nightly)');
  await page.getByLabel('Refresh every').fill('12');
  await noAxeViolations(page);
  await page.getByRole('button', { name: 'Save without testing' }).click();
  await expect(page.getByRole('heading', { name: 'QA Jira (nightly)', level: 1 })).toBeVisible();
  await expect(page.locator('dl.detail-settings').getByText('every 12 hours')).toBeVisible();

  // Pause, and the page says so; detach its credential (it is then unfinished, D10).
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('“QA Jira (nightly)” is paused.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  await page.getByRole('button', { name: 'Detach Jira DC token' }).click();
  await page.getByRole('button', { name: 'Detach credential' }).click();
  await expect(
    page.getByText(/“QA Jira \(nightly\)” is not indexed until one is attached/),
  ).toBeVisible();

  // Delete, after a confirmation that names it.
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete “QA Jira (nightly)”?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Delete connector' }).click();
  await expect(page.getByRole('heading', { name: 'Connectors', level: 1 })).toBeVisible();
  await expect(page.getByText('Connector “QA Jira (nightly)” was deleted.')).toBeVisible();
  await expect(page.getByText(/No connectors yet/)).toBeVisible();

  // The credentials page still has both credentials, used by nobody now.
  await page.getByRole('link', { name: 'Credentials' }).click();
  await expect(page.getByText('Used by no connector.')).toHaveCount(3); // the two made, and credential 0
  const listed = await page.request.get(`${server.apiUrl}/manage/admin/connector`, {
    headers: { Authorization: `Bearer ${server.adminKey}` },
  });
  expect(await listed.json()).toEqual([]);
});

test('the users directory: search, pick a user, change the role; admins stand out', async ({
  page,
  server,
  signIn,
}) => {
  for (const email of ['ada@acme.example', 'bob@acme.example', 'cy@other.example'])
    await server.keyFor('basic', email);
  await signIn('/users');
  await expect(page.getByRole('button', { name: /^admin@sourcedesk\.test admin/ })).toBeVisible();
  await page.getByLabel('Search by e-mail').fill('ACME');
  await expect(page.getByText('2 users match “ACME”')).toBeVisible();
  await expect(page).toHaveURL(/\?q=ACME$/);
  await noAxeViolations(page);
  await page.getByRole('button', { name: /^bob@acme\.example basic/ }).click();
  await expect(page.getByLabel("User's e-mail")).toHaveValue('bob@acme.example');
  await page.getByRole('radio', { name: 'global curator' }).check();
  await page.getByRole('button', { name: 'Set role' }).click();
  await expect(
    page.getByText('Saved: bob@acme.example is now global curator (was basic).'),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: /^bob@acme\.example global curator/ }),
  ).toBeVisible();
});
