// After an action the keyboard is on its result or on the control needed next
// (docs/panel.md, "Focus after an action"): a connector's page (detach, attach, edit,
// delete) and a bulk delete, from the keyboard alone, with axe after each step.
import AxeBuilder from '@axe-core/playwright';
import { expect, tabTo, test, type Page } from './fixtures';

const noViolations = async (page: Page) =>
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

test("a connector's page from the keyboard: detach, attach, edit, delete", async ({
  page,
  signIn,
  fleet,
}) => {
  test.setTimeout(90_000); // axe after each of five actions
  await signIn(`/connectors/${fleet!.connectors['Engineering Jira']}`);
  await expect(page.getByRole('heading', { name: 'Engineering Jira', level: 1 })).toBeVisible();
  await noViolations(page);

  // Detach: a question naming both, Cancel first, then the words get the keyboard.
  await tabTo(page, page.getByRole('button', { name: 'Detach Jira Cloud — engineering bot' }));
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', {
    name: 'Detach “Jira Cloud — engineering bot” from “Engineering Jira”?',
  });
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await noViolations(page);
  await tabTo(page, ask.getByRole('button', { name: 'Detach credential' }));
  await page.keyboard.press('Enter');
  const detached = page.getByText(
    '“Jira Cloud — engineering bot” was detached from “Engineering Jira”. It is not indexed until a credential is attached.',
  );
  await expect(detached).toBeFocused();
  await expect(
    page.getByText(/“Engineering Jira” is not indexed until one is attached/),
  ).toBeVisible();
  await noViolations(page);

  // Attach another from the picker.
  await tabTo(page, page.getByRole('combobox', { name: 'Jira credential to attach' }));
  await page.keyboard.type('Data Center');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Attach', exact: true }));
  await page.keyboard.press('Enter');
  const attached = page.getByText(
    '“Jira Data Center — support” is attached to “Engineering Jira”.',
  );
  await expect(attached).toBeFocused();
  await expect(
    page.getByRole('button', { name: 'Detach Jira Data Center — support' }),
  ).toBeVisible();
  await noViolations(page);

  // Edit: the name changed with Enter; the keyboard goes back to Edit.
  await page.keyboard.press('Shift+Tab'); // tabTo goes forwards: start above the actions
  await tabTo(page, page.getByRole('button', { name: 'Edit' }), 80);
  await page.keyboard.press('Enter');
  const name = page.getByLabel('Name', { exact: true });
  await tabTo(page, name);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Engineering Jira (kb)');
  // Its source's address is no stand-in here: saved without the connection test.
  await tabTo(page, page.getByRole('button', { name: 'Save without testing' }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { name: 'Engineering Jira (kb)', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeFocused();
  await noViolations(page);

  // Delete: the list says so, and the keyboard is on its words.
  await tabTo(page, page.getByRole('button', { name: 'Delete' }));
  await page.keyboard.press('Enter');
  const remove = page.getByRole('dialog', { name: 'Delete “Engineering Jira (kb)”?' });
  await expect(remove.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await tabTo(page, remove.getByRole('button', { name: 'Delete connector' }));
  await page.keyboard.press('Enter');
  const deleted = page.getByText('Connector “Engineering Jira (kb)” was deleted.');
  await expect(deleted).toBeVisible();
  await expect(page.getByRole('status').filter({ has: deleted })).toBeFocused();
  await noViolations(page);
});

test('a bulk delete from the keyboard: one question, then the report has the keyboard', async ({
  page,
  signIn,
}) => {
  await signIn('/connectors');
  await expect(page.getByRole('heading', { name: 'Connectors', level: 1 })).toBeVisible();
  await tabTo(page, page.getByRole('checkbox', { name: /^Select all \d+ listed connectors$/ }));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Delete 6' }));
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: 'Delete 6 connectors?' });
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await noViolations(page);
  await tabTo(page, ask.getByRole('button', { name: 'Delete 6' }));
  await page.keyboard.press('Enter');
  const report = page.getByText('6 of 6 deleted.');
  await expect(report).toBeVisible();
  await expect(page.getByRole('status').filter({ has: report })).toBeFocused();
  await noViolations(page);
});

test('row boxes, role radios and the override box are targets of at least 24×24 px', async ({
  page,
  signIn,
}) => {
  const atLeast24 = async (target: ReturnType<Page['getByRole']>) => {
    const box = await target.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(24);
    expect(box!.height).toBeGreaterThanOrEqual(24);
  };
  await signIn('/connectors');
  await atLeast24(page.getByRole('checkbox', { name: 'Select Platform Jira' }));
  await page.goto(page.url().replace(/\/connectors.*$/, '/users'));
  await expect(page.getByRole('heading', { name: 'Users and roles', level: 1 })).toBeVisible();
  await atLeast24(page.getByRole('radio', { name: 'curator', exact: true }));
  await atLeast24(page.getByRole('checkbox', { name: 'Explicit override' }));
});
