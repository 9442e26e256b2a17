// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { session } from '../../lib/session';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

test('asks for a key when nobody is signed in, and explains an empty one', async () => {
  connectTo(server, null);
  const { user } = renderApp('/connectors');
  expect(await screen.findByRole('heading', { name: 'Sign in to Sourcedesk' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(screen.getByLabelText('API key')).toHaveAccessibleDescription(/Paste your API key/);
  // Words for an administrator, not a developer's commands.
  expect(document.body.textContent).not.toMatch(/npm|`/);
  expect(screen.getByText(/Your administrator gives you a key/)).toBeInTheDocument();
});

test('a key is exchanged once for a session: posted to /auth/session, kept nowhere the page can read', async () => {
  const asked: { path: string; method: string; body: string | null }[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    asked.push({
      path: new URL(input instanceof Request ? input.url : String(input)).pathname,
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? init.body : null,
    });
    return realFetch(input, init);
  };
  try {
    connectTo(server, null);
    const { user } = renderApp('/users');
    await user.type(await screen.findByLabelText('API key'), server.adminKey);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(asked).toContainEqual({
        path: '/api/auth/session',
        method: 'POST',
        body: JSON.stringify({ api_key: server.adminKey }),
      }),
    );
    // Its answer is in (jsdom's page holds no cookie of another origin: the
    // session itself is the end-to-end tests' to follow).
    await waitFor(() => expect(asked.some((request) => request.path === '/api/me')).toBe(true));
    // Sent once, in that body only: never as a header of other requests, never stored.
    expect(asked.filter((request) => request.body?.includes(server.adminKey))).toHaveLength(1);
    const stored = [...Object.values({ ...sessionStorage }), ...Object.values({ ...localStorage })];
    expect(stored.join(' ')).not.toContain(server.adminKey);
    expect(document.cookie).not.toContain(server.adminKey);
  } finally {
    globalThis.fetch = realFetch;
    session.signOut();
  }
});

test('a wrong key is refused in words, with the keyboard back in the box', async () => {
  connectTo(server, null);
  const { user } = renderApp('/connectors');
  const box = await screen.findByLabelText('API key');
  await user.type(box, 'sd_not-a-key');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() =>
    expect(box).toHaveAccessibleDescription(/The server did not accept this key/),
  );
  expect(box).toHaveFocus();
  expect(screen.getByRole('heading', { name: 'Sign in to Sourcedesk' })).toBeInTheDocument();
});

test('without single sign-on configured, only the key is offered', async () => {
  connectTo(server, null);
  renderApp('/connectors');
  expect(await screen.findByRole('heading', { name: 'Use an API key' })).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
});

test('the key box has the keyboard on arrival, and nobody is asked about before a key is given', async () => {
  const asked: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    asked.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
    return realFetch(input, init);
  };
  try {
    connectTo(server, null);
    renderApp('/connectors');
    const box = await screen.findByLabelText('API key');
    await waitFor(() => expect(box).toHaveFocus());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).not.toContain('/api/me');
  } finally {
    globalThis.fetch = realFetch;
  }
});
