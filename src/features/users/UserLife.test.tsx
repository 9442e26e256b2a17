// @vitest-environment jsdom
// The users page's life of a user (docs/api.md, "Users") against the real server:
// invitations (each bad address named, nothing sent), their removal, deactivation,
// reactivation, deletion and the CSV; the keyboard after each action.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { findUserByEmail, listInvitedUsers } from '../../../server/repos/users';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  connectTo(server);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

const invitedNow = async () =>
  (await listInvitedUsers(server.store.db)).map((entry) => entry.email);

async function openPage() {
  const view = renderApp('/users');
  await screen.findByRole('heading', { name: 'Users and roles', level: 1 });
  return view;
}

test('invites several addresses at once; each bad one is named and nothing is invited', async () => {
  const { user } = await openPage();
  const field = screen.getByLabelText('E-mail addresses to invite');
  await user.type(field, 'ann@example.com, not-an-address;x@localhost');
  await user.click(screen.getByRole('button', { name: 'Invite' }));
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(/“not-an-address”.*“x@localhost”.*Nothing was invited/);
  expect(field).not.toHaveAccessibleDescription(/ann@example\.com/);
  await waitFor(() => expect(field).toHaveFocus());
  expect(await invitedNow()).toEqual([]);

  await user.clear(field);
  await user.type(field, 'ann@example.com\nbob@example.com');
  await user.click(screen.getByRole('button', { name: 'Invite' }));
  const message = await screen.findByText(/^Invited ann@example\.com, bob@example\.com\./);
  await waitFor(() => expect(message).toHaveFocus());
  // No single sign-on on this server: each gets a sign-in link.
  expect(message).toHaveTextContent(/Send each their sign-in link below/);
  expect(await invitedNow()).toEqual(['ann@example.com', 'bob@example.com']);
  const list = screen.getByRole('list', { name: 'Invited addresses' });
  expect(await within(list).findByText('ann@example.com')).toBeVisible();

  // Withdrawn, after a dialog naming the address.
  await user.click(
    within(list).getByRole('button', { name: 'Remove invitation of ann@example.com' }),
  );
  const dialog = await screen.findByRole('dialog', {
    name: 'Remove the invitation of ann@example.com?',
  });
  await user.click(
    within(dialog).getByRole('button', { name: 'Remove invitation of ann@example.com' }),
  );
  const removed = await screen.findByText('The invitation of ann@example.com is withdrawn.');
  await waitFor(() => expect(removed).toHaveFocus());
  expect(await invitedNow()).toEqual(['bob@example.com']);
  await waitFor(() => expect(within(list).queryByText('ann@example.com')).toBeNull());
});

test('an address that is a user already is said to be one, not invited', async () => {
  const { user } = await openPage();
  const field = screen.getByLabelText('E-mail addresses to invite');
  await user.type(field, `carl@example.com ${server.adminEmail.toUpperCase()}`);
  await user.click(screen.getByRole('button', { name: 'Invite' }));
  const message = await screen.findByText(/^Invited carl@example\.com\./);
  expect(message).toHaveTextContent(
    `${server.adminEmail.toUpperCase()} is a user already: left as it was.`,
  );
  // Named once: as a user, not among the invited.
  expect(message.textContent!.split(server.adminEmail.toUpperCase())).toHaveLength(2);
  expect(await invitedNow()).toEqual(['carl@example.com']);
});

test('without single sign-on: says so before inviting, then shows each person their one-time link', async () => {
  const { user } = await openPage();
  expect(
    await screen.findByText(
      /This server has no single sign-on: for each person you invite you get a one-time sign-in link/,
    ),
  ).toBeVisible();
  await user.type(screen.getByLabelText('E-mail addresses to invite'), 'eli@example.com');
  await user.click(screen.getByRole('button', { name: 'Invite' }));
  const message = await screen.findByText(
    /^Invited eli@example\.com\. Send them their sign-in link below\./,
  );
  await waitFor(() => expect(message).toHaveFocus());
  const links = screen.getByRole('region', { name: 'Sign-in links' });
  const box = within(links).getByLabelText('Sign-in link for eli@example.com');
  expect((box as HTMLInputElement).value).toMatch(
    new RegExp(`^${server.origin}/#invitation=[\\w-]{43}$`),
  );
  expect(within(links).getByText(/you will not see it again/)).toBeVisible();
  const writeText = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  await user.click(
    within(links).getByRole('button', { name: 'Copy the sign-in link for eli@example.com' }),
  );
  expect(writeText).toHaveBeenCalledWith((box as HTMLInputElement).value);
  expect(await within(links).findByText('Copied')).toBeVisible();
});

test('re-inviting an open invitation says "already invited", not "Invited"', async () => {
  const { user } = await openPage();
  const field = screen.getByLabelText('E-mail addresses to invite');
  await user.type(field, 'fay@example.com');
  await user.click(screen.getByRole('button', { name: 'Invite' }));
  await screen.findByText(/^Invited fay@example\.com\./);
  await user.type(field, 'FAY@example.com gil@example.com');
  await user.click(screen.getByRole('button', { name: 'Invite' }));
  const message = await screen.findByText(/^Invited gil@example\.com\./);
  expect(message).toHaveTextContent('FAY@example.com is already invited: left as it was.');
  expect(message.textContent!.split('FAY@example.com')).toHaveLength(2);
  // Only the new invitation has a link.
  const links = screen.getByRole('region', { name: 'Sign-in links' });
  expect(within(links).getAllByRole('textbox')).toHaveLength(1);
  expect(within(links).getByLabelText('Sign-in link for gil@example.com')).toBeVisible();
});

test('with single sign-on set up, the invitation names the way in', async () => {
  await server.close();
  // The provider is found only when someone signs in through it: none is asked here.
  server = await startTestServer({
    oidc: {
      issuer: 'http://127.0.0.1:9/never-asked',
      clientId: 'sourcedesk',
      clientSecret: 'not-used',
      name: 'Acme SSO',
      allowedDomains: [],
      roleClaim: undefined,
    },
  });
  connectTo(server);
  const { user } = await openPage();
  expect(await screen.findByText('Invited people sign in with Acme SSO.')).toBeVisible();
  await user.type(screen.getByLabelText('E-mail addresses to invite'), 'dora@example.com');
  await user.click(screen.getByRole('button', { name: 'Invite' }));
  expect(
    await screen.findByText('Invited dora@example.com. They can sign in with Acme SSO.'),
  ).toBeInTheDocument();
  // No link is made with single sign-on.
  expect(screen.queryByRole('region', { name: 'Sign-in links' })).toBeNull();
});

test('deactivates, reactivates and deletes a user, each confirmed by name; the message takes the keyboard', async () => {
  await server.keyFor('basic', 'dee@example.com');
  const { user } = await openPage();
  const row = async () =>
    (await screen.findByRole('button', { name: /dee@example\.com.*change the role/ })).closest(
      'li',
    )!;

  await user.click(within(await row()).getByRole('button', { name: 'Deactivate dee@example.com' }));
  let dialog = await screen.findByRole('dialog', { name: 'Deactivate dee@example.com?' });
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Deactivate dee@example.com' }));
  let message = await screen.findByText(/^dee@example\.com is deactivated/);
  await waitFor(() => expect(message).toHaveFocus());
  expect((await findUserByEmail(server.store.db, 'dee@example.com'))?.is_active).toBe(false);
  await waitFor(async () => expect(within(await row()).getByText('deactivated')).toBeVisible());

  // Shown alone with the status filter.
  await user.selectOptions(screen.getByLabelText('Show'), 'deactivated');
  expect(await screen.findByText(/^1 deactivated user$/)).toBeVisible();

  await user.click(within(await row()).getByRole('button', { name: 'Reactivate dee@example.com' }));
  dialog = await screen.findByRole('dialog', { name: 'Reactivate dee@example.com?' });
  await user.click(within(dialog).getByRole('button', { name: 'Reactivate dee@example.com' }));
  message = await screen.findByText(/^dee@example\.com is active again/);
  await waitFor(() => expect(message).toHaveFocus());
  expect((await findUserByEmail(server.store.db, 'dee@example.com'))?.is_active).toBe(true);

  await user.selectOptions(screen.getByLabelText('Show'), 'all');
  // The row comes back with the new filter's answer (the last one may still be on screen).
  await user.click(
    await within(await row()).findByRole('button', { name: 'Deactivate dee@example.com' }),
  );
  dialog = await screen.findByRole('dialog', { name: 'Deactivate dee@example.com?' });
  await user.click(within(dialog).getByRole('button', { name: 'Deactivate dee@example.com' }));
  await screen.findByText(/^dee@example\.com is deactivated/);
  await user.click(within(await row()).getByRole('button', { name: 'Delete dee@example.com' }));
  dialog = await screen.findByRole('dialog', { name: 'Delete dee@example.com?' });
  expect(dialog).toHaveAccessibleDescription(/What they made .* stays/);
  await user.click(within(dialog).getByRole('button', { name: 'Delete dee@example.com' }));
  message = await screen.findByText('dee@example.com is deleted.');
  await waitFor(() => expect(message).toHaveFocus());
  expect(await findUserByEmail(server.store.db, 'dee@example.com')).toBeUndefined();
  await waitFor(() =>
    expect(screen.queryByRole('button', { name: /dee@example\.com.*change the role/ })).toBeNull(),
  );
});

test('offers no deactivation of yourself', async () => {
  await openPage();
  const me = await screen.findByRole('button', {
    name: new RegExp(`${server.adminEmail}.*change the role`),
  });
  expect(await within(me.closest('li')!).findByText('(you)')).toBeVisible();
  expect(within(me.closest('li')!).queryByRole('button', { name: /^Deactivate/ })).toBeNull();
});

test('downloads the users as CSV through the API, with the panel’s credentials', async () => {
  // jsdom has no object URLs: the file handed to the browser is caught here.
  const saved: Blob[] = [];
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:users'),
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  const { user } = await openPage();
  await user.click(screen.getByRole('button', { name: 'Download users as CSV' }));
  const message = await screen.findByText(/^users\.csv is downloaded/);
  await waitFor(() => expect(message).toHaveFocus());
  expect(saved).toHaveLength(1);
  const text = await saved[0]!.text();
  expect(text.split('\r\n')[0]).toBe('Email,Role,Status');
  expect(text).toContain(`${server.adminEmail},admin,Active`);
});
