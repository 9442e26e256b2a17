// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { createCredential } from '../../../server/repos/credentials';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { createConnector, jiraRequest } from '../../../test/support/http';
import { seedFleet } from '../../test/fleet';
import { connectTo, renderApp } from '../../test/render';
import {
  chooseCredential,
  fillConnection,
  fillToReview,
  heading,
  next,
} from '../../test/wizardSteps';

let server: TestServer;
let fleet: Awaited<ReturnType<typeof seedFleet>>;
beforeAll(async () => {
  server = await startTestServer();
  fleet = await seedFleet(server);
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

function open(path = '/connectors/new/jira') {
  connectTo(server);
  return renderApp(path);
}

/** Connectors of that name, as the API lists them. */
async function connectorsNamed(name: string) {
  const response = await fetch(`${server.apiUrl}/manage/admin/connector`, {
    headers: { Authorization: `Bearer ${server.adminKey}` },
  });
  const all = (await response.json()) as { name: string; credential_ids: number[] }[];
  return all.filter((connector) => connector.name === name);
}

test('Create sends the connector, attaches the credential and lands on the list', async () => {
  const { user, router } = open();
  await fillToReview(user, 'Created Jira');
  const review = screen.getByRole('form');
  expect(within(review).getByText('What to index').nextSibling).toHaveTextContent('Everything');
  expect(within(review).getByText('Every hour (3600 seconds)')).toBeInTheDocument();
  expect(within(review).getByText('Every day (86400 seconds)')).toBeInTheDocument();
  expect(
    within(review).getByText(`Jira Cloud — engineering bot (#${fleet.credentials.jiraCloud})`),
  ).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Create without testing' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/connectors'));
  const [created] = await connectorsNamed('Created Jira');
  expect(created).toMatchObject({
    credential_ids: [1],
    refresh_freq: 3600,
    prune_freq: 86400,
    connector_specific_config: { project_key: null, comment_email_blacklist: [] },
  });
  // The list says so (the hand-over is then taken out of the history entry).
  expect(await screen.findByText('Connector “Created Jira” was created.')).toBeInTheDocument();
  expect(sessionStorage.length).toBe(0); // nothing pending is left (and the panel keeps no key)
});

test('a name already taken is found when leaving step 1, from the list: nothing is sent', async () => {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  const { user, router } = open();
  await screen.findByLabelText('Name');
  await waitFor(() =>
    expect(
      fetchSpy.mock.calls.some(([url]) => String(url).endsWith('/manage/admin/connector')),
    ).toBe(true),
  );
  await fillConnection(user, { name: ' Engineering Jira ' });
  await next(user);
  expect(router.state.location.search).not.toBe('?step=schedule');
  expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
    /Connector by this name already exists, duplicate naming not allowed/,
  );
  expect(fetchSpy.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
});

test('a duplicate made meanwhile (400 at Create) is shown next to the name field, on its step', async () => {
  const { user, router } = open();
  await fillToReview(user, 'Raced Jira');
  await createConnector(server, jiraRequest({ name: 'Raced Jira' })); // someone else, meanwhile
  await user.click(screen.getByRole('button', { name: 'Create without testing' }));
  expect(await heading('Connection')).toBeInTheDocument();
  expect(router.state.location.search).toBe('?step=connection');
  expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
    /Connector by this name already exists, duplicate naming not allowed/,
  );
  expect(await connectorsNamed('Raced Jira')).toHaveLength(1);
});

test("a 422 puts each of the server's messages on its field and goes to the first one's step", async () => {
  const { user } = open();
  await fillConnection(user, { name: 'Refused Jira' });
  const draft = screen.getByLabelText('E-mail address to leave out');
  await user.type(draft, 'a@acme.example{Enter}');
  await user.type(draft, 'b@acme.example{Enter}');
  await next(user);
  await heading('Schedule');
  await next(user);
  await heading('Credential');
  await chooseCredential(user, 'Jira Cloud');
  await next(user);
  await heading('Review');

  // A fault injected at the network: the server's own checks agree with the form's.
  const detail = [
    {
      loc: ['body', 'refresh_freq'],
      msg: 'Input should be greater than or equal to 60',
      type: 'greater_than_equal',
    },
    {
      loc: ['body', 'connector_specific_config', 'comment_email_blacklist', 1],
      msg: 'Not a valid e-mail address',
      type: 'value_error',
    },
  ];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
    init?.method === 'POST'
      ? Promise.resolve(new Response(JSON.stringify({ detail }), { status: 422 }))
      : realFetch(input, init),
  );
  await user.click(screen.getByRole('button', { name: 'Create without testing' }));

  expect(await heading('Connection')).toBeInTheDocument();
  // The server's sentence, in the words the form uses for that rule (lib/friendlyWords).
  expect(screen.getByRole('button', { name: 'Remove b@acme.example' })).toHaveAccessibleDescription(
    /Enter an e-mail address with a local part/,
  );
  await waitFor(async () =>
    expect(screen.getByRole('group', { name: 'There is a problem' })).toHaveFocus(),
  );
  await user.click(screen.getByRole('button', { name: 'Remove b@acme.example' }));
  await next(user);
  await heading('Schedule');
  expect(screen.getByLabelText('Refresh every')).toHaveAccessibleDescription(/Enter 60 or more\./);
  expect(await connectorsNamed('Refused Jira')).toHaveLength(0);
});

test('a failed attach keeps the connector, survives a reload, and the retry attaches only', async () => {
  const doomed = await createCredential(server.store.db, server.store.secrets, {
    source: 'jira',
    name: 'Short-lived Jira token',
    credential_json: { jira_api_token: 'x'.repeat(20) },
  });
  const first = open();
  await fillToReview(first.user, 'Retried Jira', 'Short-lived');
  await server.store.db.deleteFrom('credentials').where('id', '=', doomed).execute();
  await first.user.click(screen.getByRole('button', { name: 'Create without testing' }));

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The credential could not be attached');
  expect(alert).toHaveTextContent(`The server answered 404: Credential ${doomed} does not exist`);
  expect(await connectorsNamed('Retried Jira')).toMatchObject([{ credential_ids: [] }]);
  expect(JSON.stringify(sessionStorage)).not.toContain('x'.repeat(20));

  first.unmount(); // a reload of the tab: only sessionStorage is left
  const { user, router } = open('/connectors/new/jira?step=connection');
  expect(await screen.findByRole('alert')).toHaveTextContent(`Credential ${doomed} does not exist`);
  expect(router.state.location.search).toBe('?step=review');
  expect(screen.queryByRole('link', { name: 'Edit connection' })).not.toBeInTheDocument();
  expect(screen.getByText('Retried Jira')).toBeInTheDocument();

  await user.click(screen.getByRole('link', { name: 'Edit credential' }));
  await chooseCredential(user, 'Data Center');
  await next(user);
  await user.click(await screen.findByRole('button', { name: 'Retry attaching the credential' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/connectors'));
  expect(await connectorsNamed('Retried Jira')).toMatchObject([{ credential_ids: [2] }]);
  expect(sessionStorage.getItem('sourcedesk.jiraWizard.pendingAttach')).toBeNull();
});
