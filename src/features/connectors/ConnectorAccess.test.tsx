// @vitest-environment jsdom
// D13 on the connector page: each pair's access in words, and no
// button the caller may not use.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { findUserByEmail } from '../../../server/repos/users';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import {
  api,
  createConnector,
  jiraRequest,
  madeCredential,
  plainRequest,
} from '../../../test/support/http';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

async function privateToEng(memberIds: string[] = []) {
  const made = await api(server, 'POST', '/manage/admin/user-group', {
    body: { name: 'Eng', user_ids: memberIds, cc_pair_ids: [] },
  });
  const eng = (made.json as { id: number }).id;
  const connector = await createConnector(server, { ...plainRequest('web'), name: 'Eng docs' });
  await api(server, 'PUT', `/manage/admin/connector/${connector}/credential/0`, {
    body: { access_type: 'private', groups: [eng] },
  });
  return { eng, connector };
}

test('D13: an admin reads each pair’s access in words, and may delete', async () => {
  const { connector } = await privateToEng();
  connectTo(server);
  renderApp(`/connectors/${connector}`);
  expect(await screen.findByText('Access: Private to group Eng.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  // The connector's summary says the same, not "Public" from Onyx's connector field.
  const summary = screen.getByText('Access', { selector: 'dt' }).nextElementSibling;
  await waitFor(() => expect(summary).toHaveTextContent('Private to group Eng'));
});

test('D13: a curator is offered no Delete for a private connector, and is told why', async () => {
  const key = await server.keyFor('basic', 'lead@example.com');
  const lead = (await findUserByEmail(server.store.db, 'lead@example.com'))!;
  const { eng, connector } = await privateToEng([lead.id]);
  await api(server, 'POST', `/manage/admin/user-group/${eng}/set-curator`, {
    body: { user_id: lead.id, is_curator: true },
  });
  connectTo(server, key);
  renderApp(`/connectors/${connector}`);
  expect(
    await screen.findByText('Only an admin may delete a connector that is private to groups.'),
  ).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
});

test('D13: the Group filter lives in the address and lists only that group’s connectors', async () => {
  const { eng } = await privateToEng();
  const open = await createConnector(server, { ...plainRequest('web'), name: 'Open docs' });
  await api(server, 'PUT', `/manage/admin/connector/${open}/credential/0`);
  connectTo(server);
  const { user, router } = renderApp(`/connectors?group=${eng}`);
  expect(await screen.findByRole('link', { name: 'Eng docs' })).toBeInTheDocument();
  const filter = await screen.findByRole('combobox', { name: 'Group' });
  await waitFor(() => expect(filter).toHaveDisplayValue('Eng'));
  expect(screen.queryByRole('link', { name: 'Open docs' })).not.toBeInTheDocument();
  await user.selectOptions(filter, 'All groups');
  expect(router.state.location.search).toBe('');
  expect(await screen.findByRole('link', { name: 'Open docs' })).toBeInTheDocument();
});

test('the Group filter and the access choice ask for the groups’ names and the chosen group, never every group whole', async () => {
  const { eng } = await privateToEng();
  const asked: string[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    asked.push(new URL(String(input instanceof Request ? input.url : input)).pathname);
    return realFetch(input, init);
  });
  connectTo(server);
  const { user } = renderApp(`/connectors?group=${eng}`);
  const filter = await screen.findByRole('combobox', { name: 'Group' });
  await waitFor(() => expect(filter).toHaveDisplayValue('Eng'));
  expect(await screen.findByRole('link', { name: 'Eng docs' })).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Eng docs' }));
  // The connector page's Attach offers the access choice, with its group boxes.
  await screen.findByRole('heading', { name: 'Eng docs', level: 1 });
  vi.restoreAllMocks();
  expect(asked).toContain('/api/manage/admin/user-group/names');
  expect(asked).toContain(`/api/manage/admin/user-group/${eng}`);
  // A thousand groups with their members and pairs are not what a few boxes need.
  expect(asked).not.toContain('/api/manage/admin/user-group');
});

/** Lead curates Eng, whose private Jira connector has a credential only admins see. */
async function curatedWithAdminCredential() {
  const key = await server.keyFor('basic', 'lead@example.com');
  const lead = (await findUserByEmail(server.store.db, 'lead@example.com'))!;
  const made = await api(server, 'POST', '/manage/admin/user-group', {
    body: { name: 'Eng', user_ids: [lead.id], cc_pair_ids: [] },
  });
  const eng = (made.json as { id: number }).id;
  await api(server, 'POST', `/manage/admin/user-group/${eng}/set-curator`, {
    body: { user_id: lead.id, is_curator: true },
  });
  const connector = await createConnector(server, jiraRequest({ name: 'Eng Jira' }));
  const adminOnly = await madeCredential(server, 'jira', {
    jira_user_email: 'bot@acme.example',
    jira_api_token: 'tok-0000-1111',
  });
  await api(server, 'PUT', `/manage/admin/connector/${connector}/credential/${adminOnly}`, {
    body: { access_type: 'private', groups: [eng] },
  });
  return { key, connector, adminOnly };
}

test('D13: a curator’s page tells the truth about an admin-only credential on their connector, and offers Replace on that pair', async () => {
  const { key, connector } = await curatedWithAdminCredential();
  connectTo(server, key);
  renderApp(`/connectors/${connector}`);
  expect(
    await screen.findByText('A credential only admins see', { selector: 'strong' }),
  ).toBeInTheDocument();
  expect(screen.getByText(/ask an admin about it, or replace it with one of yours/)).toBeVisible();
  expect(screen.queryByText(/No credential/)).not.toBeInTheDocument();
  expect(
    screen.getByRole('button', { name: 'Replace credential A credential only admins see' }),
  ).toBeInTheDocument();
});

test('D13: the list names a credential the curator cannot see in words, not by its number', async () => {
  const { key, adminOnly } = await curatedWithAdminCredential();
  connectTo(server, key);
  renderApp('/connectors');
  const row = (await screen.findByRole('link', { name: 'Eng Jira' }, { timeout: 15_000 })).closest(
    'tr',
  )!;
  await waitFor(() => expect(row).toHaveTextContent('a credential only admins see'));
  expect(row).not.toHaveTextContent(`#${adminOnly}`);
});
