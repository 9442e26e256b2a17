// @vitest-environment jsdom
// D13 on the connector page: the groups of its pairs changed with
// the keyboard's focus where it should be, through the connector PATCH, and
// the server's refusal said in its words.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { findUserByEmail } from '../../../server/repos/users';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import {
  api,
  createConnector,
  plainRequest,
  makeGroup as makeGroupFor,
} from '../../../test/support/http';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const makeGroup = (name: string, userIds: string[] = []) => makeGroupFor(server, name, userIds);

/** A web connector whose one pair is private to `groups`. */
async function privateTo(groups: number[]) {
  const connector = await createConnector(server, { ...plainRequest('web'), name: 'Eng docs' });
  await api(server, 'PUT', `/manage/admin/connector/${connector}/credential/0`, {
    body: { access_type: 'private', groups },
  });
  return connector;
}

const pairsOf = async (connector: number) =>
  (
    (await api(server, 'GET', `/manage/admin/connector/${connector}`)).json as {
      cc_pairs: { access_type: string; groups: number[] }[];
    }
  ).cc_pairs;

test('D13: an admin moves a connector’s pairs to another group; the keyboard lands on the boxes, then on the result', async () => {
  const eng = await makeGroup('Eng');
  const ops = await makeGroup('Ops');
  const connector = await privateTo([eng]);
  connectTo(server);
  const { user } = renderApp(`/connectors/${connector}`);
  await user.click(await screen.findByRole('button', { name: 'Change groups' }));
  // The Attach form's access choice has boxes of its own: these are the editor's.
  const editor = () => within(screen.getByRole('group', { name: 'Groups of “Eng docs”' }));
  const engBox = editor().getByRole('checkbox', { name: 'Eng' });
  await waitFor(() => expect(engBox).toHaveFocus());
  expect(engBox).toBeChecked();
  expect(screen.getByRole('group', { name: 'Groups of “Eng docs”' })).toHaveAccessibleDescription(
    'Each of its credentials gets the groups chosen; with a group, it is private to them.',
  );
  await user.keyboard(' '); // Eng off, with the keyboard
  await user.click(editor().getByRole('checkbox', { name: 'Ops' }));
  await user.click(screen.getByRole('button', { name: 'Save groups' }));
  const said = await screen.findByText('“Eng docs” is private to group Ops.');
  await waitFor(() => expect(said).toHaveFocus());
  expect(await screen.findByText('Access: Private to group Ops.')).toBeInTheDocument();
  expect(await pairsOf(connector)).toEqual([
    expect.objectContaining({ access_type: 'private', groups: [ops] }),
  ]);
});

test('D13: no group on a private pair is said before saving: admins only, never public', async () => {
  const eng = await makeGroup('Eng');
  const connector = await privateTo([eng]);
  connectTo(server);
  const { user } = renderApp(`/connectors/${connector}`);
  await user.click(await screen.findByRole('button', { name: 'Change groups' }));
  const editor = screen.getByRole('group', { name: 'Groups of “Eng docs”' });
  await user.click(within(editor).getByRole('checkbox', { name: 'Eng' }));
  expect(editor).toHaveAccessibleDescription(
    /With no group, its private credentials are seen by admins only\./,
  );
  await user.click(screen.getByRole('button', { name: 'Save groups' }));
  expect(
    await screen.findByText(
      '“Eng docs” is in no group: its private credentials are seen by admins only.',
    ),
  ).toBeInTheDocument();
  expect(await pairsOf(connector)).toEqual([
    expect.objectContaining({ access_type: 'private', groups: [] }),
  ]);
});

test('D13: a curator is offered only their groups, and the server’s refusal is said in its words, with the focus', async () => {
  const key = await server.keyFor('basic', 'lead@example.com');
  const lead = (await findUserByEmail(server.store.db, 'lead@example.com'))!;
  const eng = await makeGroup('Eng', [lead.id]);
  await makeGroup('Sales');
  await api(server, 'POST', `/manage/admin/user-group/${eng}/set-curator`, {
    body: { user_id: lead.id, is_curator: true },
  });
  const connector = await privateTo([eng]);
  connectTo(server, key);
  const { user } = renderApp(`/connectors/${connector}`);
  await user.click(await screen.findByRole('button', { name: 'Change groups' }));
  const boxes = screen.getByRole('group', { name: 'Groups of “Eng docs”' });
  expect(
    within(boxes)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')?.textContent),
  ).toEqual([' Eng']);
  await user.click(within(boxes).getByRole('checkbox', { name: 'Eng' }));
  await user.click(screen.getByRole('button', { name: 'Save groups' }));
  const refusal = await screen.findByRole('alert');
  expect(refusal).toHaveTextContent('Curators must specify 1+ groups');
  await waitFor(() => expect(refusal).toHaveFocus());
  expect(await pairsOf(connector)).toEqual([
    expect.objectContaining({ access_type: 'private', groups: [eng] }),
  ]);
});
