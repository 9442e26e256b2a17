// @vitest-environment jsdom
// Issue 27, item 16: Edit (a connector's rename) opens on its Name field with
// the old name selected, so typing replaces it, not on "Close the editor".
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { addCredential, attach, createConnector, jiraRequest } from '../../../test/support/http';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
let connector: number;
beforeEach(async () => {
  server = await startTestServer();
  connector = await createConnector(server, jiraRequest({ name: 'Docs Jira' }));
  await attach(
    server,
    connector,
    await addCredential(server, 'jira', { jira_api_token: 'a-secret-token-0000' }, 'Jira bot'),
  );
  connectTo(server);
});
afterEach(() => server.close());

test('Edit opens on the Name field, the old name selected: typing replaces it', async () => {
  const { user } = renderApp(`/connectors/${connector}`);
  await screen.findByRole('heading', { name: 'Docs Jira', level: 1 });
  await user.click(screen.getByRole('button', { name: 'Edit' }));
  const editor = screen.getByRole('form', { name: 'Edit Docs Jira' });
  const name = within(editor).getByLabelText<HTMLInputElement>('Name');
  expect(name).toHaveFocus();
  expect([name.selectionStart, name.selectionEnd]).toEqual([0, 'Docs Jira'.length]);

  await user.keyboard('Docs Jira (renamed){Enter}');
  expect(
    await screen.findByRole('heading', { name: 'Docs Jira (renamed)', level: 1 }),
  ).toBeInTheDocument();
});
