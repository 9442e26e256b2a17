// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { api } from '../../../test/support/http';
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

/** The page's result message, once it says `words`: it holds the keyboard. */
async function resultSays(words: string | RegExp) {
  const message = await screen.findByText(words, { selector: '[role="status"]' });
  expect(message).toHaveFocus();
  return message;
}

async function makeKey(user: ReturnType<typeof renderApp>['user'], name: string, role: string) {
  const form = screen.getByRole('form', { name: 'New key' });
  await user.type(within(form).getByLabelText('Name'), name);
  await user.selectOptions(within(form).getByLabelText('Role'), role);
  await user.click(within(form).getByRole('button', { name: 'Make key' }));
}

test('a new key is shown once; regenerate and delete, each confirmed, refuse the old secret; each result holds the keyboard', async () => {
  const { user } = renderApp('/api-keys');
  await screen.findByRole('heading', { name: 'API keys', level: 1 });
  await makeKey(user, 'CI bot', 'basic');

  await resultSays('Key CI bot made (basic). Copy it now.');
  const shown = screen.getByRole('region', { name: 'The new key' });
  expect(shown).toHaveTextContent('you will not see it again');
  const secret = within(shown).getByLabelText('API key').textContent!;
  expect((await api(server, 'GET', '/me', { key: secret })).status).toBe(200);
  const row = await screen.findByRole('row', { name: /CI bot/ });
  expect(row).toHaveTextContent('basic');

  await user.click(within(row).getByRole('button', { name: 'Regenerate CI bot' }));
  await user.click(await screen.findByRole('button', { name: 'Regenerate' }));
  await resultSays(/^Key CI bot regenerated: its old secret is refused/);
  expect((await api(server, 'GET', '/me', { key: secret })).status).toBe(401);
  const renewed = screen.getByLabelText('API key').textContent!;
  expect(renewed).not.toBe(secret);
  expect((await api(server, 'GET', '/me', { key: renewed })).status).toBe(200);

  const deleteButton = screen.getByRole('button', { name: 'Delete CI bot' });
  expect(deleteButton).toHaveClass('danger');
  await user.click(deleteButton);
  const confirm = await screen.findByRole('button', { name: 'Delete' });
  expect(confirm).toHaveClass('danger');
  await user.click(confirm);
  await resultSays('Key CI bot deleted: it is refused from now on.');
  expect(screen.queryByRole('row', { name: /CI bot/ })).toBeNull();
  expect((await api(server, 'GET', '/me', { key: renewed })).status).toBe(401);
  // The deleted key's secret is no longer shown.
  expect(screen.queryByRole('region', { name: 'The new key' })).toBeNull();
  expect(screen.queryByText(renewed)).toBeNull();
});

test('Edit renames at once; a role change is asked first, and then the key acts with it', async () => {
  const { user } = renderApp('/api-keys');
  await screen.findByRole('heading', { name: 'API keys', level: 1 });
  await makeKey(user, 'Nightly', 'basic');
  await resultSays(/^Key Nightly made/);
  const secret = screen.getByLabelText('API key').textContent!;

  // A new name alone: saved without a question.
  await user.click(await screen.findByRole('button', { name: 'Edit Nightly' }));
  let form = screen.getByRole('form', { name: 'Edit Nightly' });
  await user.clear(within(form).getByLabelText('Name'));
  await user.type(within(form).getByLabelText('Name'), 'Nightly sync');
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  await resultSays('Key Nightly sync saved (basic).');
  expect(screen.getByRole('row', { name: /Nightly sync/ })).toHaveTextContent('basic');

  // A role change is asked first; Cancel changes nothing.
  await user.click(screen.getByRole('button', { name: 'Edit Nightly sync' }));
  form = screen.getByRole('form', { name: 'Edit Nightly sync' });
  await user.selectOptions(within(form).getByLabelText('Role'), 'admin');
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  const dialog = await screen.findByRole('dialog', { name: 'Make Nightly sync admin?' });
  expect(dialog).toHaveTextContent('from basic to admin');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect((await api(server, 'GET', '/me', { key: secret })).json).toMatchObject({ role: 'basic' });

  await user.click(within(form).getByRole('button', { name: 'Save' }));
  await user.click(await screen.findByRole('button', { name: 'Make it admin' }));
  await resultSays('Key Nightly sync saved (admin).');
  expect(screen.getByRole('row', { name: /Nightly sync/ })).toHaveTextContent('admin');
  expect((await api(server, 'GET', '/me', { key: secret })).json).toMatchObject({ role: 'admin' });
});

test('the last admin key cannot be deleted: the refusal is said in words and holds the keyboard', async () => {
  const { user } = renderApp('/api-keys');
  const row = await screen.findByRole('row', { name: new RegExp(server.adminEmail) });
  const button = within(row).getByRole('button', { name: /^Delete / });
  await user.click(button);
  await user.click(await screen.findByRole('button', { name: 'Delete' }));
  await resultSays(/: not done\. .*last API key of an admin/);
  expect(screen.getByRole('row', { name: new RegExp(server.adminEmail) })).toBeInTheDocument();
});

test('an expiry in the past is refused next to the Expires field, which gets the keyboard; nothing is sent', async () => {
  const { user } = renderApp('/api-keys');
  await screen.findByRole('row', { name: new RegExp(server.adminEmail) });
  const form = screen.getByRole('form', { name: 'New key' });
  await user.type(within(form).getByLabelText('Name'), 'Too late');
  const expires = within(form).getByLabelText(/^Expires/);
  fireEvent.change(expires, { target: { value: '2020-01-01T10:00' } });
  await user.click(within(form).getByRole('button', { name: 'Make key' }));
  expect(expires).toHaveAttribute('aria-invalid', 'true');
  expect(expires).toHaveAccessibleDescription('Choose a date and time in the future.');
  expect(expires).toHaveFocus();
  expect(screen.queryByRole('region', { name: 'The new key' })).toBeNull();
  expect(screen.queryByRole('row', { name: /Too late/ })).toBeNull();
  expect(screen.queryByText(/Input should be/)).toBeNull();
});

test("the server's 422 about expires_at is put next to the Expires field in words", async () => {
  const { user } = renderApp('/api-keys');
  await screen.findByRole('row', { name: new RegExp(server.adminEmail) });
  // The form never sends a past date, so the fault is injected.
  const realFetch = globalThis.fetch;
  const detail = [
    { loc: ['body', 'expires_at'], msg: 'Input should be in the future', type: 'value_error' },
  ];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) =>
    init?.method === 'POST' &&
    String(input instanceof Request ? input.url : input).endsWith('/admin/api-key')
      ? new Response(JSON.stringify({ detail }), { status: 422 })
      : realFetch(input, init),
  );
  const form = screen.getByRole('form', { name: 'New key' });
  const expires = within(form).getByLabelText(/^Expires/);
  fireEvent.change(expires, { target: { value: '2999-01-01T10:00' } });
  await user.click(within(form).getByRole('button', { name: 'Make key' }));
  await waitFor(() =>
    expect(expires).toHaveAccessibleDescription('Choose a date and time in the future.'),
  );
  expect(expires).toHaveAttribute('aria-invalid', 'true');
  expect(expires).toHaveFocus();
  expect(screen.queryByText(/Input should be/)).toBeNull();
});

test('focus: Done goes to the new key, Edit to its Name field, Cancel back to Edit; a refused role change to its refusal', async () => {
  const { user } = renderApp('/api-keys');
  await screen.findByRole('heading', { name: 'API keys', level: 1 });
  await makeKey(user, 'Focus bot', 'basic');
  await resultSays(/^Key Focus bot made/);
  const shown = screen.getByRole('region', { name: 'The new key' });
  await user.click(within(shown).getByRole('button', { name: 'Done' }));
  expect(screen.queryByRole('region', { name: 'The new key' })).toBeNull();
  const row = screen.getByRole('row', { name: /Focus bot/ });
  const edit = within(row).getByRole('button', { name: 'Edit Focus bot' });
  expect(edit).toHaveFocus();

  await user.click(edit);
  const form = screen.getByRole('form', { name: 'Edit Focus bot' });
  expect(within(form).getByLabelText('Name')).toHaveFocus();
  await user.click(within(form).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('form', { name: 'Edit Focus bot' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Edit Focus bot' })).toHaveFocus();

  // The admin's own key (it has no name): its role cannot change.
  const adminRow = screen.getByRole('row', { name: /^Made with npm run keys sd_/ });
  await user.click(within(adminRow).getByRole('button', { name: /^Edit / }));
  const adminForm = within(adminRow).getByRole('form');
  await user.selectOptions(within(adminForm).getByLabelText('Role'), 'basic');
  await user.click(within(adminForm).getByRole('button', { name: 'Save' }));
  await user.click(await screen.findByRole('button', { name: 'Make it basic' }));
  await resultSays(/not done\./);
});
