// @vitest-environment jsdom
// A resource's "Recent changes" on its own page: the real panel against the
// real server, with the fleet the test makes for itself.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/harness';
import { api } from '../../test/support/http';
import { seedFleet } from '../test/fleet';
import { connectTo, renderApp } from '../test/render';
import { findUserByEmail } from '../../server/repos/users';

let server: TestServer;
let fleet: Awaited<ReturnType<typeof seedFleet>>;
beforeEach(async () => {
  server = await startTestServer();
  fleet = await seedFleet(server);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

/** Every request the panel sends to the activity log (passed on to the server as it is). */
function watchAuditRequests() {
  const spy = vi.spyOn(globalThis, 'fetch');
  return () =>
    spy.mock.calls
      .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
      .filter((url) => url.pathname.startsWith('/api/admin/audit'));
}

/** The shell knows the role once the navigation shows only what it may open. */
const roleKnown = () =>
  waitFor(() => expect(screen.queryByRole('link', { name: 'Activity' })).toBeNull());

test('after a pause on the connector page, its recent changes say who paused it, before and after', async () => {
  connectTo(server);
  const id = fleet.connectors['Engineering Jira']!;
  // Another connector's change is not this one's.
  await api(server, 'PATCH', `/manage/admin/connector/${fleet.connectors['Platform Jira']}`, {
    body: { status: 'PAUSED' },
  });
  const { user, router } = renderApp(`/connectors/${id}`);
  await screen.findByRole('heading', { name: 'Engineering Jira', level: 1 });
  const section = await screen.findByRole('region', { name: 'Recent changes' });
  expect(await within(section).findByText('No changes recorded yet.')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Pause' }));
  const list = await within(section).findByRole('list', {
    name: 'Recent changes to Engineering Jira',
  });
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(1);
  expect(items[0]).toHaveTextContent(`${server.adminEmail} paused Engineering Jira`);
  const row = within(items[0]!).getByRole('row', { name: /Status/ });
  expect(
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['Running', 'Paused']);

  await user.click(within(section).getByRole('link', { name: 'All activity for this connector' }));
  await screen.findByRole('heading', { name: 'Activity', level: 1 });
  expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
    resource_type: 'connector',
    resource_id: String(id),
  });
  const all = await screen.findByRole('list', { name: 'Activity' });
  expect(within(all).getAllByRole('listitem')).toHaveLength(1);
  expect(screen.getByRole('combobox', { name: 'What' })).toHaveValue('connector');
  expect(screen.getByRole('searchbox', { name: 'Its id' })).toHaveValue(String(id));
});

test('a curator sees no recent changes and the panel never asks the log (no 403 anywhere)', async () => {
  connectTo(server, await server.keyFor('curator'));
  const auditRequests = watchAuditRequests();
  renderApp(`/connectors/${fleet.connectors['Engineering Jira']}`);
  await screen.findByRole('heading', { name: 'Engineering Jira', level: 1 });
  await roleKnown();
  expect(screen.queryByRole('region', { name: 'Recent changes' })).toBeNull();
  expect(screen.queryByText(/All activity for this/)).toBeNull();
  expect(auditRequests()).toEqual([]);
});

test('a basic user, turned away from the connector page, makes no request to the log either', async () => {
  connectTo(server, await server.keyFor('basic'));
  const auditRequests = watchAuditRequests();
  renderApp(`/connectors/${fleet.connectors['Engineering Jira']}`);
  await screen.findByRole('heading', { name: 'Your role cannot open this page' });
  expect(auditRequests()).toEqual([]);
});

test('a credential’s recent changes are folded away, asked for once opened, and follow a rename', async () => {
  connectTo(server);
  const auditRequests = watchAuditRequests();
  const id = fleet.credentials.slack;
  const { user } = renderApp('/credentials');
  const card = await screen.findByRole('listitem', { name: 'Slack workspace bot' });
  // Shown once the role is known to be admin's, folded: nothing asked yet.
  await within(card).findByText('Recent changes');
  expect(auditRequests()).toEqual([]);

  await user.click(within(card).getByText('Recent changes'));
  expect(await within(card).findByText('No changes recorded yet.')).toBeInTheDocument();
  expect(auditRequests().map((url) => url.searchParams.get('resource_id'))).toEqual([String(id)]);

  // A rename on this page shows in the open list without reopening it.
  await user.click(within(card).getByRole('button', { name: 'Rename Slack workspace bot' }));
  const name = within(card).getByLabelText('New name');
  await user.clear(name);
  await user.type(name, 'Slack bot');
  await user.click(within(card).getByRole('button', { name: 'Save' }));
  const list = await within(card).findByRole('list', { name: /Recent changes to/ });
  expect(within(list).getByRole('listitem')).toHaveTextContent(
    `${server.adminEmail} changed credential Slack bot`,
  );
  expect(
    within(card).getByRole('link', { name: 'All activity for this credential' }),
  ).toHaveAttribute('href', `/activity?resource_type=credential&resource_id=${id}`);
});

test('a chosen user’s recent changes show a role change made here, at once', async () => {
  connectTo(server);
  const { user } = renderApp('/users');
  await screen.findByRole('heading', { name: 'Users and roles', level: 1 });
  await user.click(
    await screen.findByRole('button', { name: /^lee\.basic@example\.com.*change the role$/ }),
  );
  const section = await screen.findByRole('region', { name: 'Recent changes' });
  expect(await within(section).findByText('No changes recorded yet.')).toBeInTheDocument();

  await user.click(screen.getByRole('radio', { name: 'global curator' }));
  await user.click(screen.getByRole('button', { name: 'Set role' }));
  const list = await within(section).findByRole('list', {
    name: 'Recent changes to lee.basic@example.com',
  });
  const item = within(list).getByRole('listitem');
  expect(item).toHaveTextContent(`${server.adminEmail} changed the role of lee.basic@example.com`);
  expect(within(item).getByRole('row', { name: /Role/ })).toHaveTextContent(
    /basic\s*global curator/,
  );
  const lee = await findUserByEmail(server.store.db, 'lee.basic@example.com');
  expect(within(section).getByRole('link', { name: 'All activity for this user' })).toHaveAttribute(
    'href',
    `/activity?resource_type=user&resource_id=${lee!.id}`,
  );
});
