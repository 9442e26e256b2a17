// Connector health end to end: a pair goes INVALID while the panel
// is open (its token revoked at a stand-in Jira on 127.0.0.1, then Test now);
// the admin finds it with "Needs attention", replaces the credential from the
// connector page, and sees it healthy — the keyboard on each result, axe clean.
import AxeBuilder from '@axe-core/playwright';
import * as standIns from '../test/support/standIns';
import { attach, createConnector, jiraRequest, madeCredential } from '../test/support/http';
import { api } from '../test/support/http';
import { expect, test as base } from './fixtures';

const OLD = 'jira-token-revoked-during-the-test';
const NEW = 'jira-token-issued-afterwards';

const test = base.extend<{ jira: { stand: standIns.StandIn; tokens: standIns.TokenSource } }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
  jira: async ({}, use) => {
    const tokens = standIns.tokenSource(
      (token) => standIns.jiraDataCenter(token, ['ENG']),
      [OLD, NEW],
    );
    const stand = await standIns.startStandIn(tokens.routes);
    await use({ stand, tokens });
    await stand.close();
  },
});
test.use({ seedFleet: false });

test('a revoked token: found with Needs attention, replaced from the connector page, healthy again', async ({
  page,
  server,
  signIn,
  jira,
}) => {
  test.setTimeout(60_000);
  const config = { jira_base_url: jira.stand.origin, project_key: 'ENG' };
  const failing = await createConnector(
    server,
    jiraRequest({ name: 'Support Jira', connector_specific_config: config }),
  );
  await createConnector(
    server,
    jiraRequest({ name: 'Docs Jira', connector_specific_config: config }),
  ).then(async (id) =>
    attach(server, id, await madeCredential(server, 'jira', { jira_api_token: NEW })),
  );
  const old = await madeCredential(server, 'jira', { jira_api_token: OLD });
  await attach(server, failing, old);
  const good = await madeCredential(server, 'jira', { jira_api_token: NEW });
  await api(server, 'PATCH', `/manage/admin/credential/${good}`, {
    body: { name: 'Rotated Jira token' },
  });

  await signIn(`/connectors/${failing}`);
  await expect(page.getByRole('heading', { name: 'Support Jira', level: 1 })).toBeVisible();
  await expect(page.getByText('Healthy', { exact: true })).toBeVisible();

  // Revoked at the source while the page is open; Test now finds it.
  jira.tokens.revoke(OLD);
  await page.getByRole('button', { name: /^Test now/ }).click();
  await expect(page.getByRole('heading', { name: 'The connection test failed.' })).toBeFocused();
  await expect(page.getByText('Failing', { exact: true })).toBeVisible();

  // The list's Needs attention filter finds it, and only it.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Connectors', exact: true })
    .click();
  // A click, then the address: the box is checked from the address it leads to.
  await page.getByRole('checkbox', { name: 'Needs attention (1)' }).click();
  await expect(page).toHaveURL(/\?needs_attention=true$/);
  await expect(page.getByRole('checkbox', { name: 'Needs attention (1)' })).toBeChecked();
  await expect(page.getByRole('link', { name: 'Docs Jira' })).toHaveCount(0);
  const row = page.getByRole('row', { name: /^Support Jira/ });
  await expect(row).toContainText('Failing');
  await expect(page.getByRole('navigation', { name: 'Main' })).toContainText('1 needs attention');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Replaced from the connector page: tested, swapped, said.
  await row.getByRole('link', { name: 'Support Jira' }).click();
  await page.getByRole('button', { name: /^Replace credential/ }).click();
  const picker = page.getByRole('combobox', { name: 'Jira credential to use instead' });
  await picker.fill('Rotated');
  await page.getByRole('option', { name: /Rotated Jira token/ }).click();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByRole('button', { name: 'Test and replace' }).click();
  const said = page.getByText(/now uses “Rotated Jira token”.*passed the connection test/);
  await expect(said).toBeFocused();
  await expect(page.getByText('Healthy', { exact: true })).toBeVisible();
  await expect(page.getByText('Not reported', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).not.toContainText('attention');
});

test('at 360 px the list with its health fits without sideways scrolling', async ({
  page,
  server,
  signIn,
  jira,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const id = await createConnector(
    server,
    jiraRequest({
      name: 'Narrow Jira',
      connector_specific_config: { jira_base_url: jira.stand.origin, project_key: 'ENG' },
    }),
  );
  await attach(server, id, await madeCredential(server, 'jira', { jira_api_token: NEW }));
  await signIn('/connectors');
  await expect(page.getByText('Healthy', { exact: true })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
});
