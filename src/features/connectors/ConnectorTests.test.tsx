// @vitest-environment jsdom
// Testing a saved connector from its page: Test now per
// credential, with the last test kept on the server, and Edit's "Test and
// save", as the wizard tests — against a stand-in Jira on 127.0.0.1 whose
// token can be revoked.
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import {
  api,
  attach,
  createConnector,
  jiraRequest,
  madeCredential,
} from '../../../test/support/http';
import * as standIns from '../../../test/support/standIns';
import { connectTo, renderApp } from '../../test/render';

const TOKEN = 'stored-token-for-the-page';
let jira: standIns.StandIn;
let accepted = TOKEN;
let server: TestServer;
let connector: number;

beforeAll(async () => {
  jira = await standIns.startStandIn({
    'GET /rest/api/2/myself': (request, response) =>
      request.headers.authorization === `Bearer ${accepted}`
        ? standIns.sendJson(response, 200, { name: 'bot' })
        : standIns.sendJson(response, 401, {}),
    'GET /rest/api/2/project/ENG': (_request, response) =>
      standIns.sendJson(response, 200, { key: 'ENG' }),
  });
});
afterAll(() => jira.close());
beforeEach(async () => {
  accepted = TOKEN;
  server = await startTestServer({ connectionTest: { limit: null } });
  connector = await createConnector(
    server,
    jiraRequest({
      name: 'Docs Jira',
      connector_specific_config: { jira_base_url: jira.origin, project_key: 'ENG' },
    }),
  );
  const credential = await madeCredential(server, 'jira', { jira_api_token: TOKEN });
  await attach(server, connector, credential);
  connectTo(server);
});
afterEach(() => server.close());

const open = async () => {
  const view = renderApp(`/connectors/${connector}`);
  // The page's module may take a while to load the first time on a busy machine.
  await screen.findByRole('heading', { name: 'Docs Jira', level: 1 }, { timeout: 15_000 });
  return view;
};

test('Test now shows each check in words, with the keyboard on the result, and the page keeps the last test', async () => {
  const { user } = await open();
  expect(screen.getByText('Not tested since it was attached.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Test now with jira credential' }));
  const works = await screen.findByRole('heading', {
    name: 'The connection works: every check passed.',
  });
  await waitFor(() => expect(works).toHaveFocus());
  expect(screen.getByText(/Last tested/)).toBeInTheDocument();
  expect(screen.getByText(/Jira accepted the token \(200\)/)).toBeInTheDocument();
  expect(screen.getByText(/Project ENG found \(200\)/)).toBeInTheDocument();

  // The token is revoked: the next test says so, and the server keeps it for the next visit.
  accepted = 'a-newer-token';
  await user.click(screen.getByRole('button', { name: 'Test now with jira credential' }));
  const failed = await screen.findByRole('heading', { name: 'The connection test failed.' });
  await waitFor(() => expect(failed).toHaveFocus());
  // In the check's words beside Test now (the Health line above says it too).
  const credentials = screen.getByRole('region', { name: 'Credentials' });
  expect(within(credentials).getByText(/Jira refused the token \(401\)/)).toBeInTheDocument();
  const kept = await api(server, 'GET', `/manage/admin/connector/${connector}`);
  expect(kept.json).toMatchObject({ cc_pairs: [{ last_test: { ok: false } }] });
  expect(document.body.textContent).not.toContain(TOKEN);
});

test('Edit: Test and save tests first; a failing test says why and saving anyway is the second action', async () => {
  const { user } = await open();
  await user.click(screen.getByRole('button', { name: 'Edit' }));
  const editor = screen.getByRole('form', { name: 'Edit Docs Jira' });
  const key = within(editor).getByLabelText('Project key');
  await user.clear(key);
  await user.type(key, 'OPS');
  await user.click(within(editor).getByRole('button', { name: 'Test and save' }));
  const failed = await within(editor).findByRole('heading', {
    name: 'The connection test failed.',
  });
  await waitFor(() => expect(failed).toHaveFocus());
  expect(within(editor).getByText(/project OPS not found \(404\)/)).toBeInTheDocument();
  const stored = async () =>
    (
      (await api(server, 'GET', `/manage/admin/connector/${connector}`)).json as {
        connector_specific_config: { project_key: string };
      }
    ).connector_specific_config.project_key;
  expect(await stored()).toBe('ENG');

  await user.click(within(editor).getByRole('button', { name: 'Save without a passing test' }));
  expect(await screen.findByText('Saved the changes to “Docs Jira”.')).toBeInTheDocument();
  expect(await stored()).toBe('OPS');

  // Back to a project that exists: the test passes and the changes are saved at once.
  await user.click(screen.getByRole('button', { name: 'Edit' }));
  const again = within(screen.getByRole('form', { name: 'Edit Docs Jira' })).getByLabelText(
    'Project key',
  );
  await user.clear(again);
  await user.type(again, 'ENG');
  await user.click(screen.getByRole('button', { name: 'Test and save' }));
  expect(
    await screen.findByText('Saved the changes to “Docs Jira”. The connection test passed.'),
  ).toBeInTheDocument();
  expect(await stored()).toBe('ENG');
});
