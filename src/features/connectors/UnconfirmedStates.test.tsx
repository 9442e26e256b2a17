// @vitest-environment jsdom
// Never an empty state, nor a page's navigation, the server did not confirm:
// while an answer the view depends on is still on its way, the panel says
// nothing of it. Each answer is held back (the real server answers it later)
// to look at the page in between.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { api, createConnector, plainRequest } from '../../../test/support/http';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => {
  vi.restoreAllMocks();
  return server.close();
});

/** Holds every request whose address matches `pattern` until `release` is called. */
function holdBack(pattern: RegExp) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const realFetch = globalThis.fetch.bind(globalThis);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (pattern.test(new URL(url, 'http://x').pathname)) await gate;
    return realFetch(input, init);
  });
  return () => release();
}

test('?group=: no count and no "No connectors match" until the groups answer', async () => {
  const made = await api(server, 'POST', '/manage/admin/user-group', {
    body: { name: 'Eng', user_ids: [], cc_pair_ids: [] },
  });
  const eng = (made.json as { id: number }).id;
  const connector = await createConnector(server, { ...plainRequest('web'), name: 'Eng docs' });
  await api(server, 'PUT', `/manage/admin/connector/${connector}/credential/0`, {
    body: { access_type: 'private', groups: [eng] },
  });
  connectTo(server);
  const release = holdBack(/\/manage\/admin\/user-group\/\d+$/);
  renderApp(`/connectors?group=${eng}`);
  // The connectors are read; which of them are in the group is not known yet.
  expect(await screen.findByText('Updating…')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Connectors', level: 1 })).toBeInTheDocument();
  expect(screen.queryByText('No connectors match.')).not.toBeInTheDocument();
  expect(screen.queryByText(/^0 connectors/)).not.toBeInTheDocument();

  release();
  expect(await screen.findByRole('link', { name: 'Eng docs' })).toBeInTheDocument();
  expect(screen.getByText('1 connector.')).toBeInTheDocument();
  expect(screen.queryByText('Updating…')).not.toBeInTheDocument();
});

test('a basic user never sees the admin’s navigation while /me is on its way', async () => {
  connectTo(server, await server.keyFor('basic', 'newcomer@example.com'));
  const release = holdBack(/\/me$/);
  renderApp('/api-reference');
  const navigation = await screen.findByRole('navigation', { name: 'Main' });
  expect(within(navigation).queryAllByRole('link')).toEqual([]);

  release();
  expect(
    await within(navigation).findByRole('link', { name: 'API reference' }),
  ).toBeInTheDocument();
  expect(within(navigation).queryByRole('link', { name: 'Users & roles' })).not.toBeInTheDocument();
  expect(within(navigation).queryByRole('link', { name: 'Connectors' })).not.toBeInTheDocument();
});
