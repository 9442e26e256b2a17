// @vitest-environment jsdom
// A form opens on its first field, not on the button that
// opened it (now "Close the form"); Rename selects the old name, so typing
// replaces it; Cancel gives the keyboard back to the button that opened the form.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { addCredential } from '../../../test/support/http';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  connectTo(server);
});
afterEach(() => server.close());

test('New credential opens on its Name field; Cancel gives the keyboard back to New credential', async () => {
  const { user } = renderApp('/credentials');
  await user.click(await screen.findByRole('button', { name: 'New credential' }));
  const form = screen.getByRole('region', { name: 'New credential' });
  expect(within(form).getByLabelText('Name')).toHaveFocus();

  await user.click(within(form).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('region', { name: 'New credential' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'New credential' })).toHaveFocus();
});

test('Rename selects the whole old name: what is typed replaces it', async () => {
  await addCredential(server, 'jira', { jira_api_token: 'token-1234567890' }, 'Jira bot');
  const { user } = renderApp('/credentials');
  const item = (await screen.findByRole('heading', { name: 'Jira bot', level: 2 })).closest('li')!;
  await user.click(within(item).getByRole('button', { name: 'Rename Jira bot' }));
  const name = within(item).getByLabelText<HTMLInputElement>('New name');
  expect(name).toHaveFocus();
  expect([name.selectionStart, name.selectionEnd]).toEqual([0, 'Jira bot'.length]);

  await user.keyboard('Jira support bot{Enter}');
  expect(await screen.findByText('Renamed to “Jira support bot”.')).toBeInTheDocument();
});
