// @vitest-environment jsdom
// On arrival at a page the keyboard is on the page's content
// (the shell's main), never left on <body>: a direct load, the sign-in form
// going away (docs/panel.md, "Arriving at a page, opening a form"). The #key= link and the users' pager: e2e.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/harness';
import { session } from '../lib/session';
import { connectTo, renderApp } from '../test/render';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  session.signOut();
  await server.close();
});

for (const [path, heading] of [
  ['/users', 'Users and roles'],
  ['/api-keys', 'API keys'],
  ['/activity', 'Activity'],
] as const) {
  test(`a direct load of ${path} gives the keyboard to the page, not to <body>`, async () => {
    connectTo(server);
    renderApp(path);
    await screen.findByRole('heading', { name: heading, level: 1 });
    // The page takes it in an effect after the commit that shows its heading.
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });
}

test('signing in with the form: the keyboard goes from the key box to the page asked for', async () => {
  connectTo(server, null);
  const { user } = renderApp('/activity');
  await user.type(await screen.findByLabelText('API key'), server.adminKey);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { name: 'Activity', level: 1 });
  expect(screen.getByRole('main')).toHaveFocus();
});
