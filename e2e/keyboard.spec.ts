// The life of a data source with the keyboard alone: a credential made on its
// page, connectors chosen and paused from the list, one opened, edited and
// deleted, each step reached with Tab and done with Enter or Space.
import AxeBuilder from '@axe-core/playwright';
import { expect, tabTo, test } from './fixtures';

test('a credential, a bulk pause, an edit and a delete, from the keyboard', async ({
  page,
  server,
  signIn,
  fleet,
}) => {
  await signIn('/credentials');
  await expect(page.getByRole('heading', { name: 'Credentials', level: 1 })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'New credential' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByLabel('Name', { exact: true }));
  await page.keyboard.type('Keyboard Slack bot');
  await tabTo(page, page.getByLabel('Source', { exact: true }));
  await page.keyboard.type('sl'); // Slack, by its first letters (SharePoint comes first)
  await expect(page.getByLabel('Source', { exact: true })).toHaveValue('slack');
  const token = page.getByRole('textbox', { name: /token/i }).first();
  await tabTo(page, token);
  await page.keyboard.type('xoxb-keyboard-secret-0001');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Credential “Keyboard Slack bot” was saved.')).toBeVisible();

  // The list: two rows chosen with Space, paused after one confirmation.
  await page.goto(new URL('/connectors', page.url()).toString());
  const platform = page.getByRole('checkbox', { name: 'Select Platform Jira' });
  await tabTo(page, platform);
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('checkbox', { name: 'Select Support Slack' }));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Pause 2' }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Pause 2 connectors?' });
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole('button', { name: 'Pause 2' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('2 of 2 paused.')).toBeVisible();
  // The list marks them paused, beside their names.
  await expect(page.getByRole('row', { name: /^Platform Jira Paused/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Support Slack Paused/ })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // One connector: opened from its row, edited, then deleted.
  await tabTo(page, page.getByRole('link', { name: 'Engineering Slack' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Engineering Slack', level: 1 })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Edit' }));
  await page.keyboard.press('Enter');
  const name = page.getByLabel('Name', { exact: true });
  await tabTo(page, name);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Engineering Slack (kb)');
  // Its source's address is no stand-in here: saved without the connection test.
  await tabTo(page, page.getByRole('button', { name: 'Save without testing' }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { name: 'Engineering Slack (kb)', level: 1 }),
  ).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Delete' }));
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: 'Delete “Engineering Slack (kb)”?' });
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await tabTo(page, ask.getByRole('button', { name: 'Delete connector' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Connector “Engineering Slack (kb)” was deleted.')).toBeVisible();

  // What the server holds: the credential, the pauses, the deletion.
  const headers = { Authorization: `Bearer ${server.adminKey}` };
  const credentials = (await (
    await page.request.get(`${server.apiUrl}/manage/admin/credential`, { headers })
  ).json()) as { name: string }[];
  expect(credentials.map((c) => c.name)).toContain('Keyboard Slack bot');
  const connectors = (await (
    await page.request.get(`${server.apiUrl}/manage/admin/connector`, { headers })
  ).json()) as { name: string }[];
  expect(connectors.map((c) => c.name)).not.toContain('Engineering Slack');
  for (const paused of ['Platform Jira', 'Support Slack']) {
    const detail = await page.request.get(
      `${server.apiUrl}/manage/admin/connector/${fleet!.connectors[paused]}`,
      { headers },
    );
    expect(((await detail.json()) as { status: string }).status).toBe('PAUSED');
  }
});
