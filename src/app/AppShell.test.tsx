// @vitest-environment jsdom
// The shell follows the signed-in key's role: navigation a role may not use is
// not offered, and a page it may not open says so at once (D2's roles).
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/harness';
import { apiRequest } from '../api/client';
import { connectorListQuery } from '../api/connectors';
import { routes } from '../api/routes';
import { exchangeSignInLink } from '../api/sessionHooks';
import { prefetchConnectorsPage, startFirstReads } from '../features/connectors/connectorsPrefetch';
import { prefetchUsersPage } from '../features/users/usersPrefetch';
import { takeSignInFromFragment } from '../lib/session';
import { connectTo, createTestQueryClient, renderApp } from '../test/render';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const navLinks = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return within(nav)
    .queryAllByRole('link')
    .map((link) => link.textContent);
};

test('a basic user is told at once that the wizard needs another role, and offered only their start page and the API reference', async () => {
  connectTo(server, await server.keyFor('basic', 'bea.basic@shell.test'));
  renderApp('/connectors/new/jira');
  expect(
    await screen.findByRole('heading', { name: 'Your role cannot open this page', level: 1 }),
  ).toBeInTheDocument();
  expect(screen.getByText(/whose role is/)).toHaveTextContent(
    'You are signed in as bea.basic@shell.test, whose role is basic. This page needs the admin, curator or global curator role.',
  );
  // Not the wizard's first step, and no "Try again" for a refusal.
  expect(screen.queryByRole('textbox', { name: /Jira base URL/i })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  expect(await navLinks()).toEqual(['Start', 'API reference']);
  expect(screen.getByText('bea.basic@shell.test')).toBeInTheDocument();
});

test('a curator sees the connector pages but not the users page', async () => {
  connectTo(server, await server.keyFor('curator', 'cy.curator@shell.test'));
  renderApp('/users');
  expect(
    await screen.findByRole('heading', { name: 'Your role cannot open this page', level: 1 }),
  ).toBeInTheDocument();
  expect(screen.getByText(/This page needs the admin role/)).toBeInTheDocument();
  await screen.findByText('cy.curator@shell.test');
  expect(await navLinks()).toEqual([
    'Connectors',
    'New connector',
    'Credentials',
    'Groups',
    'Document sets',
    'API reference',
  ]);
});

test('an admin is offered every page', async () => {
  connectTo(server);
  renderApp('/users');
  expect(
    await screen.findByRole('heading', { name: 'Users and roles', level: 1 }),
  ).toBeInTheDocument();
  await screen.findByText(/\(admin\)/);
  expect(await navLinks()).toEqual([
    'Connectors',
    'New connector',
    'Credentials',
    'Users & roles',
    'Groups',
    'Document sets',
    'Activity',
    'API keys',
    'Configuration',
    'API reference',
    'Settings',
  ]);
});

/** Every answer the panel gets, as "<status> <path>", while `during` runs. */
async function answersDuring(during: () => Promise<void>) {
  const answers: string[] = [];
  const realFetch = globalThis.fetch.bind(globalThis);
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const response = await realFetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    answers.push(`${response.status} ${url.pathname}`);
    return response;
  });
  try {
    await during();
  } finally {
    spy.mockRestore();
  }
  return answers;
}

test('a basic user opening "/" lands on a page they can use, and nothing they may not open is asked for', async () => {
  connectTo(server, await server.keyFor('basic', 'bo.basic@shell.test'));
  const answers = await answersDuring(async () => {
    // As the entry does (src/boot.ts): the list's requests leave before the page's code.
    const queryClient = createTestQueryClient();
    prefetchConnectorsPage(queryClient, { pathname: '/', search: '' });
    const { router } = renderApp('/', queryClient);
    expect(
      await screen.findByRole('heading', { name: 'Welcome to Sourcedesk', level: 1 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/start');
    expect(screen.queryByText('Your role cannot open this page')).not.toBeInTheDocument();
  });
  expect(answers).toContain('200 /api/me');
  expect(answers.filter((answer) => answer.startsWith('403'))).toEqual([]);
});

test('a basic user opening a page of another role is told so without a refused request', async () => {
  connectTo(server, await server.keyFor('basic', 'bi.basic@shell.test'));
  const answers = await answersDuring(async () => {
    renderApp('/credentials');
    expect(
      await screen.findByRole('heading', { name: 'Your role cannot open this page', level: 1 }),
    ).toBeInTheDocument();
  });
  expect(answers.filter((answer) => answer.startsWith('403'))).toEqual([]);
});

test('opened at /connectors, the list is asked for with the role, not after its answer; the page still waits for the role', async () => {
  connectTo(server, await server.keyFor('curator', 'cu.curator@shell.test'));
  // Watched, not changed: when each request left and when its answer came.
  const events: string[] = [];
  const realFetch = globalThis.fetch.bind(globalThis);
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    events.push(`asked ${path}`);
    const response = await realFetch(input, init);
    events.push(`answered ${path}`);
    return response;
  });
  try {
    const queryClient = createTestQueryClient();
    prefetchConnectorsPage(queryClient, { pathname: '/connectors', search: '' });
    renderApp('/connectors', queryClient);
    expect(
      await screen.findByRole('heading', { name: 'Connectors', level: 1 }),
    ).toBeInTheDocument();
  } finally {
    spy.mockRestore();
  }
  const list = events.indexOf('asked /api/manage/admin/connector');
  expect(list).toBeGreaterThanOrEqual(0);
  expect(list).toBeLessThan(events.indexOf('answered /api/me'));
  // Asked once: the page's own query took over the request in flight.
  expect(events.filter((event) => event === 'asked /api/manage/admin/connector')).toHaveLength(1);
});

/** Every request asked and answered, in order, and which carried `key` (or which other Authorization). */
function recordRequests(key: string) {
  const events: string[] = [];
  const signedByKey: string[] = [];
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const asked = `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
    const auth = new Headers(init?.headers).get('Authorization');
    events.push(`asked ${asked}`);
    if (auth !== null) signedByKey.push(`${asked} ${auth === `Bearer ${key}` ? 'key' : auth}`);
    const response = await realFetch(input, init);
    events.push(`answered ${asked}`);
    return response;
  });
  return { events, signedByKey, spy };
}

test("a #key= link opened at /connectors: who, the list and the credentials leave signed by the link's key before its exchange answers; the key is then in no address or storage, and no later request carries it", async () => {
  connectTo(server, null);
  const key = server.adminKey;
  const { events, signedByKey, spy } = recordRequests(key);
  const queryClient = createTestQueryClient();
  try {
    window.history.replaceState(null, '', `/connectors#key=${key}`);
    const link = takeSignInFromFragment(window.location, window.history)!;
    startFirstReads(queryClient, link, window.location);
    await exchangeSignInLink(queryClient, link);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    // After the exchange, a read goes with the session alone (jsdom's page is
    // on another origin than the server, so here without a cookie: refused).
    await expect(apiRequest(routes.listConnectors)).rejects.toMatchObject({ status: 401 });
  } finally {
    spy.mockRestore();
  }
  const exchanged = events.indexOf('answered POST /api/auth/session');
  for (const read of ['/api/me', '/api/manage/admin/connector', '/api/manage/admin/credential']) {
    const asked = events.indexOf(`asked GET ${read}`);
    expect(asked, read).toBeGreaterThanOrEqual(0);
    expect(asked, read).toBeLessThan(exchanged);
  }
  // Exactly the first reads, each once, carried the key; nothing after.
  expect(signedByKey.sort()).toEqual([
    'GET /api/manage/admin/connector key',
    'GET /api/manage/admin/credential key',
    'GET /api/me key',
  ]);
  expect(events.filter((event) => event === 'asked GET /api/manage/admin/connector')).toHaveLength(
    2,
  );
  // What the key read is kept for the page (the exchange did not empty the cache).
  expect(queryClient.getQueryData(connectorListQuery().queryKey)).toBeDefined();
  expect(window.location.href).not.toContain(key);
  expect(JSON.stringify({ ...localStorage })).not.toContain(key);
  expect(JSON.stringify({ ...sessionStorage })).not.toContain(key);
  expect(document.cookie).not.toContain(key);
});

test("a #key= link opened at /users: who and the directory's page in the address leave signed by the link's key before its exchange answers, and the page shows that page without asking again", async () => {
  connectTo(server, null);
  const key = server.adminKey;
  const { events, signedByKey, spy } = recordRequests(key);
  const queryClient = createTestQueryClient();
  await server.keyFor('basic', 'sam.slack@shell.test');
  window.history.replaceState(null, '', `/users?q=sam&status=active#key=${key}`);
  const link = takeSignInFromFragment(window.location, window.history)!;
  // As the entry (src/boot.ts) starts them at /users.
  startFirstReads(queryClient, link, window.location);
  prefetchUsersPage(queryClient, window.location, true);
  await exchangeSignInLink(queryClient, link);
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  const directory = 'GET /api/manage/users/accepted?q=sam&page_num=0&page_size=10&is_active=true';
  const exchanged = events.indexOf('answered POST /api/auth/session');
  for (const read of ['GET /api/me', directory]) {
    expect(events.indexOf(`asked ${read}`), read).toBeGreaterThanOrEqual(0);
    expect(events.indexOf(`asked ${read}`), read).toBeLessThan(exchanged);
  }
  // Exactly those reads carried the key; none of the connectors page's.
  expect(signedByKey.sort()).toEqual([`${directory} key`, 'GET /api/me key']);

  // The page (here signed by the key, as jsdom holds no cookie) shows what was read.
  connectTo(server);
  renderApp('/users?q=sam&status=active', queryClient);
  const found = await screen.findByRole('region', { name: 'Users' });
  expect(await within(found).findByText('1 active user matches “sam”')).toBeInTheDocument();
  expect(within(found).getByText('sam.slack@shell.test')).toBeInTheDocument();
  spy.mockRestore();
  expect(events.filter((event) => event === `asked ${directory}`)).toHaveLength(1);
});
