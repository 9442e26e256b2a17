// @vitest-environment jsdom
// D13 on Users and roles: each person's groups and "curator of …".
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { findUserByEmail } from '../../../server/repos/users';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { api } from '../../../test/support/http';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

test('D13: the directory shows each person’s groups and which they curate', async () => {
  await server.keyFor('basic', 'pat@example.com');
  const pat = (await findUserByEmail(server.store.db, 'pat@example.com'))!;
  const made = await api(server, 'POST', '/manage/admin/user-group', {
    body: { name: 'Eng', user_ids: [pat.id], cc_pair_ids: [] },
  });
  await api(server, 'POST', '/manage/admin/user-group', {
    body: { name: 'Sales', user_ids: [pat.id], cc_pair_ids: [] },
  });
  await api(
    server,
    'POST',
    `/manage/admin/user-group/${(made.json as { id: number }).id}/set-curator`,
    {
      body: { user_id: pat.id, is_curator: true },
    },
  );
  connectTo(server);
  // Watched, not changed: every path the panel asks for, to its real server.
  const asked: string[] = [];
  const realFetch = globalThis.fetch.bind(globalThis);
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    asked.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
    return realFetch(input, init);
  });
  try {
    renderApp('/users');
    expect(await screen.findByText('Groups: Eng, Sales · curator of Eng')).toBeInTheDocument();
  } finally {
    spy.mockRestore();
  }
  // The page's answer names each person's groups: no group is read in full (at
  // 100,000 people and their groups that list is what held back the first rows).
  expect(asked).toContain('/api/manage/users/accepted');
  expect(asked.filter((path) => path.startsWith('/api/manage/admin/user-group'))).toEqual([]);
});
