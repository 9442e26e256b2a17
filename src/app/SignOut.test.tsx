// @vitest-environment jsdom
// Nothing is asked for once Sign out is pressed. A refetch
// while the session ends (on focus, an interval, a change settled) would
// answer 401; the page's queries go before the session does.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/harness';
import { versionKeys } from '../api/versions';
import { session } from '../lib/session';
import { connectTo, renderApp } from '../test/render';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  connectTo(server);
});
afterEach(async () => {
  vi.restoreAllMocks();
  session.signOut();
  await server.close();
});

const requestOf = (input: unknown, init?: RequestInit) =>
  `${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`;

test('after Sign out on an admin list, nothing but the sign-out and the sign-in page is asked for', async () => {
  const realFetch = globalThis.fetch;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  let signingOut = false;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = requestOf(input, init);
    if (signingOut) asked.push(request);
    // The session's end takes a while: what else happens meanwhile?
    if (request === 'DELETE /api/auth/session') await held;
    return realFetch(input, init);
  });
  const { user, queryClient } = renderApp('/api-keys');
  await screen.findByRole('table', { name: 'Live keys' });

  signingOut = true;
  await user.click(screen.getByRole('button', { name: 'Sign out' }));
  // What the panel does on its own now and then (a refetch on focus, on an interval).
  await queryClient.invalidateQueries();
  release();
  expect(await screen.findByRole('heading', { name: 'Sign in to Sourcedesk' })).toBeVisible();
  await queryClient.invalidateQueries();

  await waitFor(() => expect(asked).toContain('DELETE /api/auth/session'));
  // The sign-in page asks how one may sign in, without a session; nothing else is asked
  // but the version checks, which go without a session (D9): the banner's may leave
  // while the session ends (its code comes after the page's first rows).
  const withoutSession = [
    'DELETE /api/auth/session',
    'GET /api/auth/methods',
    'GET /api/versions',
    'GET /api/version',
  ];
  expect(asked.filter((request) => !withoutSession.includes(request))).toEqual([]);
  // Nothing of the session is kept to be shown to whoever signs in next (a
  // page still mounted may hold an empty, unasked entry for a moment).
  const kept = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.data !== undefined || query.state.error !== null)
    .filter((query) => query.meta?.withoutSession !== true)
    .map((query) => query.queryKey.join(' '));
  expect(kept).toEqual([]);
});

test('the version checks outlive a sign-out: they go without a session (D9), so their answers stay', async () => {
  const { user, queryClient } = renderApp('/api-keys');
  await screen.findByRole('table', { name: 'Live keys' });
  // The banner's code comes after the page's first rows, its checks after it.
  const answered = () => {
    expect(queryClient.getQueryData(versionKeys.running())).toBeDefined();
    expect(queryClient.getQueryData(versionKeys.latest())).toBeDefined();
  };
  await waitFor(answered);
  await user.click(screen.getByRole('button', { name: 'Sign out' }));
  expect(await screen.findByRole('heading', { name: 'Sign in to Sourcedesk' })).toBeVisible();
  answered();
});
