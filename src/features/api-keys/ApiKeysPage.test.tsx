// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
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

test('a new key is shown once; regenerate and delete, each confirmed, refuse the old secret', async () => {
  const { user } = renderApp('/api-keys');
  await screen.findByRole('heading', { name: 'API keys', level: 1 });
  const form = screen.getByRole('form', { name: 'New key' });
  await user.type(within(form).getByLabelText('Name'), 'CI bot');
  await user.selectOptions(within(form).getByLabelText('Role'), 'basic');
  await user.click(within(form).getByRole('button', { name: 'Make key' }));

  const shown = await screen.findByRole('region', { name: 'The new key' });
  expect(shown).toHaveTextContent('you will not see it again');
  const secret = within(shown).getByLabelText('API key').textContent!;
  expect((await api(server, 'GET', '/me', { key: secret })).status).toBe(200);
  const row = await screen.findByRole('row', { name: /CI bot/ });
  expect(row).toHaveTextContent('basic');

  await user.click(within(row).getByRole('button', { name: 'Regenerate CI bot' }));
  await user.click(await screen.findByRole('button', { name: 'Regenerate' }));
  await screen.findByText(
    (_, element) =>
      element?.getAttribute('aria-label') === 'API key' && element.textContent !== secret,
  );
  expect((await api(server, 'GET', '/me', { key: secret })).status).toBe(401);
  const renewed = screen.getByLabelText('API key').textContent!;
  expect((await api(server, 'GET', '/me', { key: renewed })).status).toBe(200);

  await user.click(screen.getByRole('button', { name: 'Delete CI bot' }));
  await user.click(await screen.findByRole('button', { name: 'Delete' }));
  await expect.poll(() => screen.queryByRole('row', { name: /CI bot/ })).toBeNull();
  expect((await api(server, 'GET', '/me', { key: renewed })).status).toBe(401);
});

test('the last admin key cannot be deleted: the refusal is said in words', async () => {
  const { user } = renderApp('/api-keys');
  const row = await screen.findByRole('row', { name: new RegExp(server.adminEmail) });
  const button = within(row).getByRole('button', { name: /^Delete / });
  await user.click(button);
  await user.click(await screen.findByRole('button', { name: 'Delete' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/last API key of an admin/);
});
