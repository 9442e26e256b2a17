// @vitest-environment jsdom
// D13 at scale: the Groups page asks the server for one page of groups, found
// by name (search and page in the address), and each group has a page of its own.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { api } from '../../../test/support/http';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  connectTo(server);
});
afterEach(() => server.close());

const makeGroup = async (name: string) =>
  (
    (
      await api(server, 'POST', '/manage/admin/user-group', {
        body: { name, user_ids: [], cc_pair_ids: [] },
      })
    ).json as { id: number }
  ).id;

const cardNames = () =>
  screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
/** The cards of the test's teams, by name, in the order shown. */
const teamCards = () => cardNames().filter((name) => name?.startsWith('Team'));

test('25 groups: ten a page, a search the server answers, and Next and Previous by keyboard', async () => {
  for (let n = 1; n <= 25; n++) await makeGroup(`Team ${String(n).padStart(2, '0')}`);
  const { user } = renderApp('/groups');
  expect(await screen.findByText('25 groups')).toBeInTheDocument();
  expect(teamCards()).toHaveLength(10);
  expect(screen.getByRole('heading', { name: 'Team 01', level: 2 })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Team 11', level: 2 })).not.toBeInTheDocument();

  const pages = screen.getByRole('navigation', { name: 'Pages of groups' });
  expect(pages).toHaveTextContent('Page 1 of 3');
  await user.click(within(pages).getByRole('button', { name: 'Next page' }));
  expect(await screen.findByRole('heading', { name: 'Team 11', level: 2 })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Team 01', level: 2 })).not.toBeInTheDocument();
  await user.click(within(pages).getByRole('button', { name: 'Next page' }));
  // The last page: Next is disabled and the keyboard goes to Previous.
  await waitFor(() =>
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toHaveFocus(),
  );
  // The page before stays on screen until the last page's answer replaces it.
  await waitFor(() =>
    expect(teamCards()).toEqual(['Team 21', 'Team 22', 'Team 23', 'Team 24', 'Team 25']),
  );

  await user.type(screen.getByLabelText('Search groups by name'), 'team 2');
  expect(await screen.findByText('6 groups match “team 2”')).toBeInTheDocument();
  await waitFor(() =>
    expect(teamCards()).toEqual(['Team 20', 'Team 21', 'Team 22', 'Team 23', 'Team 24', 'Team 25']),
  );
  expect(screen.queryByRole('navigation', { name: 'Pages of groups' })).not.toBeInTheDocument();

  await user.clear(screen.getByLabelText('Search groups by name'));
  await user.type(screen.getByLabelText('Search groups by name'), 'nobody');
  expect(await screen.findByText('0 groups match “nobody”.')).toBeInTheDocument();
});

test('a group’s own page: its card alone, reached from the list; deleting it goes back to the list', async () => {
  const ops = await makeGroup('Ops');
  await makeGroup('Sales');
  const { user, router } = renderApp('/groups');
  await user.click(await screen.findByRole('link', { name: 'Ops' }));
  expect(await screen.findByRole('heading', { name: 'Ops', level: 1 })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe(`/groups/${ops}`);
  expect(screen.queryByRole('heading', { name: 'Sales' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Delete group Ops' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete group Ops?' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete group' }));
  await waitFor(() => expect(screen.getByText('Group Ops deleted.')).toHaveFocus());
  expect(router.state.location.pathname).toBe('/groups');
  expect(await screen.findByRole('heading', { name: 'Sales', level: 2 })).toBeInTheDocument();
});

test('a group the caller does not administer, or no group at all: its page says so', async () => {
  const sales = await makeGroup('Sales');
  const key = await server.keyFor('curator', 'lead@example.com');
  connectTo(server, key);
  renderApp(`/groups/${sales}`);
  expect(
    await screen.findByRole('heading', { name: 'No such group', level: 1 }),
  ).toBeInTheDocument();
  expect(screen.queryByText('Sales')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'All groups' })).toHaveAttribute('href', '/groups');
});
