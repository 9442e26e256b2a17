// @vitest-environment jsdom
// The keys' table in words. A role as the rest of the panel
// says it ("global curator", not `global_curator`); a key the key command
// issued (it has no name) says so, beside its masked form as a panel-made
// key's; Edit selects the key's name, so typing replaces it.
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

test("a person's key made with npm run keys: its role and origin in words, its masked form beside them", async () => {
  await server.keyFor('global_curator', 'gail.curator@example.com');
  renderApp('/api-keys');
  const row = await screen.findByRole('row', { name: /gail\.curator@example\.com/ });
  expect(within(row).getByRole('rowheader')).toHaveTextContent(/^Made with npm run keys sd_.{4}…$/);
  expect(within(row).getByRole('cell', { name: 'global curator' })).toBeInTheDocument();
  expect(document.body.textContent).not.toMatch(/global_curator/);
});

test('Edit selects the name: what is typed replaces it', async () => {
  await api(server, 'POST', '/admin/api-key', { body: { name: 'Nightly export', role: 'basic' } });
  const { user } = renderApp('/api-keys');
  await user.click(await screen.findByRole('button', { name: 'Edit Nightly export' }));
  const name = within(
    screen.getByRole('form', { name: 'Edit Nightly export' }),
  ).getByLabelText<HTMLInputElement>('Name');
  expect(name).toHaveFocus();
  expect([name.selectionStart, name.selectionEnd]).toEqual([0, 'Nightly export'.length]);
  await user.keyboard('Weekly export{Enter}');
  expect(await screen.findByText('Key Weekly export saved (basic).')).toHaveFocus();
});
