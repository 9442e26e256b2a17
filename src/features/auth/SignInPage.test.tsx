// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
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
  expect(screen.getByText(/Your administrator gives you one/)).toBeInTheDocument();
});

test('a signed-in key goes on to the page it came from and is kept for the tab only', async () => {
  connectTo(server, null);
  const { user, router } = renderApp('/users');
  await user.type(await screen.findByLabelText('API key'), server.adminKey);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByRole('link', { name: 'Users & roles' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/users');
  expect(sessionStorage.getItem('sourcedesk.apiKey')).toBe(server.adminKey);
  expect(localStorage.length).toBe(0);
  session.signOut();
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
    await vi.waitFor(() => expect(box).toHaveFocus());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).not.toContain('/api/me');
  } finally {
    globalThis.fetch = realFetch;
  }
});
