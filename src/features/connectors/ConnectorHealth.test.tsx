// @vitest-environment jsdom
// Connector health in the panel, against the real server and a
// stand-in Jira on 127.0.0.1 whose token is revoked: the list's Health column
// (a word and an icon), its "Needs attention" filter in the address, the
// navigation's count, Replace credential on the connector page, and the
// credentials page's last test and "Replace on all its connectors".
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
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

const OLD = 'old-token-revoked-during-the-test';
const NEW = 'new-token-the-source-accepts';
let jira: standIns.StandIn;
let tokens: standIns.TokenSource;
let server: TestServer;
let failing: number;
let healthy: number;
let pair: number;

beforeAll(async () => {
  tokens = standIns.tokenSource((token) => standIns.jiraDataCenter(token, ['ENG']), [OLD, NEW]);
  jira = await standIns.startStandIn(tokens.routes);
});
afterAll(() => jira.close());
beforeEach(async () => {
  tokens.accept(OLD);
  server = await startTestServer({ connectionTest: { limit: null } });
  const config = { jira_base_url: jira.origin, project_key: 'ENG' };
  failing = await createConnector(
    server,
    jiraRequest({ name: 'Failing Jira', connector_specific_config: config }),
  );
  healthy = await createConnector(
    server,
    jiraRequest({ name: 'Healthy Jira', connector_specific_config: config }),
  );
  const old = await madeCredential(server, 'jira', { jira_api_token: OLD });
  pair = ((await attach(server, failing, old)).json as { data: number }).data;
  await attach(server, healthy, await madeCredential(server, 'jira', { jira_api_token: NEW }));
  tokens.revoke(OLD);
  await api(server, 'POST', `/manage/admin/cc-pair/${pair}/test`);
  connectTo(server);
});
afterEach(() => server.close());

const rowOf = async (name: string) =>
  (await screen.findByRole('link', { name }, { timeout: 15_000 })).closest('tr')!;

test('the list shows each connector’s health in a word; Needs attention filters, in the address', async () => {
  const { user, router } = renderApp('/connectors');
  expect(
    await within(await rowOf('Failing Jira')).findByText('Failing', undefined, { timeout: 5_000 }),
  ).toBeInTheDocument();
  expect(within(await rowOf('Healthy Jira')).getByText('Healthy')).toBeInTheDocument();
  // The navigation says how many need attention (asked after the first rows), and leads to them.
  const nav = screen.getByRole('navigation', { name: 'Main' });
  expect(await within(nav).findByRole('link', { name: /1 needs attention/ })).toBeInTheDocument();

  const filter = screen.getByRole('checkbox', { name: 'Needs attention (1)' });
  await user.click(filter);
  expect(router.state.location.search).toBe('?needs_attention=true');
  await waitFor(() =>
    expect(screen.queryByRole('link', { name: 'Healthy Jira' })).not.toBeInTheDocument(),
  );
  expect(screen.getByRole('link', { name: 'Failing Jira' })).toBeInTheDocument();
  expect(screen.getByText('1 connector needs attention.')).toBeInTheDocument();
});

test('on the list, the navigation’s count is asked after the first rows: its first build at scale takes the server a while', async () => {
  const realFetch = globalThis.fetch;
  const rowsWhenAsked: number[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    if (String(input).includes('needs_attention=true'))
      rowsWhenAsked.push(document.querySelectorAll('tbody tr').length);
    return realFetch(input, init);
  });
  try {
    renderApp('/connectors');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: /1 needs attention/ }, { timeout: 15_000 });
    expect(rowsWhenAsked.length).toBeGreaterThan(0);
    expect(rowsWhenAsked.every((rows) => rows > 0)).toBe(true);
  } finally {
    spy.mockRestore();
  }
});

test('the navigation’s count asks only for the pairs that need attention, on any page', async () => {
  // The users page reads no pair itself: what is cached is the navigation's.
  const { queryClient } = renderApp('/users');
  const nav = screen.getByRole('navigation', { name: 'Main' });
  expect(
    await within(nav).findByRole('link', { name: /1 needs attention/ }, { timeout: 15_000 }),
  ).toHaveAttribute('href', '/connectors?needs_attention=true');
  // What it read: the failing pair alone, not every pair (the healthy one stays on the server).
  const read = queryClient.getQueriesData<{ connector: { name: string } }[]>({
    queryKey: ['connectors', 'status'],
  });
  expect(read.map(([, rows]) => rows?.map((row) => row.connector.name))).toEqual([
    ['Failing Jira'],
  ]);
});

test('the connector page offers Replace credential for the failing one: tested, swapped, said in words with the keyboard on them', async () => {
  const good = await madeCredential(server, 'jira', { jira_api_token: NEW });
  await api(server, 'PATCH', `/manage/admin/credential/${good}`, {
    body: { name: 'Rotated Jira token' },
  });
  const { user } = renderApp(`/connectors/${failing}`);
  await screen.findByRole('heading', { name: 'Failing Jira', level: 1 }, { timeout: 15_000 });
  expect(await screen.findByText('Failing')).toBeInTheDocument();
  expect(screen.getByText('Not reported')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: /^Replace credential/ }));
  const picker = screen.getByRole('combobox', { name: 'Jira credential to use instead' });
  // The keyboard is on the chooser once the credentials are in (disabled until then).
  await waitFor(() => expect(picker).toHaveFocus());
  await user.type(picker, 'Rotated');
  await user.click(await screen.findByRole('option', { name: /Rotated Jira token/ }));
  await user.click(screen.getByRole('button', { name: 'Test and replace' }));

  const said = await screen.findByText(
    /now uses .*Rotated Jira token.* it passed the connection test/,
  );
  await waitFor(() => expect(said).toHaveFocus());
  await waitFor(() => expect(screen.getByText('Healthy')).toBeInTheDocument());
  const rows = (await api(server, 'GET', '/manage/admin/connector-status')).json as {
    cc_pair_id: number;
    cc_pair_status: string;
  }[];
  expect(rows.find((row) => row.cc_pair_id === pair)).toMatchObject({ cc_pair_status: 'ACTIVE' });
});

test('a replacement that fails its test changes nothing, says why in panel words, and may be made untested after a question', async () => {
  const untested = await madeCredential(server, 'jira', { jira_api_token: 'never-accepted' });
  const { user } = renderApp(`/connectors/${failing}`);
  await screen.findByRole('heading', { name: 'Failing Jira', level: 1 }, { timeout: 15_000 });
  await user.click(await screen.findByRole('button', { name: /^Replace credential/ }));
  // The keyboard is on the chooser, not lost on the page.
  const picker = screen.getByRole('combobox', { name: 'Jira credential to use instead' });
  await waitFor(() => expect(picker).toHaveFocus());
  await user.click(picker);
  const options = await screen.findAllByRole('option');
  await user.click(options[options.length - 1]!);
  await user.click(screen.getByRole('button', { name: 'Test and replace' }));
  const refusal = await screen.findByRole('alert');
  expect(refusal).toHaveTextContent('Jira refused the token (401)');
  // The API's advice is not the panel's: no "force" to send, a choice instead.
  expect(refusal).not.toHaveTextContent('force');
  await waitFor(() => expect(refusal).toHaveFocus());
  expect(screen.getByText('Failing')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Replace without the test…' }));
  const question = screen.getByText(/^Replace without the test\? “Failing Jira” will use/);
  await waitFor(() => expect(question).toHaveFocus());
  await user.click(screen.getByRole('button', { name: 'Replace without the test' }));
  const said = await screen.findByText(/replaced without the test: its next run shows/);
  await waitFor(() => expect(said).toHaveFocus());
  const rows = (await api(server, 'GET', '/manage/admin/connector-status')).json as {
    cc_pair_id: number;
    credential: { id: number };
  }[];
  expect(rows.find((row) => row.cc_pair_id === pair)?.credential.id).toBe(untested);
});

test('the credentials page shows each credential’s last test and replaces one on all its connectors', async () => {
  const good = await madeCredential(server, 'jira', { jira_api_token: NEW });
  await api(server, 'PATCH', `/manage/admin/credential/${good}`, {
    body: { name: 'Fresh Jira token' },
  });
  const { user } = renderApp('/credentials');
  expect(
    await screen.findByText(
      /Last tested .* on “Failing Jira”: failed\. .*Jira refused the token \(401\)/,
      undefined,
      {
        timeout: 15_000,
      },
    ),
  ).toBeInTheDocument();
  const buttons = screen.getAllByRole('button', { name: /^Replace on all its connectors/ });
  await user.click(buttons[0]!);
  const picker = screen.getByRole('combobox', { name: 'Credential to use instead' });
  expect(picker).toHaveFocus();
  await user.type(picker, 'Fresh');
  await user.click(await screen.findByRole('option', { name: /Fresh Jira token/ }));
  await user.click(screen.getByRole('button', { name: 'Test and replace on 1 connector' }));
  expect(
    await screen.findByText(/was replaced by “Fresh Jira token” on 1 connector/),
  ).toBeInTheDocument();
});
