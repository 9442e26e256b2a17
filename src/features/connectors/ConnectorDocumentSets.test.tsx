// @vitest-environment jsdom
// A connector's document sets on its page: the sets that hold it are listed,
// and "Add to document sets" adds it to a set the caller may change, keeping
// what the set held.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { api, createConnector, plainRequest } from '../../../test/support/http';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

async function pairOf(name: string) {
  const id = await createConnector(server, plainRequest('web', { name }));
  const attached = await api(server, 'PUT', `/manage/admin/connector/${id}/credential/0`);
  return { id, pair: (attached.json as { data: number }).data };
}

const makeSet = (name: string, pairs: number[]) =>
  api(server, 'POST', '/manage/admin/document-set', {
    body: { name, description: '', cc_pair_ids: pairs, is_public: true },
  });

test('the connector page lists its sets and adds it to another, keeping what that set held', async () => {
  const handbook = await pairOf('Handbook');
  const wiki = await pairOf('Wiki');
  await makeSet('Everything', [handbook.pair]);
  await makeSet('Wikis', [wiki.pair]);
  connectTo(server);
  const { user } = renderApp(`/connectors/${handbook.id}`);
  const heading = await screen.findByRole(
    'heading',
    { name: 'Document sets', level: 2 },
    { timeout: 15_000 },
  );
  const section = heading.closest('section')!;
  expect(await within(section).findByText('Everything')).toBeInTheDocument();
  expect(within(section).queryByText('Wikis')).not.toBeInTheDocument();
  await user.click(within(section).getByRole('button', { name: 'Add to document sets' }));
  await user.click(within(section).getByRole('checkbox', { name: 'Wikis' }));
  await user.click(within(section).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(screen.getByText('Added “Handbook” to Wikis.')).toHaveFocus());
  const sets = (await api(server, 'GET', '/manage/document-set')).json as {
    name: string;
    cc_pair_summaries: { id: number }[];
  }[];
  expect(sets.find((set) => set.name === 'Wikis')!.cc_pair_summaries.map((p) => p.id)).toEqual(
    [handbook.pair, wiki.pair].sort((a, b) => a - b),
  );
  expect(await within(section).findByText('Wikis')).toBeInTheDocument();
});
