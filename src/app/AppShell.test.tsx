// @vitest-environment jsdom
// The shell follows the signed-in key's role: navigation a role may not use is
// not offered, and a page it may not open says so at once (D2's roles).
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/harness';
import { prefetchConnectorsPage } from '../features/connectors/connectorsPrefetch';
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
    // As the entry does (main.tsx): the list's requests leave before the page's code.
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
