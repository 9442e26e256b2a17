// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import {
  addCredential,
  api,
  attach,
  createConnector,
  jiraRequest,
  makeGroup,
} from '../../../test/support/http';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
// The page's module (and every catalogue source's form words it offers) loaded
// once before the first test, so a cold transform does not use up its waits.
beforeAll(async () => {
  await import('./CredentialsPage');
});
beforeEach(async () => {
  server = await startTestServer();
  connectTo(server);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

const card = (name: string) =>
  screen.getByRole('heading', { name, level: 2 }).closest('li') as HTMLElement;

async function makeSlackCredential(user: ReturnType<typeof renderApp>['user'], name: string) {
  await user.click(await screen.findByRole('button', { name: 'New credential' }));
  await user.type(screen.getByLabelText('Name'), name);
  await user.selectOptions(screen.getByLabelText('Source'), 'slack');
  const token = screen.getByLabelText('Bot token');
  expect(token).toHaveAttribute('type', 'password');
  await user.type(token, 'xoxb-1234567890-abcdefghij');
  await user.click(screen.getByRole('button', { name: 'Save credential' }));
  await screen.findByText(`Credential “${name}” was saved.`);
}

test('makes a credential with the fields its source needs, and shows it masked only', async () => {
  const { user } = renderApp('/credentials');
  await makeSlackCredential(user, 'Workspace bot');
  expect(within(card('Workspace bot')).getByText('Bot token: xoxb...ghij')).toBeInTheDocument();
  expect(document.body.textContent).not.toContain('xoxb-1234567890-abcdefghij');
  expect(within(card('Workspace bot')).getByText('Used by no connector.')).toBeInTheDocument();
});

test("a missing key is said next to its field, in the server's words", async () => {
  const { user } = renderApp('/credentials');
  await user.click(await screen.findByRole('button', { name: 'New credential' }));
  await user.type(screen.getByLabelText('Name'), 'No token');
  await user.selectOptions(screen.getByLabelText('Source'), 'Jira');
  await user.click(screen.getByRole('button', { name: 'Save credential' }));
  const token = screen.getByLabelText('API token or personal access token');
  expect(await screen.findByText('This is required.')).toBeInTheDocument();
  expect(token).toHaveAccessibleDescription(/This is required\./);
  expect(token).toHaveAttribute('aria-invalid', 'true');
});

/** A Jira credential "Jira bot" attached to one connector, "Docs Jira". */
async function jiraBotUsedByDocsJira() {
  const credential = await addCredential(
    server,
    'jira',
    { jira_api_token: 'token-1234567890' },
    'Jira bot',
  );
  const connector = await createConnector(server, jiraRequest({ name: 'Docs Jira' }));
  await attach(server, connector, credential);
}

test('a credential in use names its connectors, and deleting it says it detaches them first', async () => {
  await jiraBotUsedByDocsJira();
  const { user } = renderApp('/credentials');
  const item = (await screen.findByRole('heading', { name: 'Jira bot', level: 2 })).closest('li')!;
  expect(await within(item).findByText(/Used by/)).toHaveTextContent(
    'Used by one connector: Docs Jira.',
  );
  await user.click(within(item).getByRole('button', { name: 'Delete Jira bot' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete “Jira bot”?' });
  expect(dialog).toHaveTextContent(
    'One connector uses it: Docs Jira. It is detached from it first',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Detach and delete' }));
  expect(await screen.findByText('Credential “Jira bot” was deleted.')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Jira bot', level: 2 })).not.toBeInTheDocument();
});

test('many connectors: a count linked to the filtered list, ten names and how many more', async () => {
  const credential = await addCredential(
    server,
    'jira',
    { jira_api_token: 'token-1234567890' },
    'Busy bot',
  );
  for (let n = 1; n <= 12; n += 1) {
    const connector = await createConnector(server, jiraRequest({ name: `Jira ${n}` }));
    await attach(server, connector, credential);
  }
  const { user, router } = renderApp('/credentials');
  const item = (await screen.findByRole('heading', { name: 'Busy bot', level: 2 })).closest('li')!;
  const ten = Array.from({ length: 10 }, (_, i) => `Jira ${i + 1}`).join(', ');
  expect(await within(item).findByText(/Used by/)).toHaveTextContent(
    `Used by 12 connectors: ${ten} and 2 more.`,
  );
  expect(within(item).queryByRole('link', { name: 'Jira 1' })).not.toBeInTheDocument();

  await user.click(within(item).getByRole('button', { name: 'Delete Busy bot' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete “Busy bot”?' });
  expect(dialog).toHaveTextContent(`12 connectors use it: ${ten} and 2 more. It is detached`);
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

  await user.click(within(item).getByRole('link', { name: '12 connectors' }));
  // The list's page loads lazily: waited for as long as the other finds wait.
  await waitFor(() =>
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      `/connectors?credential=${credential}`,
    ),
  );
});

test('while the connectors are not in, a card says so, never "used by no connector"', async () => {
  await jiraBotUsedByDocsJira();
  // The connector list is held on its way (the real server answers once released).
  const realFetch = globalThis.fetch;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.endsWith('/manage/admin/connector')) await held;
    return realFetch(input, init);
  });
  const { user } = renderApp('/credentials');
  const item = (await screen.findByRole('heading', { name: 'Jira bot', level: 2 })).closest('li')!;
  expect(within(item).getByText('Finding the connectors that use it…')).toBeInTheDocument();
  expect(within(item).queryByText(/no connector/)).not.toBeInTheDocument();
  await user.click(within(item).getByRole('button', { name: 'Delete Jira bot' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete “Jira bot”?' });
  expect(dialog).toHaveTextContent('Which connectors use it is not known yet');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

  release();
  expect(await within(item).findByText(/Used by/)).toHaveTextContent(
    'Used by one connector: Docs Jira.',
  );
});

test('credential 0 is shown as built in, with nothing to change', async () => {
  renderApp('/credentials');
  const builtIn = await screen.findByRole('heading', {
    name: 'Built-in empty credential (no secret)',
  });
  const item = builtIn.closest('li') as HTMLElement;
  expect(within(item).getByText(/It cannot be changed/)).toBeInTheDocument();
  expect(within(item).queryByRole('button')).not.toBeInTheDocument();
});

test('rename is saved; Cancel on new values sends nothing and gives the keyboard back', async () => {
  const credential = await addCredential(
    server,
    'jira',
    { jira_api_token: 'token-1234567890' },
    'Jira bot',
  );
  const { user } = renderApp('/credentials');
  const item = (await screen.findByRole('heading', { name: 'Jira bot', level: 2 })).closest('li')!;
  await user.click(within(item).getByRole('button', { name: 'Rename Jira bot' }));
  const name = within(item).getByLabelText('New name');
  await user.clear(name);
  await user.type(name, 'Jira support bot');
  await user.click(within(item).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Renamed to “Jira support bot”.')).toBeInTheDocument();

  const renamed = (
    await screen.findByRole('heading', { name: 'Jira support bot', level: 2 })
  ).closest('li')!;
  const newValues = within(renamed).getByRole('button', {
    name: 'New values for Jira support bot',
  });
  await user.click(newValues);
  await user.type(
    within(renamed).getByLabelText('API token or personal access token'),
    'token-never-sent-0000',
  );
  await user.click(within(renamed).getByRole('button', { name: 'Cancel' }));
  expect(
    within(renamed).queryByLabelText('API token or personal access token'),
  ).not.toBeInTheDocument();
  expect(newValues).toHaveFocus();
  const stored = await api(server, 'GET', '/manage/admin/credential');
  const listed = (stored.json as { id: number; credential_json: Record<string, string> }[]).find(
    (item) => item.id === credential,
  )!;
  expect(listed.credential_json.jira_api_token).toBe('toke...7890');
});

test('search by name or source, kept in the address', async () => {
  await addCredential(server, 'jira', { jira_api_token: 'token-1234567890' }, 'Jira bot');
  await addCredential(server, 'slack', { slack_bot_token: 'xoxb-1234567890' }, 'Workspace bot');
  const { user, router } = renderApp('/credentials');
  await screen.findByRole('heading', { name: 'Jira bot', level: 2 });
  await user.type(screen.getByRole('searchbox', { name: 'Search by name or source' }), 'slack');
  expect(await screen.findByText('1 of 3 credentials match “slack”.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Workspace bot', level: 2 })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Jira bot', level: 2 })).not.toBeInTheDocument();
  expect(router.state.location.search).toBe('?q=slack');
});

test('focus after an action: the saved and deleted messages, the first error of a refused save', async () => {
  const { user } = renderApp('/credentials');
  await makeSlackCredential(user, 'Focus bot');
  await waitFor(() => expect(screen.getByText('Credential “Focus bot” was saved.')).toHaveFocus());

  // Refused by the server: the keyboard goes to the field it is about.
  await user.click(screen.getByRole('button', { name: 'New credential' }));
  await user.type(screen.getByLabelText('Name'), 'No token');
  await user.selectOptions(screen.getByLabelText('Source'), 'Jira');
  await user.click(screen.getByRole('button', { name: 'Save credential' }));
  await screen.findByText('This is required.');
  await waitFor(() =>
    expect(screen.getByLabelText('API token or personal access token')).toHaveFocus(),
  );
  await user.click(screen.getByRole('button', { name: 'Cancel' }));

  await user.click(within(card('Focus bot')).getByRole('button', { name: 'Delete Focus bot' }));
  await user.click(screen.getByRole('button', { name: 'Delete credential' }));
  const deleted = await screen.findByText('Credential “Focus bot” was deleted.');
  await waitFor(() => expect(deleted).toHaveFocus());
});

test('Rename and New values put the keyboard in the form; Enter in the name box saves the rename', async () => {
  await addCredential(server, 'jira', { jira_api_token: 'token-1234567890' }, 'Jira bot');
  const { user } = renderApp('/credentials');
  const item = (await screen.findByRole('heading', { name: 'Jira bot', level: 2 })).closest('li')!;
  await user.click(within(item).getByRole('button', { name: 'New values for Jira bot' }));
  const form = within(item).getByRole('form', { name: 'New values for Jira bot' });
  await waitFor(() => expect(form.querySelector('input')).toHaveFocus());
  await user.click(within(item).getByRole('button', { name: 'Cancel' }));

  await user.click(within(item).getByRole('button', { name: 'Rename Jira bot' }));
  const name = within(item).getByLabelText('New name');
  await waitFor(() => expect(name).toHaveFocus());
  await user.clear(name);
  await user.keyboard('Jira keyboard bot{Enter}');
  const said = await screen.findByText('Renamed to “Jira keyboard bot”.');
  await waitFor(() => expect(said).toHaveFocus());
  expect(screen.getByRole('heading', { name: 'Jira keyboard bot', level: 2 })).toBeInTheDocument();
});

/** A Jira Cloud credential (account e-mail and token), its "New values" form open. */
async function openNewValuesOfJiraCloud() {
  const credential = await addCredential(
    server,
    'jira',
    { jira_user_email: 'bot@acme.example', jira_api_token: 'token-1234567890' },
    'Jira Cloud bot',
  );
  const { user } = renderApp('/credentials');
  const item = (await screen.findByRole('heading', { name: 'Jira Cloud bot', level: 2 })).closest(
    'li',
  )!;
  await user.click(within(item).getByRole('button', { name: 'New values for Jira Cloud bot' }));
  return { credential, user, item };
}

/** A credential's values as the API lists them (masked, D6). */
async function maskedValuesOf(id: number) {
  const listed = (await api(server, 'GET', '/manage/admin/credential')).json as {
    id: number;
    credential_json: Record<string, string>;
  }[];
  return listed.find((c) => c.id === id)?.credential_json;
}

test('new values: a new token alone keeps the stored account e-mail, as each box says', async () => {
  const { credential, user, item } = await openNewValuesOfJiraCloud();
  const token = within(item).getByLabelText('API token or personal access token');
  expect(token).toHaveAccessibleDescription(
    /Stored: toke\.\.\.7890\. Leave empty to keep the stored secret\./,
  );
  const email = within(item).getByLabelText('Account e-mail (Jira Cloud) (optional)');
  expect(email).toHaveAccessibleDescription(
    /Stored: bot@\.\.\.mple\. Leave empty to keep the stored value\./,
  );
  await user.type(token, 'token-new-0987654321');
  await user.click(within(item).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('New values saved for “Jira Cloud bot”.')).toBeInTheDocument();
  expect(await maskedValuesOf(credential)).toEqual({
    jira_user_email: 'bot@...mple',
    jira_api_token: 'toke...4321',
  });
});

test('new values: an optional stored value is removed only when its Remove box is ticked', async () => {
  const { credential, user, item } = await openNewValuesOfJiraCloud();
  await user.click(
    within(item).getByRole('checkbox', {
      name: 'Remove the stored value of Account e-mail (Jira Cloud)',
    }),
  );
  await user.click(within(item).getByRole('button', { name: 'Save' }));
  await screen.findByText('New values saved for “Jira Cloud bot”.');
  expect(await maskedValuesOf(credential)).toEqual({
    jira_api_token: 'toke...7890',
  });
});

/** The credential of that name, as the API answers it. */
async function credentialNamed(name: string) {
  const list = await api(server, 'GET', '/manage/admin/credential');
  return (list.json as { name: string; curator_public: boolean; groups: number[] }[]).find(
    (credential) => credential.name === name,
  );
}

test('D13: who else may use a credential is chosen where it is made, and changed where it is edited', async () => {
  const eng = await makeGroup(server, 'Eng');
  const { user } = renderApp('/credentials');
  await user.click(await screen.findByRole('button', { name: 'New credential' }));
  await user.type(screen.getByLabelText('Name'), 'Workspace bot');
  await user.selectOptions(screen.getByLabelText('Source'), 'slack');
  await user.type(screen.getByLabelText('Bot token'), 'xoxb-1234567890-abcdefghij');
  await user.click(screen.getByRole('checkbox', { name: 'Every curator may use it' }));
  await user.click(screen.getByRole('button', { name: 'Save credential' }));
  await screen.findByText('Credential “Workspace bot” was saved.');
  expect(await credentialNamed('Workspace bot')).toMatchObject({
    curator_public: true,
    groups: [],
  });

  const item = card('Workspace bot');
  await user.click(within(item).getByRole('button', { name: 'Sharing of Workspace bot' }));
  const form = within(item).getByRole('form', { name: 'Sharing of Workspace bot' });
  await user.click(within(form).getByRole('checkbox', { name: 'Every curator may use it' }));
  await user.click(within(form).getByRole('checkbox', { name: 'Eng' }));
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  expect(
    await screen.findByText('Who may use “Workspace bot” is saved: the curators of one group.'),
  ).toBeInTheDocument();
  expect(await credentialNamed('Workspace bot')).toMatchObject({
    curator_public: false,
    groups: [eng],
  });
});

test('deleting a credential more than twenty connectors use asks for their number typed, as the list’s bulk delete does', async () => {
  const credential = await addCredential(
    server,
    'jira',
    { jira_api_token: 'token-1234567890' },
    'Busy bot',
  );
  for (let n = 1; n <= 21; n += 1) {
    const connector = await createConnector(server, jiraRequest({ name: `Jira ${n}` }));
    await attach(server, connector, credential);
  }
  const { user } = renderApp('/credentials');
  const item = (await screen.findByRole('heading', { name: 'Busy bot', level: 2 })).closest('li')!;
  expect(await within(item).findByText(/Used by/)).toHaveTextContent(/^Used by 21 connectors/);
  await user.click(within(item).getByRole('button', { name: 'Delete Busy bot' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete “Busy bot”?' });
  const confirm = within(dialog).getByRole('button', { name: 'Detach and delete' });
  expect(confirm).toBeDisabled();
  await user.type(
    within(dialog).getByLabelText('Type 21 to detach it from them all and delete it'),
    '21',
  );
  expect(confirm).toBeEnabled();
});
