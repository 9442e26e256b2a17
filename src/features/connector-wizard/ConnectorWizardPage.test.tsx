// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { seedFleet } from '../../test/fleet';
import { connectTo, renderApp } from '../../test/render';
import { fillConnection, heading, next } from '../../test/wizardSteps';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedFleet(server);
  // The route's module, compiled before the first test (a busy machine takes seconds).
  await import('./ConnectorWizardPage');
});
afterAll(() => server.close());

function open(path = '/connectors/new/jira') {
  connectTo(server);
  return renderApp(path);
}

test('Next on an empty form names every problem next to its field and stays', async () => {
  const { user, router } = open();
  await heading('Connection');
  await next(user);
  const name = screen.getByLabelText('Name');
  expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(name).toHaveAccessibleDescription(/Enter a name for the connector/);
  expect(screen.getByLabelText('Jira base URL')).toHaveAccessibleDescription(
    /Enter the base address/,
  );
  const summary = screen.getByRole('group', { name: 'There are 2 problems' });
  await waitFor(async () => expect(summary).toHaveFocus());
  await user.click(within(summary).getByRole('link', { name: /Enter a name/ }));
  await waitFor(async () => expect(name).toHaveFocus());
  expect(router.state.location.search).toBe('');
});

test('a URL that is not http or https is refused, javascript: included', async () => {
  const { user } = open();
  await fillConnection(user, { url: 'javascript:alert(1)' });
  await next(user);
  expect(screen.getByLabelText('Jira base URL')).toHaveAccessibleDescription(
    /Use a web address that starts with https:\/\/ \(or http:\/\/\)\./,
  );
  await user.clear(screen.getByLabelText('Jira base URL'));
  await user.type(screen.getByLabelText('Jira base URL'), 'acme.atlassian.net');
  expect(screen.getByLabelText('Jira base URL')).toHaveAccessibleDescription(
    /Enter a full web address/,
  );
});

test('the project key turns upper case as it is typed, and must start with a letter', async () => {
  const { user } = open();
  await user.click(await screen.findByRole('radio', { name: 'One project' }));
  const key = screen.getByLabelText('Project key');
  expect(key).toHaveAccessibleDescription(/turned into upper case as you type/);
  await user.type(key, 'eng_2');
  expect(key).toHaveValue('ENG_2');
  await user.clear(key);
  await user.type(key, '2eng');
  await user.tab();
  expect(key).toHaveValue('2ENG');
  // Leaving the field says nothing yet (the page must not move under the pointer);
  // Next does.
  expect(key).not.toHaveAccessibleDescription(/starting with a letter/);
  await next(user);
  expect(key).toHaveAccessibleDescription(/starting with a letter/);
});

test('blacklist addresses are checked when added, listed with a labelled Remove, and removable', async () => {
  const { user } = open();
  const draft = await screen.findByLabelText('E-mail address to leave out');
  await user.type(draft, 'not-an-address{Enter}');
  expect(draft).toHaveAccessibleDescription(/Enter an e-mail address with a local part/);
  expect(draft).toHaveAttribute('aria-invalid', 'true');

  await user.clear(draft);
  await user.type(draft, 'noreply@acme.example');
  await user.click(screen.getByRole('button', { name: 'Add address' }));
  await user.type(draft, 'bot@acme.example{Enter}');
  const list = screen.getByRole('list', { name: 'Blacklisted addresses' });
  expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  expect(draft).toHaveValue('');

  await user.type(draft, 'bot@acme.example{Enter}');
  expect(draft).toHaveAccessibleDescription(/already in the list/);
  await user.clear(draft);

  await user.click(screen.getByRole('button', { name: 'Remove noreply@acme.example' }));
  expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  expect(screen.getByText('Removed noreply@acme.example from the blacklist')).toHaveAttribute(
    'role',
    'status',
  );
  await waitFor(async () => expect(draft).toHaveFocus());
});

test('an address typed but not added stops Next until it is added or cleared', async () => {
  const { user } = open();
  await fillConnection(user);
  await user.type(screen.getByLabelText('E-mail address to leave out'), 'later@acme.example');
  await next(user);
  expect(screen.getByLabelText('E-mail address to leave out')).toHaveAccessibleDescription(
    /not in the list yet/,
  );
  await user.click(screen.getByRole('button', { name: 'Add address' }));
  await next(user);
  await waitFor(async () => expect(await heading('Schedule')).toHaveFocus());
});

test('frequencies below the server minimums are refused with their minimum', async () => {
  const { user } = open('/connectors/new/jira?step=schedule');
  await heading('Schedule');
  expect(screen.getByLabelText('Refresh every')).toHaveValue('1');
  expect(screen.getByLabelText('Refresh unit')).toHaveValue('hours');
  expect(screen.getByLabelText('Prune unit')).toHaveValue('days');
  expect(screen.getByText('Sent as 86400 seconds.')).toBeInTheDocument();

  await user.selectOptions(screen.getByLabelText('Refresh unit'), 'minutes');
  await user.clear(screen.getByLabelText('Refresh every'));
  await user.type(screen.getByLabelText('Refresh every'), '0');
  await user.selectOptions(screen.getByLabelText('Prune unit'), 'minutes');
  await user.clear(screen.getByLabelText('Prune every'));
  await user.type(screen.getByLabelText('Prune every'), '4');
  await next(user);
  expect(screen.getByLabelText('Refresh every')).toHaveAccessibleDescription(
    /at least 1 minute \(60 seconds\)/,
  );
  expect(screen.getByLabelText('Prune every')).toHaveAccessibleDescription(
    /at least 5 minutes \(300 seconds\)/,
  );
  await user.clear(screen.getByLabelText('Prune every'));
  await user.type(screen.getByLabelText('Prune every'), 'ten');
  expect(screen.getByLabelText('Prune every')).toHaveAccessibleDescription(/whole number/);
});

test('Back and Next keep what was typed, and the step lives in the URL', async () => {
  const { user, router } = open();
  await fillConnection(user, { name: 'Kept Jira', projectKey: 'kept' });
  await user.type(screen.getByLabelText('E-mail address to leave out'), 'a@b.example{Enter}');
  await next(user);
  await waitFor(async () => expect(await heading('Step 2 of 4: Schedule')).toHaveFocus());
  expect(router.state.location.search).toBe('?step=schedule');
  const current = screen.getByRole('listitem', { current: 'step' });
  expect(current).toHaveTextContent('Schedule');

  await user.clear(screen.getByLabelText('Refresh every'));
  await user.type(screen.getByLabelText('Refresh every'), '2');
  await user.click(screen.getByRole('button', { name: 'Back' }));
  await waitFor(async () => expect(await heading('Connection')).toHaveFocus());
  expect(router.state.location.search).toBe('?step=connection');
  expect(screen.getByLabelText('Name')).toHaveValue('Kept Jira');
  expect(screen.getByLabelText('Project key')).toHaveValue('KEPT');
  expect(screen.getByRole('button', { name: 'Remove a@b.example' })).toBeInTheDocument();

  await next(user);
  await heading('Schedule');
  expect(screen.getByLabelText('Refresh every')).toHaveValue('2');
  await next(user);
  await heading('Credential');
  await next(user);
  expect(screen.getByRole('combobox', { name: 'Jira credential' })).toHaveAccessibleDescription(
    /Choose the Jira credential/,
  );
  expect(router.state.location.search).toBe('?step=credential');
});

test('what is typed is kept for the tab: a reload (a new page) finds it again', async () => {
  const first = open();
  await heading('Connection');
  await first.user.type(screen.getByLabelText('Name'), 'Draft Jira');
  await first.user.type(screen.getByLabelText('Jira base URL'), 'https://draft.atlassian.net');
  first.unmount();

  open();
  await heading('Connection');
  expect(screen.getByLabelText('Name')).toHaveValue('Draft Jira');
  expect(screen.getByLabelText('Jira base URL')).toHaveValue('https://draft.atlassian.net');
  // The draft holds what was typed, and nothing that is a secret: the wizard has none.
  expect(JSON.stringify(sessionStorage)).toContain('Draft Jira');
});

test('leaving a half-filled wizard asks first: Stay, leave with the draft, or discard it', async () => {
  const { user, router } = open();
  await heading('Connection');
  await user.type(screen.getByLabelText('Name'), 'Half-filled Jira');
  const nav = screen.getByRole('navigation', { name: 'Main' });

  await user.click(within(nav).getByRole('link', { name: 'Connectors' }));
  let dialog = await screen.findByRole('dialog', { name: 'Leave the new Jira connector?' });
  expect(within(dialog).getByRole('button', { name: 'Stay' })).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
  expect(router.state.location.pathname).toBe('/connectors/new/jira');
  expect(screen.getByLabelText('Name')).toHaveValue('Half-filled Jira');

  await user.click(within(nav).getByRole('link', { name: 'Connectors' }));
  dialog = await screen.findByRole('dialog', { name: 'Leave the new Jira connector?' });
  await user.click(within(dialog).getByRole('button', { name: 'Leave, keep the draft' }));
  await screen.findByRole('heading', { name: 'Connectors', level: 1 });
  await user.click(within(nav).getByRole('link', { name: 'New connector' }));
  await user.click(await screen.findByRole('link', { name: 'Jira' }));
  expect(await screen.findByLabelText('Name')).toHaveValue('Half-filled Jira');

  await user.click(within(nav).getByRole('link', { name: 'Users & roles' }));
  dialog = await screen.findByRole('dialog', { name: 'Leave the new Jira connector?' });
  await user.click(within(dialog).getByRole('button', { name: 'Discard the draft and leave' }));
  await screen.findByRole('heading', { name: 'Users and roles', level: 1 });
  await user.click(within(nav).getByRole('link', { name: 'New connector' }));
  await user.click(await screen.findByRole('link', { name: 'Jira' }));
  expect(await screen.findByLabelText('Name')).toHaveValue('');
  // An empty wizard is left without a question.
  await user.click(within(nav).getByRole('link', { name: 'Connectors' }));
  await screen.findByRole('heading', { name: 'Connectors', level: 1 });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('the review opened by its address: Create on an empty form shows step 1’s problems there', async () => {
  const { user, router } = open('/connectors/new/jira?step=review');
  await heading('Review');
  await user.click(screen.getByRole('button', { name: 'Create without testing' }));
  await heading('Connection');
  expect(router.state.location.search).toBe('?step=connection');
  const summary = await screen.findByRole('group', { name: 'There are 2 problems' });
  await waitFor(async () => expect(summary).toHaveFocus());
  expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(/Enter a name/);
  expect(screen.getByLabelText('Jira base URL')).toHaveAttribute('aria-invalid', 'true');
});

test('a wizard opened from the catalogue has the keyboard on its step’s heading', async () => {
  const { user } = open('/connectors/new');
  await user.click(await screen.findByRole('link', { name: 'Jira' }));
  await waitFor(async () => expect(await heading('Step 1 of 4: Connection')).toHaveFocus());
});
