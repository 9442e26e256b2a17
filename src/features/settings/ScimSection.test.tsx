// @vitest-environment jsdom
// Settings → Identity provider (SCIM): an admin makes the token (shown once,
// with the base URL to paste), rotates it after a question (the old one stops
// at once); the Users page marks the people SCIM manages, their deactivation
// held back with the reason.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { makeScimToken, oktaUser, scim } from '../../../test/support/scim';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  connectTo(server);
});
afterEach(() => server.close());

test('makes the SCIM token, shown once; rotating asks first and stops the old one at once', async () => {
  const { user } = renderApp('/settings');
  await screen.findByRole('heading', { name: 'Identity provider (SCIM)' });
  expect(await screen.findByText(/No SCIM token yet/)).toBeVisible();
  expect((screen.getByLabelText('Base URL') as HTMLInputElement).value).toMatch(/\/api\/scim\/v2$/);

  const form = screen.getByRole('form', { name: 'SCIM token' });
  await user.type(within(form).getByLabelText('Token name'), 'Okta');
  await user.click(within(form).getByRole('button', { name: 'Make a token' }));
  const shown = await screen.findByRole('region', { name: 'The new SCIM token' });
  const first = (within(shown).getByLabelText('SCIM token') as HTMLInputElement).value;
  expect(first).toMatch(/^sd_scim_/);
  expect(within(shown).getByRole('button', { name: 'Copy' })).toHaveFocus();
  expect(await screen.findByText(/Active token/)).toHaveTextContent(`ending in ${first.slice(-4)}`);
  await user.click(within(shown).getByRole('button', { name: 'Done' }));
  expect(screen.queryByDisplayValue(first)).toBeNull();

  await user.click(within(form).getByRole('button', { name: 'Rotate the token' }));
  const dialog = await screen.findByRole('dialog', { name: 'Rotate the SCIM token?' });
  expect(dialog).toHaveTextContent(/stops working at once/);
  await user.click(within(dialog).getByRole('button', { name: 'Rotate the token' }));
  const again = await screen.findByRole('region', { name: 'The new SCIM token' });
  const second = (within(again).getByLabelText('SCIM token') as HTMLInputElement).value;
  expect(second).not.toBe(first);
  expect((await scim(server, first, 'GET', '/Users')).status).toBe(401);
  expect((await scim(server, second, 'GET', '/Users')).status).toBe(200);
});

test('the Users page marks a person SCIM manages, their deactivation held back with the reason', async () => {
  const token = await makeScimToken(server);
  const made = await scim(server, token, 'POST', '/Users', { body: oktaUser('managed@scim.test') });
  expect(made.status).toBe(201);
  renderApp('/users');
  const email = await screen.findByText('managed@scim.test', {}, { timeout: 5000 });
  const row = email.closest('li')!;
  expect(await within(row).findByText(/Managed by your identity provider/)).toBeVisible();
  const deactivate = within(row).getByRole('button', { name: 'Deactivate managed@scim.test' });
  expect(deactivate).toBeDisabled();
  expect(deactivate).toHaveAccessibleDescription(
    /Deactivate or reactivate this person in your identity provider/,
  );
});
