// Onboarding through the catalogue, from an empty install: Jira, Confluence,
// GitHub and Slack each found by the search box, set up in the wizard with a
// credential made on the way, tested against a real stand-in on 127.0.0.1
// (the test passes, Create becomes the main action), created and listed.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import * as standIns from '../test/support/standIns';
import { catalogueOrder } from '../src/sources/catalogue';
import { valueFields } from '../src/sources/form';
import { api } from '../test/support/http';
import { expect, test as base } from './fixtures';

const test = base.extend<{
  standIn: {
    github: standIns.StandIn;
    slack: standIns.StandIn;
    jira: standIns.StandIn;
    confluence: standIns.StandIn;
  };
}>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
  standIn: async ({}, use) => {
    const started = {
      jira: await standIns.startStandIn(
        standIns.jiraCloud('bot@acme.example', 'jira-token', ['ENG']),
      ),
      confluence: await standIns.startStandIn(
        standIns.confluenceCloud('bot@acme.example', 'wiki-token'),
      ),
      github: await standIns.startStandIn(standIns.github('ghp-token', ['acme/handbook'])),
      slack: await standIns.startStandIn(standIns.slack('xoxb-token', ['general', 'eng'])),
    };
    await use(started);
    await Promise.all(Object.values(started).map((s) => s.close()));
  },
  // The sources with a fixed API host (GitHub, Slack) are pointed at their stand-ins.
  serverOptions: async ({ standIn }, use) => {
    await use({
      connectionTest: { hosts: { github: standIn.github.origin, slack: standIn.slack.origin } },
    });
  },
});
test.use({ seedFleet: false });

const stepHeading = (page: Page, title: string) =>
  page.getByRole('heading', { level: 2, name: new RegExp(`: ${title}$`) });
const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

/** From the catalogue's search to the wizard's first step. */
async function openFromCatalogue(page: Page, search: string, label: string) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'New connector' })
    .click();
  await expect(page.getByLabel('Find a source')).toBeFocused();
  await page.keyboard.type(search);
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { level: 1, name: `New ${label} connector` }),
  ).toBeVisible();
  await expect(stepHeading(page, 'Connection')).toBeVisible();
}

/** The credential step: a new credential made in the dialog, with these values. */
async function makeCredential(page: Page, label: string, name: string, values: [string, string][]) {
  await expect(stepHeading(page, 'Credential')).toBeVisible();
  await page.getByRole('button', { name: `New ${label} credential` }).click();
  const dialog = page.getByRole('dialog', { name: `New ${label} credential` });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  for (const [field, value] of values) await dialog.getByLabel(field, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: 'Save credential' }).click();
  await expect(page.getByText(`Credential “${name}” was saved and chosen.`)).toBeVisible();
  await next(page);
}

/** The review: the test passes against the stand-in, then Create (now the main action). */
async function testAndCreate(page: Page, name: string) {
  await expect(stepHeading(page, 'Review')).toBeVisible();
  await page.getByRole('button', { name: 'Test connection' }).click();
  const outcome = page.getByRole('heading', { name: 'The connection works: every check passed.' });
  await expect(outcome).toBeFocused();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText(`Connector “${name}” was created.`)).toBeVisible();
}

test('Jira, Confluence, GitHub and Slack: found in the catalogue, tested, created', async ({
  page,
  server,
  signIn,
  standIn,
}) => {
  // Four sources onboarded through the 51-source catalogue, each with axe on its
  // review: a busy shared machine takes more than a minute and a half.
  test.setTimeout(240_000);
  await signIn('/connectors');
  await expect(page.getByRole('heading', { name: 'Connectors', level: 1 })).toBeVisible();

  await openFromCatalogue(page, 'jira', 'Jira');
  await page.getByLabel('Name', { exact: true }).fill('Catalogue Jira');
  await page.getByLabel('Jira base URL').fill(standIn.jira.origin);
  await page.getByRole('radio', { name: 'One project' }).check();
  await page.getByLabel('Project key').fill('eng');
  await next(page);
  await next(page);
  await makeCredential(page, 'Jira', 'Jira bot', [
    ['Account e-mail (Jira Cloud) (optional)', 'bot@acme.example'],
    ['API token or personal access token', 'jira-token'],
  ]);
  await testAndCreate(page, 'Catalogue Jira');

  await openFromCatalogue(page, 'wiki', 'Confluence');
  await page.getByLabel('Name', { exact: true }).fill('Catalogue wiki');
  await page.getByLabel('Wiki base URL').fill(`${standIn.confluence.origin}/wiki`);
  await page.getByRole('radio', { name: 'Everything' }).check();
  await next(page);
  await next(page);
  await makeCredential(page, 'Confluence', 'Wiki bot', [
    ['User name or e-mail (Confluence Cloud) (optional)', 'bot@acme.example'],
    ['Access token', 'wiki-token'],
  ]);
  await testAndCreate(page, 'Catalogue wiki');

  await openFromCatalogue(page, 'github', 'GitHub');
  await page.getByLabel('Name', { exact: true }).fill('Catalogue handbook');
  await page.getByLabel('Repository owner').fill('acme');
  await page.getByLabel('Repository names').fill('handbook');
  await next(page);
  await next(page);
  await makeCredential(page, 'GitHub', 'GitHub bot', [['Access token', 'ghp-token']]);
  await testAndCreate(page, 'Catalogue handbook');

  await openFromCatalogue(page, 'slack', 'Slack');
  await page.getByLabel('Name', { exact: true }).fill('Catalogue Slack');
  await page.getByLabel('Channel name').first().fill('eng');
  await page.getByRole('button', { name: 'Add channel' }).first().click();
  await next(page);
  await next(page);
  await makeCredential(page, 'Slack', 'Slack bot', [['Bot token', 'xoxb-token']]);
  await testAndCreate(page, 'Catalogue Slack');

  // Each stand-in was asked, and each connector holds its source's keys as the form sent them.
  for (const stand of Object.values(standIn)) expect(stand.seen.length).toBeGreaterThan(0);
  const listed = (await api(server, 'GET', '/manage/admin/connector')).json as {
    name: string;
    connector_specific_config: Record<string, unknown>;
    credential_ids: number[];
  }[];
  expect(listed.map((c) => c.name).sort()).toEqual(
    ['Catalogue Jira', 'Catalogue Slack', 'Catalogue handbook', 'Catalogue wiki'].sort(),
  );
  const jira = listed.find((c) => c.name === 'Catalogue Jira')!;
  expect(jira.connector_specific_config).toMatchObject({ project_key: 'ENG', jql_query: null });
  expect(listed.find((c) => c.name === 'Catalogue Slack')!.connector_specific_config).toMatchObject(
    {
      channels: ['eng'],
    },
  );
  for (const connector of listed) expect(connector.credential_ids).toHaveLength(1);
});

test('the whole catalogue and its widest wizard: marks shown, axe clean, no sideways scroll at 360 px', async ({
  page,
  signIn,
}) => {
  // The wizard with the most fields, advanced ones opened: the widest form there is.
  const [widest] = catalogueOrder()
    .map(([source, panel]) => [source, valueFields(panel.fields).length] as const)
    .sort((a, b) => b[1] - a[1])[0]!;
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn('/connectors/new');
  await expect(page.getByLabel('Find a source')).toBeFocused();
  await expect(page.getByRole('link', { name: /^Setup guide/ })).toHaveCount(51);
  // The marks load after the page: Jira's is drawn, Loopio keeps its initials.
  await expect(page.locator('svg[data-source-logo="jira"]')).toHaveCount(1);
  const noSideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await noSideways()).toBe(true);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.goto(new URL(`/connectors/new/${widest}`, page.url()).href);
  await expect(stepHeading(page, 'Connection')).toBeVisible();
  const advanced = page.locator('summary', { hasText: 'Advanced settings' });
  if ((await advanced.count()) > 0) await advanced.first().click();
  expect(await noSideways()).toBe(true);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
