// @vitest-environment jsdom
// Settings → Workers (D14): an admin makes a worker key (shown once, Copy holds
// the keyboard), a worker checks in with it and is listed with what it runs,
// and the key is revoked after a question.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { api } from '../../../test/support/http';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  connectTo(server);
});
afterEach(() => server.close());

test('make a worker key (shown once), see its worker check in, revoke it', async () => {
  const { user, unmount } = renderApp('/settings');
  await screen.findByRole('heading', { name: 'Workers', level: 2 }, { timeout: 15_000 });
  expect(await screen.findByText('No worker has checked in yet.')).toBeVisible();
  await user.type(screen.getByLabelText('Name of the new worker key'), 'Build box');
  await user.click(screen.getByRole('button', { name: 'Make a worker key' }));
  const shown = await screen.findByRole('region', { name: 'The new worker key' });
  const key = within(shown).getByLabelText('Worker key').textContent!;
  expect(key).toMatch(/^sdw_/);
  expect(within(shown).getByRole('button', { name: 'Copy' })).toHaveFocus();
  await user.click(within(shown).getByRole('button', { name: 'Done' }));
  expect(screen.queryByText(key)).toBeNull();
  unmount();

  await api(server, 'PUT', '/manage/worker/check-in', {
    key,
    body: { worker_id: 'box-1', hostname: 'build-box' },
  });
  const again = renderApp('/settings');
  const workers = await screen.findByRole('list', { name: 'Workers' }, { timeout: 15_000 });
  expect(within(workers).getByText(/on build-box — online, last check-in/)).toBeVisible();
  expect(within(workers).getByText(/running nothing/)).toBeVisible();
  // The keys are another read than the workers: their row may come after.
  await again.user.click(await screen.findByRole('button', { name: 'Revoke Build box' }));
  await again.user.click(await screen.findByRole('button', { name: 'Revoke worker key' }));
  expect(await screen.findByText('Worker key revoked.')).toBeVisible();
  expect(
    (await api(server, 'PUT', '/manage/worker/check-in', { key, body: { worker_id: 'box-1' } }))
      .status,
  ).toBe(401);
});
