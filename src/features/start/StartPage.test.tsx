// @vitest-environment jsdom
// Someone with nothing to administer (a basic user, an invitee) lands on a first
// page of their own: who they are signed in as, what the role lets them do, and
// whom to ask for more; not on the API reference, and with no version banner
// they cannot act on (installing a release is an admin's).
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { api } from '../../../test/support/http';
import type { VersionSet } from '../../contract/contract';
import { findUserByEmail } from '../../../server/repos/users';
import { connectTo, renderApp } from '../../test/render';

const newer: VersionSet = (() => {
  const tags = { app: 'v9.0.0', relational_db: 'sqlite:3.53', index: 'none', proxy: 'none' };
  return { stable: tags, dev: tags, migration: tags };
})();

let server: TestServer;
afterEach(() => server.close());

test('a basic user lands on their first page: who they are, what the role lets them do, whom to ask', async () => {
  server = await startTestServer({ versions: newer });
  const key = await server.keyFor('basic', 'ivy.invited@example.com');
  const ivy = (await findUserByEmail(server.store.db, 'ivy.invited@example.com'))!;
  await api(server, 'POST', '/manage/admin/user-group', {
    body: { name: 'Support', user_ids: [ivy.id], cc_pair_ids: [] },
  });
  connectTo(server, key);
  const { router } = renderApp('/');
  expect(
    await screen.findByRole('heading', { name: 'Welcome to Sourcedesk', level: 1 }),
  ).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/start');
  const page = screen.getByRole('heading', { name: 'Welcome to Sourcedesk' }).closest('section')!;
  expect(page).toHaveTextContent(
    'You are signed in as ivy.invited@example.com (basic). Sourcedesk is where admins connect sources',
  );
  expect(page).toHaveTextContent('a basic user may not perform any admin action.');
  expect(page).toHaveTextContent('You belong to group Support');
  expect(within(page).getByRole('link', { name: 'the API reference' })).toHaveAttribute(
    'href',
    '/api-reference',
  );
  expect(page).toHaveTextContent(
    /Ask an administrator of Sourcedesk .* make you a curator of a group/,
  );

  const navigation = screen.getByRole('navigation', { name: 'Main' });
  expect(
    within(navigation)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Start', 'API reference']);
  // A newer release is out (the admin's banner below says so), but not to them:
  // by the time an admin's banner has shown, theirs has not.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(screen.queryByText(/is available/)).not.toBeInTheDocument();
});

test('an admin still gets the version banner and lands on the connectors', async () => {
  server = await startTestServer({ versions: newer });
  connectTo(server);
  const { router } = renderApp('/');
  expect(await screen.findByText(/Sourcedesk v9\.0\.0 is available/)).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/connectors'));
});
