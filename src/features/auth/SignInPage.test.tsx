// @vitest-environment jsdom
import { screen } from '@testing-library/react';
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
