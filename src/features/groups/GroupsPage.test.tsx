// @vitest-environment jsdom
// D13 in the panel: an admin makes a group, adds a member from the directory and
// makes them its curator; the curator sees only their group, and is asked first
// before giving up their own curatorship.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { findUserByEmail } from '../../../server/repos/users';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { api, createConnector, jiraRequest, madeCredential } from '../../../test/support/http';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  connectTo(server);
});
afterEach(() => server.close());

/** A group's card, found by its heading (a role query over the whole page is slow in jsdom). */
const cardOf = async (name: string) =>
  (await screen.findByRole('heading', { name, level: 2 })).closest('section')!;
const roleOf = async (email: string) => (await findUserByEmail(server.store.db, email))?.role;

test('an admin makes a group, adds a member and makes them its curator', async () => {
  await server.keyFor('basic', 'pat@example.com');
  const { user } = renderApp('/groups');
  await screen.findByRole('heading', { name: 'Groups', level: 1 });
  expect(await screen.findByText('No groups yet: make the first one above.')).toBeInTheDocument();

  // An empty name is refused next to the field, which takes the keyboard.
  await user.click(screen.getByRole('button', { name: 'Create group' }));
  // The field takes the keyboard on the next frame (NewGroupForm), as after a refusal below.
  await waitFor(() => expect(screen.getByLabelText('Group name')).toHaveFocus());
  expect(screen.getByLabelText('Group name')).toHaveAccessibleDescription(/Enter a name/);

  await user.type(screen.getByLabelText('Group name'), 'Eng');
  await user.click(screen.getByRole('button', { name: 'Create group' }));
  await waitFor(() => expect(screen.getByText('Group Eng created.')).toHaveFocus());
  const card = await cardOf('Eng');

  await user.type(within(card).getByLabelText(/Add a member to Eng/), 'pat@');
  await user.click(await within(card).findByRole('button', { name: 'Add pat@example.com' }));
  await waitFor(() => expect(screen.getByText('pat@example.com joined Eng.')).toHaveFocus());

  await user.click(await within(card).findByLabelText('Curator of Eng: pat@example.com'));
  await waitFor(() =>
    expect(screen.getByText('pat@example.com is now a curator of Eng.')).toHaveFocus(),
  );
  expect(await roleOf('pat@example.com')).toBe('curator');
  expect(within(card).getByLabelText('Curator of Eng: pat@example.com')).toBeChecked();
});

test('a name taken is said next to the field, in the server’s words', async () => {
  await api(server, 'POST', '/manage/admin/user-group', {
    body: { name: 'Sales', user_ids: [], cc_pair_ids: [] },
  });
  const { user } = renderApp('/groups');
  await cardOf('Sales');
  await user.type(screen.getByLabelText('Group name'), 'Sales');
  await user.click(screen.getByRole('button', { name: 'Create group' }));
  await waitFor(() => expect(screen.getByLabelText('Group name')).toHaveFocus());
  expect(screen.getByLabelText('Group name')).toHaveAccessibleDescription(
    /User group with name 'Sales' already exists/,
  );
});

test('only the latest result is shown: a refusal after a creation takes the creation’s words away', async () => {
  const { user } = renderApp('/groups');
  await screen.findByRole('heading', { name: 'Groups', level: 1 });
  await user.type(screen.getByLabelText('Group name'), 'Eng');
  await user.click(screen.getByRole('button', { name: 'Create group' }));
  await waitFor(() => expect(screen.getByText('Group Eng created.')).toHaveFocus());
  await user.type(screen.getByLabelText('Group name'), 'eng');
  await user.click(screen.getByRole('button', { name: 'Create group' }));
  await waitFor(() =>
    expect(screen.getByLabelText('Group name')).toHaveAccessibleDescription(/already exists/),
  );
  expect(screen.queryByText('Group Eng created.')).not.toBeInTheDocument();
});

test('a curator sees only their group, cannot delete it, and is asked before leaving its curators', async () => {
  const key = await server.keyFor('basic', 'lead@example.com');
  const lead = (await findUserByEmail(server.store.db, 'lead@example.com'))!;
  const made = await api(server, 'POST', '/manage/admin/user-group', {
    body: { name: 'Eng', user_ids: [lead.id], cc_pair_ids: [] },
  });
  const eng = (made.json as { id: number }).id;
  await api(server, 'POST', '/manage/admin/user-group', {
    body: { name: 'Sales', user_ids: [], cc_pair_ids: [] },
  });
  await api(server, 'POST', `/manage/admin/user-group/${eng}/set-curator`, {
    body: { user_id: lead.id, is_curator: true },
  });
  connectTo(server, key);
  const { user } = renderApp('/groups');
  const card = await cardOf('Eng');
  expect(screen.queryByRole('heading', { name: 'Sales' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Delete group/ })).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Group name')).not.toBeInTheDocument();

  await user.click(within(card).getByLabelText('Curator of Eng: lead@example.com'));
  const dialog = await screen.findByRole('dialog', {
    name: 'Remove yourself as a curator of this group?',
  });
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(await roleOf('lead@example.com')).toBe('curator');

  // Their own row's Remove asks too, naming what follows; cancelling keeps them in.
  await user.click(within(card).getByRole('button', { name: 'Remove lead@example.com from Eng' }));
  const leave = await screen.findByRole('dialog', { name: 'Leave Eng?' });
  expect(leave).toHaveTextContent('only an admin can add you back');
  await user.click(within(leave).getByRole('button', { name: 'Cancel' }));
  const group = await api(server, 'GET', '/manage/admin/user-group');
  expect((group.json as { users: unknown[] }[])[0]!.users).toHaveLength(1);
});

test('deleting a group says what becomes of its members and connectors', async () => {
  await server.keyFor('basic', 'pat@example.com');
  const pat = (await findUserByEmail(server.store.db, 'pat@example.com'))!;
  await api(server, 'POST', '/manage/admin/user-group', {
    body: { name: 'Ops', user_ids: [pat.id], cc_pair_ids: [] },
  });
  const { user } = renderApp('/groups');
  const card = await cardOf('Ops');
  await user.click(within(card).getByRole('button', { name: 'Delete group Ops' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete group Ops?' });
  expect(dialog).toHaveTextContent(
    'Its 1 member stay users; a curator who curates no other group becomes basic. Its 0 connectors keep their other groups',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Delete group' }));
  await waitFor(() => expect(screen.getByText('Group Ops deleted.')).toHaveFocus());
  expect(screen.queryByRole('heading', { name: 'Ops' })).not.toBeInTheDocument();
});

test('a connector with two pairs in the group is listed once on its card', async () => {
  const made = await api(server, 'POST', '/manage/admin/user-group', {
    body: { name: 'Eng', user_ids: [], cc_pair_ids: [] },
  });
  const eng = (made.json as { id: number }).id;
  const connector = await createConnector(server, jiraRequest({ name: 'Eng Jira' }));
  const values = { jira_user_email: 'bot@acme.example', jira_api_token: 'tok-0000-1111' };
  for (const credential of [
    await madeCredential(server, 'jira', values),
    await madeCredential(server, 'jira', values),
  ]) {
    await api(server, 'PUT', `/manage/admin/connector/${connector}/credential/${credential}`, {
      body: { access_type: 'private', groups: [eng] },
    });
  }
  renderApp('/groups');
  const card = await cardOf('Eng');
  await within(card).findByRole('link', { name: 'Eng Jira' });
  expect(within(card).getAllByRole('link', { name: 'Eng Jira' })).toHaveLength(1);
});
