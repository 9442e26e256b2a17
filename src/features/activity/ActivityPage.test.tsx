// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
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
