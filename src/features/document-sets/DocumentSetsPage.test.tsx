// @vitest-environment jsdom
// Document sets in the panel: an admin makes a set of two connectors; a
// curator makes a private set of their group's connector and is not offered
// another group's; a delete asks first, naming what uses the set.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { findUserByEmail } from '../../../server/repos/users';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { api, createConnector, makeGroup, plainRequest } from '../../../test/support/http';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

/** A web connector with the empty credential attached as `access`. */
async function connector(name: string, access: Record<string, unknown> = {}) {
  const id = await createConnector(server, plainRequest('web', { name }));
  await api(server, 'PUT', `/manage/admin/connector/${id}/credential/0`, { body: access });
  return id;
}

const setsOnServer = async () =>
  (await api(server, 'GET', '/manage/document-set')).json as {
    name: string;
    is_public: boolean;
    groups: number[];
    cc_pair_summaries: { name: string }[];
  }[];

test('an admin makes a public set of two connectors; the result takes the keyboard', async () => {
  await connector('Handbook');
  await connector('Wiki');
  connectTo(server);
  const { user } = renderApp('/document-sets');
  await screen.findByRole('heading', { name: 'Document sets', level: 1 });
  expect(await screen.findByText('No document sets yet.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'New document set' }));
  // Nothing chosen: refused next to the connectors, which take the keyboard.
  await user.type(screen.getByLabelText('Name'), 'Docs');
  await user.click(screen.getByRole('button', { name: 'Create set' }));
  expect(await screen.findByText('Choose at least one connector.')).toBeInTheDocument();
  await user.click(await screen.findByRole('checkbox', { name: 'Handbook' }));
  await user.click(screen.getByRole('checkbox', { name: 'Wiki' }));
  await user.type(screen.getByLabelText('Description'), 'Everything written down');
  await user.click(screen.getByRole('button', { name: 'Create set' }));
  await waitFor(() => expect(screen.getByText('Document set Docs created.')).toHaveFocus());
  expect(await setsOnServer()).toMatchObject([
    {
      name: 'Docs',
      is_public: true,
      cc_pair_summaries: [{ name: 'Handbook' }, { name: 'Wiki' }],
    },
  ]);
  const card = (await screen.findByRole('heading', { name: 'Docs', level: 2 })).closest('article')!;
  expect(within(card).getByText('Handbook, Wiki')).toBeInTheDocument();
  expect(within(card).getByText('Not reported')).toBeInTheDocument();
});

test('a curator makes a private set of their group’s connector; another group’s is not offered', async () => {
  const curatorKey = await server.keyFor('basic', 'cat@example.com');
  const cat = (await findUserByEmail(server.store.db, 'cat@example.com'))!.id;
  const sales = await makeGroup(server, 'Sales', [cat]);
  const eng = await makeGroup(server, 'Eng');
  await api(server, 'POST', `/manage/admin/user-group/${sales}/set-curator`, {
    body: { user_id: cat, is_curator: true },
  });
  await connector('Sales wiki', { access_type: 'private', groups: [sales] });
  await connector('Eng wiki', { access_type: 'private', groups: [eng] });
  connectTo(server, curatorKey);
  const { user } = renderApp('/document-sets');
  await user.click(await screen.findByRole('button', { name: 'New document set' }));
  // The wizard's access choice: a curator with one group starts private to it.
  const privately = await screen.findByRole('radio', { name: /Private to groups/ });
  await waitFor(() => expect(privately).toBeChecked());
  expect(await screen.findByRole('checkbox', { name: 'Sales wiki' })).toBeEnabled();
  expect(screen.queryByRole('checkbox', { name: 'Eng wiki' })).not.toBeInTheDocument();
  expect(screen.getByText(/those private to groups you are not in are not/)).toBeInTheDocument();
  await user.type(screen.getByLabelText('Name'), 'Sales only');
  await user.click(screen.getByRole('checkbox', { name: 'Sales wiki' }));
  await user.click(screen.getByRole('button', { name: 'Create set' }));
  await waitFor(() => expect(screen.getByText('Document set Sales only created.')).toHaveFocus());
  expect(await setsOnServer()).toMatchObject([
    { name: 'Sales only', is_public: false, groups: [sales] },
  ]);
});

test('a delete asks first, naming the groups that use the set', async () => {
  const sales = await makeGroup(server, 'Sales');
  const pair = await connector('Sales wiki', { access_type: 'private', groups: [sales] });
  const detail = (await api(server, 'GET', `/manage/admin/connector/${pair}`)).json as {
    cc_pairs: { cc_pair_id: number }[];
  };
  await api(server, 'POST', '/manage/admin/document-set', {
    body: {
      name: 'Quarterly',
      description: '',
      cc_pair_ids: [detail.cc_pairs[0]!.cc_pair_id],
      is_public: false,
      groups: [sales],
    },
  });
  connectTo(server);
  const { user } = renderApp('/document-sets');
  await user.click(await screen.findByRole('button', { name: 'Delete Quarterly' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete document set “Quarterly”?' });
  // The groups' names are another read than the sets': they may come after the dialog.
  expect(
    await within(dialog).findByText(/shared with group Sales\. It holds 1 connector\./),
  ).toBeVisible();
  await user.click(within(dialog).getByRole('button', { name: 'Delete set' }));
  await waitFor(() => expect(screen.getByText('Deleted document set Quarterly.')).toHaveFocus());
  expect(await setsOnServer()).toEqual([]);
});
