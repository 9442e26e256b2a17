import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import type { TestServer } from '../test/support/harness';
import { expect, tabTo, test, type Page } from './fixtures';

const WIZARD = '/connectors/new/jira';
const ATTACH = /\/api\/manage\/admin\/connector\/\d+\/credential\/\d+$/;

async function expectNoAxeViolations(page: Page) {
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
}

const stepHeading = (page: Page, title: string) =>
  page.getByRole('heading', { level: 2, name: new RegExp(`: ${title}$`) });

/** The connectors of that name, as the API lists them. */
async function connectorsNamed(request: APIRequestContext, server: TestServer, name: string) {
  const response = await request.get(`${server.apiUrl}/manage/admin/connector`, {
    headers: { Authorization: `Bearer ${server.adminKey}` },
  });
  expect(response.ok()).toBe(true);
  const all = (await response.json()) as { name: string; id: number; credential_ids: number[] }[];
  return all.filter((connector) => connector.name === name);
}

async function chooseCredential(page: Page, namePart: string) {
  const picker = page.getByRole('combobox', { name: 'Jira credential' });
  await expect(picker).toBeEnabled();
  await picker.fill(namePart);
  await page.getByRole('option', { name: new RegExp(namePart) }).click();
}

/** From an empty form to the review, with the mouse. */
async function fillToReview(page: Page, name: string, { axe = false } = {}) {
  await expect(stepHeading(page, 'Connection')).toBeVisible();
  if (axe) await expectNoAxeViolations(page);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Jira base URL').fill('https://qa.atlassian.net');
  await page.getByRole('radio', { name: 'One project' }).check();
  await page.getByLabel('Project key').pressSequentially('qa');
  await expect(page.getByLabel('Project key')).toHaveValue('QA');
  await page.getByLabel('E-mail address to leave out').fill('noreply@acme.example');
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByRole('button', { name: 'Remove noreply@acme.example' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(stepHeading(page, 'Schedule')).toBeFocused();
  if (axe) await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(stepHeading(page, 'Credential')).toBeFocused();
  if (axe) await expectNoAxeViolations(page);
  await chooseCredential(page, 'Jira Cloud');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page, 'Review')).toBeFocused();
  if (axe) await expectNoAxeViolations(page);
}

test('the whole wizard, from an empty form to the new row in the list, with axe on every step', async ({
  page,
  request,
  server,
  signIn,
}) => {
  await signIn(WIZARD);
  await fillToReview(page, 'Wizard Jira', { axe: true });
  await expect(page).toHaveURL(/\?step=review$/);
  await expect(page.getByText('Every hour (3600 seconds)')).toBeVisible();

  await page.getByRole('button', { name: 'Create without testing' }).click();
  await expect(page).toHaveURL(/\/connectors$/);
  await expect(page.getByText('Connector “Wizard Jira” was created.')).toBeVisible();
  await expect(page.getByRole('row', { name: /^Wizard Jira/ })).toBeVisible();
  expect(await connectorsNamed(request, server, 'Wizard Jira')).toMatchObject([
    {
      credential_ids: [1],
      refresh_freq: 3600,
      prune_freq: 86400,
      connector_specific_config: {
        jira_base_url: 'https://qa.atlassian.net',
        project_key: 'QA',
        comment_email_blacklist: ['noreply@acme.example'],
      },
    },
  ]);
});

test('problems are named next to their fields, and axe finds nothing wrong with them', async ({
  page,
  signIn,
}) => {
  await signIn(WIZARD);
  await page.getByLabel('Jira base URL').fill('javascript:alert(1)');
  await page.getByLabel('E-mail address to leave out').fill('nobody');
  await page.getByRole('button', { name: 'Add address' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  const summary = page.getByRole('group', { name: /There are \d problems/ });
  await expect(summary).toBeFocused();
  await expect(page.getByLabel('Jira base URL')).toHaveAccessibleDescription(
    /starts with https:\/\/ \(or http:\/\/\)/,
  );
  await expectNoAxeViolations(page);
});

test('a failed attach, a reload, then a retry: exactly one connector, with its credential', async ({
  page,
  request,
  server,
  signIn,
}) => {
  await signIn(WIZARD);
  await fillToReview(page, 'Retried Jira');
  const failOnce = (route: Parameters<Parameters<Page['route']>[1]>[0]) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ detail: 'Internal Server Error' }),
        })
      : route.continue();
  await page.route(ATTACH, failOnce, { times: 1 });
  await page.getByRole('button', { name: 'Create without testing' }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The credential could not be attached');
  await expect(alert).toContainText('The server answered 500: Internal Server Error');
  await page.unroute(ATTACH, failOnce);
  expect(await connectorsNamed(request, server, 'Retried Jira')).toMatchObject([
    { credential_ids: [] },
  ]);
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.getByRole('alert')).toContainText('The server answered 500');
  await expect(page.getByText('Retried Jira', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Retry attaching the credential' }).click();

  await expect(page).toHaveURL(/\/connectors$/);
  await expect(page.getByRole('row', { name: /^Retried Jira/ })).toBeVisible();
  expect(await connectorsNamed(request, server, 'Retried Jira')).toMatchObject([
    { credential_ids: [1] },
  ]);
});

test('the wizard done with the keyboard alone', async ({ page, request, server, signIn }) => {
  await signIn(WIZARD);
  await expect(stepHeading(page, 'Connection')).toBeVisible();
  await tabTo(page, page.getByLabel('Name', { exact: true }));
  await page.keyboard.type('Keyboard Jira');
  await page.keyboard.press('Tab');
  await page.keyboard.type('https://keys.atlassian.net');
  await page.keyboard.press('Tab'); // the ways of indexing: an arrow chooses one project
  await expect(page.getByRole('radio', { name: 'Everything' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'One project' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Project key')).toBeFocused();
  await page.keyboard.type('kb');
  await tabTo(page, page.getByLabel('E-mail address to leave out'));
  await page.keyboard.type('bot@acme.example');
  await page.keyboard.press('Enter'); // adds the address
  await page.keyboard.type('old@acme.example');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space'); // "Add address"
  await tabTo(page, page.getByRole('button', { name: 'Remove bot@acme.example' }));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('E-mail address to leave out')).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');

  await expect(stepHeading(page, 'Schedule')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Refresh every')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('30');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowUp'); // hours → minutes
  await expect(page.getByLabel('Refresh unit')).toHaveValue('minutes');
  await tabTo(page, page.getByLabel('Prune unit'));
  await page.keyboard.press('ArrowUp'); // days → hours
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Space');

  await expect(stepHeading(page, 'Credential')).toBeFocused();
  const picker = page.getByRole('combobox', { name: 'Jira credential' });
  await expect(picker).toBeEnabled(); // a disabled control is skipped while credentials load
  await page.keyboard.press('Tab');
  await expect(picker).toBeFocused();
  await page.keyboard.type('data center');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveValue('Jira Data Center — support');
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');

  await expect(stepHeading(page, 'Review')).toBeFocused();
  await expect(page.getByText('Every 30 minutes (1800 seconds)')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Create without testing' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/connectors$/);
  await expect(page.getByRole('row', { name: /^Keyboard Jira/ })).toBeVisible();
  expect(await connectorsNamed(request, server, 'Keyboard Jira')).toMatchObject([
    {
      credential_ids: [2],
      refresh_freq: 1800,
      prune_freq: 3600,
      connector_specific_config: {
        project_key: 'KB',
        comment_email_blacklist: ['old@acme.example'],
      },
    },
  ]);
});

test('a click on Next right after a bad entry is not lost: the problems are listed (steps 1 and 2)', async ({
  page,
  signIn,
}) => {
  await signIn(WIZARD);
  await page.getByLabel('Name', { exact: true }).fill('Clicked Jira');
  await page.getByLabel('Jira base URL').fill('not a url');
  // The mouse, not the keyboard: the field loses focus on mouse-down.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('group', { name: 'There is a problem' })).toBeVisible();

  await page.getByLabel('Jira base URL').fill('https://qa.atlassian.net');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page, 'Schedule')).toBeFocused();
  await page.getByLabel('Refresh every').fill('0');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('group', { name: 'There is a problem' })).toBeVisible();
});

test('a half-filled wizard: the browser asks before the page goes, and a reload keeps what was typed', async ({
  page,
  signIn,
}) => {
  await signIn('/connectors/new/jira');
  await page.getByLabel('Name').fill('Draft through a reload');
  await page.getByLabel('Jira base URL').fill('https://draft.atlassian.net');
  const asked = page.waitForEvent('dialog');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  expect((await asked).type()).toBe('beforeunload');
  await expect(page.getByLabel('Name')).toHaveValue('Draft through a reload');
  await expect(page.getByLabel('Jira base URL')).toHaveValue('https://draft.atlassian.net');
});
