// Delegation by group (D13) in a real browser: an admin makes groups
// Sales and Eng on the Groups page and makes a basic user Eng's curator; that
// user signs in, sees Eng's and public connectors but not Sales's, creates a
// GitHub connector private to Eng through the wizard (tested against a stand-in
// on 127.0.0.1), and is basic again once the admin removes the curatorship.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import * as standIns from '../test/support/standIns';
import { addCredential, api, createConnector, plainRequest } from '../test/support/http';
import { expect, test as base } from './fixtures';

const test = base.extend<{ github: standIns.StandIn }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
  github: async ({}, use) => {
    const started = await standIns.startStandIn(standIns.github('ghp-eng', ['acme/handbook']));
    await use(started);
    await started.close();
  },
  serverOptions: async ({ github }, use) => {
    await use({ connectionTest: { hosts: { github: github.origin } } });
  },
});
test.use({ seedFleet: false });

const PAT = 'pat.eng@example.com';

/** Makes a group on the Groups page; its card. */
async function makeGroup(page: Page, name: string) {
  await page.getByLabel('Group name').fill(name);
  await page.getByLabel('Group name').press('Enter');
  await expect(page.getByText(`Group ${name} created.`)).toBeFocused();
  return page.locator('section.group-card', {
    has: page.getByRole('heading', { name, level: 2 }),
  });
}

const stepHeading = (page: Page, title: string) =>
  page.getByRole('heading', { level: 2, name: new RegExp(`: ${title}$`) });

test('a curator of Eng sees Eng and public, never Sales, and makes a connector private to Eng', async ({
  page,
  browser,
  server,
  signIn,
}) => {
  test.setTimeout(120_000);
  const patKey = await server.keyFor('basic', PAT);

  // The admin: groups Sales and Eng, Pat in Eng and its curator.
  await signIn('/groups');
  await makeGroup(page, 'Sales');
  const eng = await makeGroup(page, 'Eng');
  await eng.getByLabel('Add a member to Eng: find by e-mail').fill('pat.eng');
  await eng.getByRole('button', { name: `Add ${PAT}` }).click();
  await expect(page.getByText(`${PAT} joined Eng.`)).toBeFocused();
  await eng.getByRole('checkbox', { name: `Curator of Eng: ${PAT}` }).click();
  await expect(page.getByText(`${PAT} is now a curator of Eng.`)).toBeFocused();

  // Sales's Salesforce, private to Sales; a public web site everyone with admin rights sees.
  const groups = (await api(server, 'GET', '/manage/user-groups/minimal')).json as {
    id: number;
    name: string;
  }[];
  const sales = groups.find((group) => group.name === 'Sales')!.id;
  const engId = groups.find((group) => group.name === 'Eng')!.id;
  const salesforce = await createConnector(
    server,
    plainRequest('salesforce', { name: 'Sales pipeline' }),
  );
  const attached = await api(
    server,
    'PUT',
    `/manage/admin/connector/${salesforce}/credential/${await addCredential(server, 'salesforce')}`,
    { body: { access_type: 'private', groups: [sales] } },
  );
  expect(attached.status, attached.text).toBe(200);
  const site = await createConnector(server, plainRequest('web', { name: 'Public handbook site' }));
  expect((await api(server, 'PUT', `/manage/admin/connector/${site}/credential/0`)).status).toBe(
    200,
  );

  // Pat signs in in a browser of their own.
  const context = await browser.newContext();
  const pat = await context.newPage();
  await pat.goto(`${server.origin}/connectors#key=${patKey}`);
  await expect(pat.getByRole('heading', { name: 'Connectors', level: 1 })).toBeVisible();
  await expect(pat.getByRole('link', { name: 'Public handbook site' })).toBeVisible();
  await expect(pat.getByText('Sales pipeline')).toHaveCount(0);
  expect(
    (await api(server, 'GET', `/manage/admin/connector/${salesforce}`, { key: patKey })).status,
  ).toBe(404);

  // A GitHub connector through the wizard: the Access step has Eng chosen and says so.
  await pat.goto(`${server.origin}/connectors/new/github`);
  await expect(stepHeading(pat, 'Connection')).toBeVisible();
  await pat.getByLabel('Name', { exact: true }).fill('Eng handbook');
  await pat.getByLabel('Repository owner').fill('acme');
  await pat.getByLabel('Repository names').fill('handbook');
  const next = () => pat.getByRole('button', { name: 'Next' }).click();
  await next();
  await next();
  await expect(stepHeading(pat, 'Credential')).toBeVisible();
  await pat.getByRole('button', { name: 'New GitHub credential' }).click();
  const dialog = pat.getByRole('dialog', { name: 'New GitHub credential' });
  await dialog.getByLabel('Name', { exact: true }).fill('Eng GitHub bot');
  await dialog.getByLabel('Access token', { exact: true }).fill('ghp-eng');
  await dialog.getByRole('button', { name: 'Save credential' }).click();
  await expect(pat.getByText('Credential “Eng GitHub bot” was saved and chosen.')).toBeVisible();
  await next();
  await expect(stepHeading(pat, 'Access')).toBeVisible();
  await expect(pat.getByRole('radio', { name: /Private to groups/ })).toBeChecked();
  await expect(pat.getByText('This connector will be assigned to group Eng.')).toBeVisible();
  expect((await new AxeBuilder({ page: pat }).analyze()).violations).toEqual([]);
  await next();
  await expect(stepHeading(pat, 'Review')).toBeVisible();
  await pat.getByRole('button', { name: 'Test connection' }).click();
  await expect(
    pat.getByRole('heading', { name: 'The connection works: every check passed.' }),
  ).toBeFocused();
  await pat.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(pat.getByText('Connector “Eng handbook” was created.')).toBeVisible();
  await expect(pat.getByText('Sales pipeline')).toHaveCount(0);

  // The pair is private to Eng: the admin's own read says so.
  const listed = (await api(server, 'GET', '/manage/admin/connector')).json as {
    id: number;
    name: string;
  }[];
  const made = listed.find((connector) => connector.name === 'Eng handbook')!;
  const detail = (await api(server, 'GET', `/manage/admin/connector/${made.id}`)).json as {
    cc_pairs: { access_type: string; groups: number[] }[];
  };
  expect(detail.cc_pairs).toEqual([
    expect.objectContaining({ access_type: 'private', groups: [engId] }),
  ]);

  // The admin removes the curatorship: Pat is basic from the next request.
  const me = (await api(server, 'GET', '/me', { key: patKey })).json as { id: string };
  const removed = await api(server, 'POST', `/manage/admin/user-group/${engId}/set-curator`, {
    body: { user_id: me.id, is_curator: false },
  });
  expect(removed.status, removed.text).toBe(200);
  expect(((await api(server, 'GET', '/me', { key: patKey })).json as { role: string }).role).toBe(
    'basic',
  );
  await pat.reload();
  await expect(pat.getByRole('link', { name: 'Public handbook site' })).toHaveCount(0);
  await context.close();
});
