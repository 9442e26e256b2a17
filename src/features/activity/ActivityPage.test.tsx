// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fromDateTimeInput, toDateTimeInput } from '../../lib/format';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { api, createConnector, plainRequest } from '../../../test/support/http';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  connectTo(server);
});
afterEach(() => server.close());

test('the activity page says who did what, newest first, with the changes before and after', async () => {
  const id = await createConnector(server, plainRequest('web', { name: 'Eng site' }));
  await api(server, 'PATCH', `/manage/admin/connector/${id}`, { body: { status: 'PAUSED' } });
  renderApp('/activity');
  await screen.findByRole('heading', { name: 'Activity', level: 1 });
  const list = await screen.findByRole('list', { name: 'Activity' });
  const [newest, older] = within(list).getAllByRole('listitem');
  expect(newest).toHaveTextContent(`${server.adminEmail} paused Eng site`);
  expect(older).toHaveTextContent(`${server.adminEmail} created connector Eng site`);
  const row = within(newest!).getByRole('row', { name: /status/ });
  expect(row).toHaveTextContent('ACTIVE');
  expect(row).toHaveTextContent('PAUSED');
});

test('the action filter lives in the address', async () => {
  await createConnector(server, plainRequest('web', { name: 'Kept' }));
  const key = await server.keyFor('basic', 'someone@activity.test');
  await api(server, 'POST', '/manage/admin/connector', { key, body: plainRequest('web') });
  renderApp('/activity?action=connector.create');
  const list = await screen.findByRole('list', { name: 'Activity' });
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveTextContent('someone@activity.test was refused: created connector');
  expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('connector.create');
});

test('the time and resource filters live in the address and narrow the records', async () => {
  const kept = await createConnector(server, plainRequest('web', { name: 'Kept site' }));
  await createConnector(server, plainRequest('web', { name: 'Other site' }));
  const { user, router } = renderApp('/activity');
  const list = await screen.findByRole('list', { name: 'Activity' });
  expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  const query = () => Object.fromEntries(new URLSearchParams(router.state.location.search));

  await user.selectOptions(screen.getByRole('combobox', { name: 'What' }), 'connector');
  const id = screen.getByRole('searchbox', { name: 'Its id' });
  await user.type(id, `${kept}{Enter}`);
  await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  expect(within(list).getByRole('listitem')).toHaveTextContent('created connector Kept site');
  expect(query()).toEqual({ resource_type: 'connector', resource_id: String(kept) });

  // From a minute ahead: nothing yet. The address holds the instant (ISO, UTC).
  const ahead = toDateTimeInput(new Date(Date.now() + 60_000).toISOString());
  const from = screen.getByLabelText('From');
  await user.type(from, ahead);
  expect(await screen.findByText('No activity matches.')).toBeInTheDocument();
  expect(query().since).toBe(fromDateTimeInput(ahead));
  expect(from).toHaveValue(ahead);

  // Cleared: the record is back, the other filters kept.
  await user.clear(from);
  await vi.waitFor(() => expect(query().since).toBeUndefined());
  const again = await screen.findByRole('list', { name: 'Activity' });
  expect(within(again).getAllByRole('listitem')).toHaveLength(1);
  expect(query()).toEqual({ resource_type: 'connector', resource_id: String(kept) });
});

test('a time filter in the address shows in its input and counts: until before anything happened', async () => {
  await createConnector(server, plainRequest('web', { name: 'Late site' }));
  renderApp('/activity?until=2020-01-01T00:00:00.000Z');
  expect(await screen.findByText('No activity matches.')).toBeInTheDocument();
  expect(screen.getByLabelText('Until')).toHaveValue(toDateTimeInput('2020-01-01T00:00:00.000Z'));
});
