// @vitest-environment jsdom
// A stopped server must not look like an empty fleet. Every
// page of the shell says when the server cannot be reached, and when what it
// shows may be out of date, with "Try again" (ServerReach).
import { screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { insertConnector, insertPair } from '../../server/repos/connectors';
import { connectorKeys } from '../api/queryKeys';
import { startTestServer, type TestServer } from '../../test/support/harness';
import { connectTo, renderApp } from '../test/render';

const STALE = 'Sourcedesk could not reach the server; what you see may be out of date.';
const UNREACHABLE = 'Sourcedesk cannot reach the server, so this page cannot show what it holds.';

// Each test stops its own server; closing one twice is not asked of it.
let running: TestServer | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
  vi.restoreAllMocks();
});
async function start() {
  running = await startTestServer();
  return running;
}
/** A server holding one connector, "Handbook site", with its pair. */
async function startWithHandbook() {
  const server = await start();
  const id = await insertConnector(server.store.db, {
    name: 'Handbook site',
    source: 'web',
    input_type: 'load_state',
    access_type: 'PUBLIC',
    connector_specific_config: {},
    refresh_freq: 3600,
    prune_freq: null,
    indexing_start: null,
  });
  await insertPair(server.store.db, id, 0);
  return server;
}
async function stop(server: TestServer) {
  running = null;
  await server.close();
}

test('a stopped server after a first load: the rows stay, marked as maybe out of date, with Try again', async () => {
  const server = await startWithHandbook();
  connectTo(server);
  const { user, queryClient } = renderApp('/connectors');
  expect(await screen.findByRole('row', { name: /^Handbook site/ })).toBeInTheDocument();
  expect(screen.queryByText(STALE)).not.toBeInTheDocument();
  // Everything the page asks for has answered (the health counts come after the rows).
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));

  await stop(server);
  // What the panel does on its own a while later (a refetch on focus or on an interval).
  await queryClient.invalidateQueries();

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(STALE);
  // Said once: the notice's words, then what to do.
  expect(alert).toHaveTextContent(`${STALE} Check that it is running.`);
  expect(alert.textContent!.match(/reach/g)).toHaveLength(1);
  // What was read stays on screen, under the warning.
  expect(screen.getByRole('row', { name: /^Handbook site/ })).toBeInTheDocument();
  // Asking again while the server is still down keeps saying so.
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(STALE);
});

test('a version check that never answered hides only the banner: the rows on screen are not called unshowable', async () => {
  const server = await startWithHandbook();
  // The server stops answering just as the banner's check goes out (it loads after the rows).
  const realFetch = globalThis.fetch.bind(globalThis);
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
    /\/api\/versions?(\?|$)/.test(String(input instanceof Request ? input.url : input))
      ? Promise.reject(new TypeError('Failed to fetch'))
      : realFetch(input, init),
  );
  connectTo(server);
  renderApp('/connectors');
  expect(await screen.findByRole('row', { name: /^Handbook site/ })).toBeInTheDocument();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(STALE);
  expect(alert).not.toHaveTextContent(UNREACHABLE);
  expect(screen.getByRole('row', { name: /^Handbook site/ })).toBeInTheDocument();
});

test("a 503 gives the server's own words; Try again clears the warning once it answers", async () => {
  const server = await start();
  connectTo(server);
  const { user, queryClient } = renderApp('/credentials');
  expect(await screen.findByRole('heading', { name: 'Credentials', level: 1 })).toBeInTheDocument();
  await screen.findByText(/Built-in empty credential/);

  const realFetch = globalThis.fetch.bind(globalThis);
  const detail = 'The database cannot be reached just now. Try again in a few seconds.';
  const fault = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ detail }), { status: 503 })),
    );
  await queryClient.invalidateQueries();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(STALE);
  expect(alert).toHaveTextContent(detail);

  fault.mockImplementation((input, init) => realFetch(input, init));
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  const said = await screen.findByText('The server answers again: the page is up to date.');
  // The keyboard moves there in the effect after the words are drawn.
  await waitFor(() => expect(said).toHaveFocus());
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.getByText(/Built-in empty credential/)).toBeInTheDocument();
});

test('an empty install with the server down never says "No connectors yet"', async () => {
  const server = await start();
  connectTo(server);
  const { queryClient, unmount } = renderApp('/connectors');
  // Up: the empty install says so.
  expect(await screen.findByText(/No connectors yet/)).toBeInTheDocument();
  // Every first read answered (the page's other reads can come after the list's).
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));

  // Down: the empty list it read before is not an empty fleet any more.
  await stop(server);
  await queryClient.invalidateQueries();
  expect(await screen.findByRole('alert')).toHaveTextContent(STALE);
  expect(screen.queryByText(/No connectors yet/)).not.toBeInTheDocument();

  // Opened afresh with the server down: "cannot reach", and no empty state at all.
  unmount();
  renderApp('/connectors');
  expect(await screen.findByText(UNREACHABLE)).toBeInTheDocument();
  // "Cannot reach the server" said once on the page, not again by the notice's detail.
  expect(document.body.textContent!.match(/reach/g)).toHaveLength(1);
  expect(screen.queryByText(/No connectors yet/)).not.toBeInTheDocument();
  expect(screen.queryByText(/^0 connectors/)).not.toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(1);
});

test('the navigation’s count that never answered leaves the page whole: the list it shows is only out of date', async () => {
  const server = await startWithHandbook();
  connectTo(server);
  const realFetch = globalThis.fetch;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input).includes('needs_attention=true')) await held;
    return realFetch(input, init);
  });
  const { queryClient } = renderApp('/connectors');
  expect(await screen.findByRole('link', { name: 'Handbook site' })).toBeInTheDocument();
  // The count is asked after the first rows; the server stops before it answers.
  await waitFor(() => {
    expect(queryClient.getQueryState(connectorKeys.attention())?.fetchStatus).toBe('fetching');
    expect(queryClient.isFetching()).toBe(1);
  });
  await stop(server);
  release();
  await queryClient.invalidateQueries();
  expect(await screen.findByRole('alert')).toHaveTextContent(STALE);
  expect(screen.queryByText(UNREACHABLE)).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Handbook site' })).toBeInTheDocument();
});
