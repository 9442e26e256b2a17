// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import {
  addCredential,
  api,
  attach,
  createConnector,
  jiraRequest,
} from '../../../test/support/http';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
let connector: number;
beforeEach(async () => {
  server = await startTestServer();
  connector = await createConnector(server, jiraRequest({ name: 'Docs Jira' }));
  await attach(
    server,
    connector,
    await addCredential(server, 'jira', { jira_api_token: 'a-secret-token-0000' }, 'Jira bot'),
  );
  connectTo(server);
});
afterEach(() => server.close());

const open = async () => {
  const view = renderApp(`/connectors/${connector}`);
  await screen.findByRole('heading', { name: 'Docs Jira', level: 1 });
  return view;
};

test('shows the settings in human units and the credential masked', async () => {
  await open();
  expect(screen.getByText('every hour')).toBeInTheDocument();
  expect(screen.getByText('every day')).toBeInTheDocument();
  expect(screen.getByText('Running')).toBeInTheDocument();
  // Enum values in words (src/lib/enumWords.ts), not `poll` or `PUBLIC`.
  expect(screen.getByText('Polled for changes')).toBeInTheDocument();
  expect(
    screen.getByText('Public: everyone with admin rights sees it', { selector: 'dd' }),
  ).toBeInTheDocument();
  // The value under the form's label, not its key (jira_api_token).
  expect(screen.getByText('API token or personal access token: a-se...0000')).toBeInTheDocument();
  expect(screen.queryByText(/jira_api_token/)).not.toBeInTheDocument();
  expect(document.body.textContent).not.toContain('a-secret-token-0000');
});

test('an edit the server refuses puts its words next to the field; a good one is saved', async () => {
  const { user } = await open();
  await user.click(screen.getByRole('button', { name: 'Edit' }));
  const url = screen.getByLabelText('Jira base URL');
  await user.clear(url);
  await user.type(url, 'ftp://jira.example');
  await user.click(screen.getByRole('button', { name: 'Save without testing' }));
  expect(
    await screen.findByText('Use a web address that starts with https:// (or http://).'),
  ).toBeInTheDocument();
  expect(url).toHaveAccessibleDescription(/starts with https:\/\//);

  await user.clear(url);
  await user.type(url, 'https://jira.example');
  const refresh = screen.getByLabelText('Refresh every');
  await user.clear(refresh);
  await user.type(refresh, '2');
  await user.click(screen.getByRole('button', { name: 'Save without testing' }));
  expect(await screen.findByText('Saved the changes to “Docs Jira”.')).toBeInTheDocument();
  expect(screen.getByText('every 2 hours')).toBeInTheDocument();
  expect(screen.getByText('https://jira.example')).toBeInTheDocument();
});

/** The connector as the server holds it. */
const stored = async () =>
  (await api(server, 'GET', `/manage/admin/connector/${connector}`)).json as {
    refresh_freq: number;
    status: string;
  };

test("the editor says the schedule's least in its own units, before anything is sent", async () => {
  const { user } = await open();
  await user.click(screen.getByRole('button', { name: 'Edit' }));
  const refresh = screen.getByLabelText('Refresh every');
  await user.clear(refresh);
  await user.type(refresh, '0');
  await user.click(screen.getByRole('button', { name: 'Save without testing' }));
  // Not the server's "Enter 60 or more." beside a box in hours.
  expect(refresh).toHaveAccessibleDescription(/at least 1 minute \(60 seconds\)/);
  expect((await stored()).refresh_freq).toBe(3600);
});

test('Cancel closes the editor unsaved and gives the keyboard back to Edit', async () => {
  const { user } = await open();
  const edit = screen.getByRole('button', { name: 'Edit' });
  await user.click(edit);
  const refresh = screen.getByLabelText('Refresh every');
  // The schedule reads as it will be sent, as in the wizard.
  expect(refresh).toHaveAccessibleDescription(/Sent as 3600 seconds\./);
  await user.clear(refresh);
  await user.type(refresh, '5');
  expect(refresh).toHaveAccessibleDescription(/Sent as 18000 seconds\./);
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByLabelText('Refresh every')).not.toBeInTheDocument();
  expect(edit).toHaveFocus();
  // The settings as they were (the recent changes below may say "every hour" too).
  const settings = document.querySelector<HTMLElement>('dl.detail-settings')!;
  expect(within(settings).getByText('every hour')).toBeInTheDocument();
  expect((await stored()).refresh_freq).toBe(3600);
});

// Edit (the connector's rename) opens on what it edits, Name, not on "Close the editor".
test('Edit opens on the Name field, the old name selected: typing replaces it', async () => {
  const { user } = await open();
  await user.click(screen.getByRole('button', { name: 'Edit' }));
  const editor = screen.getByRole('form', { name: 'Edit Docs Jira' });
  const name = within(editor).getByLabelText<HTMLInputElement>('Name');
  expect(name).toHaveFocus();
  expect([name.selectionStart, name.selectionEnd]).toEqual([0, 'Docs Jira'.length]);

  await user.keyboard('Docs Jira (renamed)');
  // Its Jira address is no stand-in: saved without the connection test (Test and save's other way).
  await user.click(within(editor).getByRole('button', { name: 'Save without testing' }));
  expect(
    await screen.findByRole('heading', { name: 'Docs Jira (renamed)', level: 1 }),
  ).toBeInTheDocument();
});

test('pause and resume; the server agrees', async () => {
  const { user } = await open();
  await user.click(screen.getByRole('button', { name: 'Pause' }));
  expect(await screen.findByText('“Docs Jira” is paused.')).toBeInTheDocument();
  // Said for as long as it is paused, not only as the answer to the click.
  expect(
    await screen.findByText('Not indexed until it is resumed.', { exact: false }),
  ).toBeInTheDocument();
  expect(
    ((await api(server, 'GET', `/manage/admin/connector/${connector}`)).json as { status: string })
      .status,
  ).toBe('PAUSED');
  await user.click(await screen.findByRole('button', { name: 'Resume' }));
  expect(await screen.findByText('“Docs Jira” is running.')).toBeInTheDocument();
  expect(screen.queryByText(/running again/)).not.toBeInTheDocument();
  expect(
    screen.queryByText('Not indexed until it is resumed.', { exact: false }),
  ).not.toBeInTheDocument();
});

test('delete asks first, naming the connector; Cancel keeps it', async () => {
  const { user, router } = await open();
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete “Docs Jira”?' });
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect((await api(server, 'GET', `/manage/admin/connector/${connector}`)).status).toBe(200);
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  await user.click(screen.getByRole('button', { name: 'Delete connector' }));
  expect(await screen.findByText('Connector “Docs Jira” was deleted.')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/connectors');
  expect((await api(server, 'GET', `/manage/admin/connector/${connector}`)).status).toBe(404);
});

test('an unknown connector says so', async () => {
  renderApp('/connectors/99999');
  expect(await screen.findByRole('alert')).toHaveTextContent('Connector not found');
});

test('every field of its source is shown in words and can be edited: the comment blacklist too', async () => {
  const { user } = await open();
  const settings = screen.getByText('Comment e-mail blacklist (optional)').nextElementSibling!;
  expect(within(settings as HTMLElement).getByText('noreply@acme.example')).toBeInTheDocument();
  expect(screen.getByText('What to index').nextElementSibling).toHaveTextContent('One project');
  expect(screen.getByText('Project key').nextElementSibling).toHaveTextContent('ENG');

  await user.click(screen.getByRole('button', { name: 'Edit' }));
  const editor = screen.getByRole('form', { name: 'Edit Docs Jira' });
  await user.click(within(editor).getByRole('button', { name: 'Remove noreply@acme.example' }));
  await user.type(within(editor).getByLabelText('E-mail address to leave out'), 'bot@acme.example');
  await user.click(within(editor).getByRole('button', { name: 'Add address' }));
  await user.click(within(editor).getByRole('radio', { name: 'Everything' }));
  await user.click(within(editor).getByRole('button', { name: 'Save without testing' }));
  await screen.findByText('Saved the changes to “Docs Jira”.');

  const stored = await api(server, 'GET', `/manage/admin/connector/${connector}`);
  expect((stored.json as { connector_specific_config: unknown }).connector_specific_config).toEqual(
    {
      jira_base_url: 'https://acme.atlassian.net',
      project_key: null,
      jql_query: null,
      comment_email_blacklist: ['bot@acme.example'],
      scoped_token: false,
    },
  );
  // The settings' own list (the recent changes below word the same setting too).
  expect(
    screen.getByText('What to index', { selector: 'dt' }).nextElementSibling,
  ).toHaveTextContent('Everything');
});

test('Detach asks first, naming connector and credential; then says what happened, with the keyboard on the words', async () => {
  const { user } = await open();
  // The page's last words (a pause and a resume) go when a detach says its own.
  await user.click(screen.getByRole('button', { name: 'Pause' }));
  await user.click(await screen.findByRole('button', { name: 'Resume' }));
  expect(await screen.findByText('“Docs Jira” is running.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Detach Jira bot' }));
  const dialog = screen.getByRole('dialog', { name: 'Detach “Jira bot” from “Docs Jira”?' });
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.getByRole('button', { name: 'Detach Jira bot' })).toHaveFocus();

  await user.click(screen.getByRole('button', { name: 'Detach Jira bot' }));
  await user.click(screen.getByRole('button', { name: 'Detach credential' }));
  const said = await screen.findByText(
    '“Jira bot” was detached from “Docs Jira”. It is not indexed until a credential is attached.',
  );
  await waitFor(() => expect(said).toHaveFocus());
  expect(screen.getByText(/“Docs Jira” is not indexed until one is attached/)).toBeInTheDocument();
  expect(screen.queryByText('“Docs Jira” is running.')).not.toBeInTheDocument();
});

test('a credential is attached from the page: chosen in the picker, or made in a dialog', async () => {
  const spare = await addCredential(
    server,
    'jira',
    { jira_api_token: 'another-token-1111' },
    'Jira spare',
  );
  const { user } = await open();
  const picker = screen.getByRole('combobox', { name: 'Jira credential to attach' });
  await waitFor(() => expect(picker).toBeEnabled());
  await user.type(picker, 'spare');
  await user.keyboard('{ArrowDown}{Enter}');
  await user.click(screen.getByRole('button', { name: 'Attach' }));
  const said = await screen.findByText('“Jira spare” is attached to “Docs Jira”.');
  await waitFor(() => expect(said).toHaveFocus());
  expect(screen.getByRole('button', { name: 'Detach Jira spare' })).toBeInTheDocument();
  expect(spare).toBeGreaterThan(0);

  await user.click(screen.getByRole('button', { name: 'New Jira credential' }));
  const dialog = screen.getByRole('dialog', { name: 'New Jira credential' });
  expect(within(dialog).getByLabelText('Name')).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.getByRole('button', { name: 'New Jira credential' })).toHaveFocus();
});

test('a deleted connector is not asked for again (no 404 after the delete)', async () => {
  const asked: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    asked.push(
      `${method} ${new URL(input instanceof Request ? input.url : String(input)).pathname}`,
    );
    return realFetch(input, init);
  };
  try {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete connector' }));
    await screen.findByText('Connector “Docs Jira” was deleted.');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = asked.slice(asked.findIndex((line) => line.startsWith('DELETE')) + 1);
    expect(after).not.toContain(`GET /api/manage/admin/connector/${connector}`);
  } finally {
    globalThis.fetch = realFetch;
  }
});
