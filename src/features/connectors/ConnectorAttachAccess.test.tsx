// @vitest-environment jsdom
// D13 on the connector page's Attach and the unfinished connectors' Finish it:
// the same access choice as the wizard's, sent in D7's body, so a
// curator's pair is private to their groups and never public by accident.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { findUserByEmail } from '../../../server/repos/users';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { api, createConnector, jiraRequest, madeCredential } from '../../../test/support/http';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

/** A curator of each group named (a basic user made curator on set-curator), and their key. */
async function curatorOf(...names: string[]) {
  const key = await server.keyFor('basic', 'lead@example.com');
  const lead = (await findUserByEmail(server.store.db, 'lead@example.com'))!;
  const ids: number[] = [];
  for (const name of names) {
    const made = await api(server, 'POST', '/manage/admin/user-group', {
      body: { name, user_ids: [lead.id], cc_pair_ids: [] },
    });
    const id = (made.json as { id: number }).id;
    await api(server, 'POST', `/manage/admin/user-group/${id}/set-curator`, {
      body: { user_id: lead.id, is_curator: true },
    });
    ids.push(id);
  }
  return { key, ids };
}

/** The curator's own Jira connector (no pair yet) and a Jira credential they made. */
async function curatorsJira(key: string, name: string) {
  const created = await api(server, 'POST', '/manage/admin/connector', {
    key,
    body: jiraRequest({ name }),
  });
  const connector = (created.json as { id: number }).id;
  const credential = await madeCredential(
    server,
    'jira',
    { jira_user_email: 'bot@acme.example', jira_api_token: 'tok-0000-1111' },
    key,
  );
  return { connector, credential };
}

const pairsOf = async (connector: number) =>
  (
    (await api(server, 'GET', `/manage/admin/connector/${connector}`)).json as {
      cc_pairs: { access_type: string; groups: number[] }[];
    }
  ).cc_pairs;

async function chooseCredential(user: ReturnType<typeof renderApp>['user'], label: string) {
  const picker = await screen.findByRole('combobox', { name: label });
  await waitFor(() => expect(picker).toBeEnabled());
  await user.click(picker);
  const option = (await screen.findAllByRole('option')).find((o) =>
    o.textContent?.includes('jira credential'),
  )!;
  await user.click(option);
}

test('D13: a curator of two groups attaches on the connector page: no group is refused in words, then the pair is private to the one chosen', async () => {
  const { key, ids } = await curatorOf('Eng', 'Ops');
  const { connector } = await curatorsJira(key, 'Ops Jira');
  connectTo(server, key);
  const { user } = renderApp(`/connectors/${connector}`);
  await screen.findByRole('heading', { name: 'Ops Jira', level: 1 });
  const access = await screen.findByRole('group', {
    name: 'Who sees this connector with this credential',
  });
  expect(within(access).getByRole('radio', { name: /Private to groups/ })).toBeChecked();
  await chooseCredential(user, 'Jira credential to attach');

  await user.click(screen.getByRole('button', { name: 'Attach' }));
  const eng = screen.getByRole('checkbox', { name: 'Eng' });
  await waitFor(() => expect(eng).toHaveFocus());
  expect(eng).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('group', { name: 'Groups' })).toHaveAccessibleDescription(
    'Choose at least one group, or make the connector public.',
  );
  expect(await pairsOf(connector)).toEqual([]); // nothing was sent

  await user.click(screen.getByRole('checkbox', { name: 'Ops' }));
  await user.click(screen.getByRole('button', { name: 'Attach' }));
  expect(await screen.findByText('Access: Private to group Ops.')).toBeInTheDocument();
  expect(await pairsOf(connector)).toMatchObject([{ access_type: 'private', groups: [ids[1]] }]);
});

test('D13: an admin attaching on the connector page may choose public among the groups', async () => {
  await curatorOf('Eng');
  const connector = await createConnector(server, jiraRequest({ name: 'Open Jira' }));
  await madeCredential(server, 'jira', {
    jira_user_email: 'bot@acme.example',
    jira_api_token: 'tok-0000-1111',
  });
  connectTo(server);
  const { user } = renderApp(`/connectors/${connector}`);
  await screen.findByRole('heading', { name: 'Open Jira', level: 1 });
  expect(await screen.findByRole('radio', { name: /Public/ })).toBeChecked();
  await chooseCredential(user, 'Jira credential to attach');
  await user.click(screen.getByRole('button', { name: 'Attach' }));
  expect(
    await screen.findByText('Access: Public: everyone with admin rights sees it.'),
  ).toBeInTheDocument();
  expect(await pairsOf(connector)).toMatchObject([{ access_type: 'public', groups: [] }]);
});

test('D13: a curator of one group finishing an unfinished connector has it chosen, is told so, and the pair is private to it', async () => {
  const { key, ids } = await curatorOf('Eng');
  const { connector } = await curatorsJira(key, 'Eng Jira');
  connectTo(server, key);
  const { user } = renderApp('/connectors');
  await user.click(await screen.findByRole('button', { name: 'Finish it' }));
  const item = (await screen.findByRole('heading', { name: /Eng Jira/ })).closest('li')!;
  // The form's code comes after the list: its access choice may follow the heading.
  const access = await within(item).findByRole('group', { name: 'Who sees Eng Jira' });
  await waitFor(() =>
    expect(within(access).getByRole('radio', { name: /Private to groups/ })).toBeChecked(),
  );
  expect(within(item).getByRole('checkbox', { name: 'Eng' })).toBeChecked();
  expect(
    within(item).getByText('This connector will be assigned to group Eng.'),
  ).toBeInTheDocument();
  await chooseCredential(user, 'Credential for Eng Jira');
  await user.click(within(item).getByRole('button', { name: 'Attach credential' }));
  expect(
    await screen.findByText('Credential attached: “Eng Jira” is finished and listed.'),
  ).toBeInTheDocument();
  expect(await pairsOf(connector)).toMatchObject([{ access_type: 'private', groups: [ids[0]] }]);
});

test('D13: on a private connector, Attach starts on the connector’s own access, not on Public', async () => {
  const { ids } = await curatorOf('Eng');
  await curatorOf('Ops');
  const connector = await createConnector(server, jiraRequest({ name: 'Eng Jira' }));
  const values = { jira_user_email: 'bot@acme.example', jira_api_token: 'tok-0000-1111' };
  const first = await madeCredential(server, 'jira', values);
  await madeCredential(server, 'jira', values);
  await api(server, 'PUT', `/manage/admin/connector/${connector}/credential/${first}`, {
    body: { access_type: 'private', groups: [ids[0]] },
  });
  connectTo(server);
  renderApp(`/connectors/${connector}`);
  const access = await screen.findByRole('group', {
    name: 'Who sees this connector with this credential',
  });
  await waitFor(() =>
    expect(within(access).getByRole('radio', { name: /Private to groups/ })).toBeChecked(),
  );
  expect(screen.getByRole('checkbox', { name: 'Eng' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Ops' })).not.toBeChecked();
});
