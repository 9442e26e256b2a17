// @vitest-environment jsdom
// D13 in the wizard: the Access step. A curator of one group has it
// chosen and is told so; private needs a group; the review says the access in
// words, and the attach sends it (D7's body).
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { findUserByEmail } from '../../../server/repos/users';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { api, makeGroup as makeGroupFor } from '../../../test/support/http';
import { connectTo, renderApp } from '../../test/render';
import { heading, next } from '../../test/wizardSteps';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const makeGroup = (name: string, userIds: string[] = []) => makeGroupFor(server, name, userIds);

/** The pairs of the connector of that name, as the API answers them. */
async function pairsOf(name: string) {
  const list = await api(server, 'GET', '/manage/admin/connector');
  const made = (list.json as { id: number; name: string }[]).find((c) => c.name === name)!;
  const detail = await api(server, 'GET', `/manage/admin/connector/${made.id}`);
  return (detail.json as { cc_pairs: { access_type: string; groups: number[] }[] }).cc_pairs;
}

/** The connector's own access, as the API and its creation record say it. */
async function ownAccessOf(name: string) {
  const list = await api(server, 'GET', '/manage/admin/connector');
  const made = (list.json as { id: number; name: string }[]).find((c) => c.name === name)!;
  const detail = await api(server, 'GET', `/manage/admin/connector/${made.id}`);
  return (detail.json as { access_type: string }).access_type;
}

async function fillWeb(user: ReturnType<typeof renderApp>['user'], name: string) {
  await heading('Connection');
  await user.type(screen.getByLabelText('Name'), name);
  await user.type(screen.getByLabelText('Start address'), 'https://docs.acme.example/');
  await next(user);
  await heading('Schedule');
  await next(user);
}

test('D13: a curator of one group has it chosen, is told so, and the connector is private to it', async () => {
  const key = await server.keyFor('basic', 'lead@example.com');
  const lead = (await findUserByEmail(server.store.db, 'lead@example.com'))!;
  const eng = await makeGroup('Eng', [lead.id]);
  await makeGroup('Sales');
  await api(server, 'POST', `/manage/admin/user-group/${eng}/set-curator`, {
    body: { user_id: lead.id, is_curator: true },
  });
  connectTo(server, key);
  const { user, router } = renderApp('/connectors/new/web');
  await fillWeb(user, 'Eng docs');
  await heading('Step 3 of 4: Access');
  expect(screen.getByRole('radio', { name: /Private to groups/ })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Eng' })).toBeChecked();
  expect(screen.queryByRole('checkbox', { name: 'Sales' })).not.toBeInTheDocument();
  expect(screen.getByText('This connector will be assigned to group Eng.')).toBeInTheDocument();
  await next(user);
  await heading('Review');
  expect(
    screen.getByText('Private to group Eng: only their curators and members see it.'),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Create without testing' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/connectors'));
  expect(await pairsOf('Eng docs')).toMatchObject([{ access_type: 'private', groups: [eng] }]);
});

test('D13: private without a group is named next to the groups; public says so in the review', async () => {
  connectTo(server);
  const sales = await makeGroup('Sales');
  await makeGroup('Eng');
  const { user, router } = renderApp('/connectors/new/web');
  await fillWeb(user, 'Sales docs');
  await heading('Access');
  expect(screen.getByRole('radio', { name: /Public/ })).toBeChecked();
  await user.click(screen.getByRole('radio', { name: /Private to groups/ }));
  await next(user);
  const summary = await screen.findByRole('group', { name: 'There is a problem' });
  await waitFor(() => expect(summary).toHaveFocus());
  expect(screen.getByRole('checkbox', { name: 'Sales' })).toHaveAttribute('aria-invalid', 'true');
  expect(
    screen.getByText(/Choose at least one group, or make the connector public/, {
      selector: '.field-error',
    }),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: 'Sales' }));
  await next(user);
  await heading('Review');
  expect(
    screen.getByText('Private to group Sales: only their curators and members see it.'),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Create without testing' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/connectors'));
  expect(await pairsOf('Sales docs')).toMatchObject([{ access_type: 'private', groups: [sales] }]);
  // The connector itself is not called public beside its private pair.
  expect(await ownAccessOf('Sales docs')).toBe('PRIVATE');
});

test('an admin with no group yet has no Access step: the connector is public', async () => {
  connectTo(server);
  const { user } = renderApp('/connectors/new/web');
  await fillWeb(user, 'Open docs');
  await heading('Step 3 of 3: Review');
  expect(screen.queryByRole('heading', { name: 'Access' })).not.toBeInTheDocument();
});
