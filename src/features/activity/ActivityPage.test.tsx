// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fromDateTimeInput, toDateTimeInput } from '../../lib/format';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { api, createConnector, plainRequest } from '../../../test/support/http';
import { insertAudit } from '../../../server/repos/audit';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  connectTo(server);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

test('the activity page says who did what, newest first, with the changes before and after', async () => {
  const id = await createConnector(server, plainRequest('web', { name: 'Eng site' }));
  await api(server, 'PATCH', `/manage/admin/connector/${id}`, { body: { status: 'PAUSED' } });
  renderApp('/activity');
  await screen.findByRole('heading', { name: 'Activity', level: 1 });
  const list = await screen.findByRole('list', { name: 'Activity' });
  const [newest, older] = within(list).getAllByRole('listitem');
  expect(newest).toHaveTextContent(`${server.adminEmail} paused Eng site`);
  expect(older).toHaveTextContent(`${server.adminEmail} created connector Eng site`);
  // The field and its values in the panel's words, as the connector's page says them.
  const row = within(newest!).getByRole('row', { name: /Status/ });
  expect(
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['Running', 'Paused']);
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
  // These two, and the first start's (the first admin and their key).
  expect(within(list).getAllByRole('listitem')).toHaveLength(4);
  const query = () => Object.fromEntries(new URLSearchParams(router.state.location.search));

  await user.selectOptions(screen.getByRole('combobox', { name: 'What' }), 'connector');
  const id = screen.getByRole('searchbox', { name: 'Its id' });
  await user.type(id, `${kept}{Enter}`);
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
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
  await waitFor(() => expect(query().since).toBeUndefined());
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

test('Export saves the records of the filter on screen, as NDJSON and as CSV', async () => {
  // jsdom has no object URLs: the file handed to the browser is caught here, with its name.
  const saved: { name: string; blob: Blob }[] = [];
  let blob: Blob | undefined;
  Object.assign(URL, {
    createObjectURL: (made: Blob) => ((blob = made), 'blob:activity'),
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, blob: blob! });
  });
  const id = await createConnector(server, plainRequest('web', { name: 'Exported site' }));
  await api(server, 'PATCH', `/manage/admin/connector/${id}`, { body: { status: 'PAUSED' } });
  const { user } = renderApp('/activity?action=connector.update');
  const list = await screen.findByRole('list', { name: 'Activity' });
  expect(within(list).getAllByRole('listitem')).toHaveLength(1);

  await user.click(screen.getByRole('button', { name: 'Export (NDJSON)' }));
  await waitFor(() => expect(saved).toHaveLength(1));
  expect(saved[0]!.name).toBe('activity.ndjson');
  // Said, with the keyboard on the words (docs/panel.md, "Focus after an action").
  const said = await screen.findByText(/^activity\.ndjson is downloaded/);
  await waitFor(() => expect(said).toHaveFocus());
  const lines = (await saved[0]!.blob.text()).split('\n').filter((line) => line !== '');
  // Only the filter's records: the update, not the creation.
  expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
    expect.objectContaining({
      action: 'connector.update',
      resource_id: String(id),
      resource_name: 'Exported site',
      actor: expect.objectContaining({ email: server.adminEmail }),
      changes: { status: { before: 'ACTIVE', after: 'PAUSED' } },
    }),
  ]);

  await user.click(screen.getByRole('button', { name: 'Export (CSV)' }));
  await waitFor(() => expect(saved).toHaveLength(2));
  expect(saved[1]!.name).toBe('activity.csv');
  const rows = (await saved[1]!.blob.text()).trim().split(/\r?\n/);
  expect(rows).toHaveLength(2);
  expect(rows[0]).toMatch(/^id,time,action,/);
  expect(rows[1]).toContain('connector.update');
  expect(rows[1]).toContain('Exported site');
  expect(screen.queryByRole('alert')).toBeNull();
});

test('the filters offer words, while the address and the API keep the codes', async () => {
  const { user, router } = renderApp('/activity');
  await screen.findByRole('list', { name: 'Activity' });
  const action = screen.getByRole('combobox', { name: 'Action' });
  expect(within(action).getByRole('option', { name: 'Connector created' })).toHaveValue(
    'connector.create',
  );
  expect(
    within(action).getByRole('option', { name: 'Credential attached to a connector' }),
  ).toHaveValue('cc_pair.create');
  expect(within(action).getByRole('option', { name: 'Failed sign-in' })).toHaveValue(
    'auth.login_failure',
  );
  const what = screen.getByRole('combobox', { name: 'What' });
  expect(within(what).getByRole('option', { name: 'API key' })).toHaveValue('api_key');
  expect(within(what).getByRole('option', { name: 'Sign-in' })).toHaveValue('auth');
  expect(within(what).getByRole('option', { name: 'Activity log' })).toHaveValue('audit');
  expect(within(what).getByRole('option', { name: /connector–credential pair/ })).toHaveValue(
    'cc_pair',
  );
  // No option reads as a code.
  for (const option of screen.getAllByRole('option')) {
    expect(option.textContent).not.toMatch(/[._]/);
  }
  await user.selectOptions(what, 'api_key');
  expect(new URLSearchParams(router.state.location.search).get('resource_type')).toBe('api_key');
  expect(what).toHaveDisplayValue('API key');
});

test('the text filters show what the address says after Back and Forward', async () => {
  const { user, router } = renderApp('/activity');
  await screen.findByRole('list', { name: 'Activity' });
  const who = screen.getByRole('searchbox', { name: 'Who (e-mail)' });
  const id = screen.getByRole('searchbox', { name: 'Its id' });
  await user.type(who, 'nobody@x.com{Enter}');
  expect(await screen.findByText('No activity matches.')).toBeInTheDocument();
  // Taking the filter leaves the keyboard where it was.
  expect(who).toHaveFocus();
  await user.type(id, '42{Enter}');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'connector.create');

  await router.go(-1);
  expect(who).toHaveValue('nobody@x.com');
  expect(id).toHaveValue('42');
  await router.go(-1);
  expect(id).toHaveValue('');
  await router.go(-1);
  expect(router.state.location.search).toBe('');
  expect(who).toHaveValue('');
  expect(await screen.findByRole('list', { name: 'Activity' })).toBeInTheDocument();
  await router.go(1);
  expect(who).toHaveValue('nobody@x.com');
  expect(id).toHaveValue('');
});

test('paging keeps the keyboard: on the new page’s list when its button goes away', async () => {
  // 55 records and the first start's 2: a page of 50, then one of 7.
  for (let n = 0; n < 55; n += 1) {
    await insertAudit(server.store.db, {
      time: new Date(Date.UTC(2025, 0, 1, 0, n)).toISOString(),
      action: 'connector.delete',
      outcome: 'success',
      actor_user_id: null,
      actor_email: 'paged@activity.test',
      actor_api_key_id: null,
      resource_type: 'connector',
      resource_id: String(n + 1),
      resource_name: `Site ${n + 1}`,
      address: null,
      user_agent: null,
      request_id: null,
      changes: '{}',
    });
  }
  const { user } = renderApp('/activity');
  const list = await screen.findByRole('list', { name: 'Activity' });
  expect(within(list).getAllByRole('listitem')).toHaveLength(50);

  await user.click(screen.getByRole('button', { name: 'Older' }));
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(7));
  expect(screen.queryByRole('button', { name: 'Older' })).toBeNull();
  await waitFor(() => expect(list).toHaveFocus());

  await user.click(screen.getByRole('button', { name: 'Newest' }));
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(50));
  expect(screen.queryByRole('button', { name: 'Newest' })).toBeNull();
  await waitFor(() => expect(list).toHaveFocus());
});
