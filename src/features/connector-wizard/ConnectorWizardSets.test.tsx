// @vitest-environment jsdom
// The wizard's review offers "Add to document sets" (the sets the caller may
// change): the pair the wizard makes goes into the sets ticked, each keeping
// what it held (Onyx's PATCH replaces a whole set).
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { api, attach, createConnector, plainRequest } from '../../../test/support/http';
import { connectTo, renderApp } from '../../test/render';
import { heading, next } from '../../test/wizardSteps';

let server: TestServer;
let handbook: number;
beforeAll(async () => {
  server = await startTestServer();
  await import('./ConnectorWizardPage');
  const connector = await createConnector(server, plainRequest('web'));
  const pair = (await attach(server, connector, 0)).json as { data: number };
  for (const name of ['Handbook', 'Support']) {
    const made = await api(server, 'POST', '/manage/admin/document-set', {
      body: {
        name,
        description: '',
        cc_pair_ids: [pair.data],
        is_public: true,
        users: [],
        groups: [],
      },
    });
    expect(made.status, made.text).toBe(200);
  }
  handbook = pair.data;
});
afterAll(() => server.close());

const setsNamed = async () =>
  (
    (await api(server, 'GET', '/manage/document-set')).json as {
      name: string;
      cc_pair_summaries: { id: number; name: string }[];
    }[]
  ).map((set) => [set.name, set.cc_pair_summaries.map((pair) => pair.id)]);

test('the pair made goes into the sets ticked on the review, and nowhere else', async () => {
  connectTo(server);
  const { user, router } = renderApp('/connectors/new/web');
  await heading('Connection');
  await user.type(screen.getByLabelText('Name'), 'Docs site');
  await user.type(screen.getByLabelText('Start address'), 'https://docs.acme.example/');
  await next(user);
  await heading('Schedule');
  await next(user);
  await heading('Review');
  const choice = await screen.findByRole('group', { name: 'Add to document sets' });
  await user.click(within(choice).getByRole('checkbox', { name: 'Handbook' }));
  await user.click(screen.getByRole('button', { name: 'Create without testing' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/connectors'), {
    timeout: 5_000,
  });
  const connectors = (await api(server, 'GET', '/manage/admin/connector')).json as {
    id: number;
    name: string;
  }[];
  const made = connectors.find((c) => c.name === 'Docs site')!;
  const detail = (await api(server, 'GET', `/manage/admin/connector/${made.id}`)).json as {
    cc_pairs: { cc_pair_id: number }[];
  };
  const pairId = detail.cc_pairs[0]!.cc_pair_id;
  expect(await setsNamed()).toEqual([
    ['Handbook', [handbook, pairId]],
    ['Support', [handbook]],
  ]);
});

test('a set ticked on the review that is gone by Create: the connector is made, and its page says which set it is not in, and why', async () => {
  const gone = (
    await api(server, 'POST', '/manage/admin/document-set', {
      body: {
        name: 'Archive',
        description: '',
        cc_pair_ids: [handbook],
        is_public: true,
        users: [],
        groups: [],
      },
    })
  ).json as number;
  connectTo(server);
  const { user, router } = renderApp('/connectors/new/web');
  await heading('Connection');
  await user.type(screen.getByLabelText('Name'), 'Old docs');
  await user.type(screen.getByLabelText('Start address'), 'https://old.acme.example/');
  await next(user);
  await heading('Schedule');
  await next(user);
  await heading('Review');
  const choice = await screen.findByRole('group', { name: 'Add to document sets' });
  await user.click(within(choice).getByRole('checkbox', { name: 'Archive' }));
  await user.click(within(choice).getByRole('checkbox', { name: 'Support' }));
  const removed = await api(server, 'DELETE', `/manage/admin/document-set/${gone}`);
  expect(removed.status, removed.text).toBe(200);
  await user.click(screen.getByRole('button', { name: 'Create without testing' }));
  const said = await screen.findByText(
    '“Old docs” was made, but not added to Archive: That document set no longer exists. Add it below if you still want it there.',
    {},
    { timeout: 5_000 },
  );
  expect(router.state.location.pathname).toMatch(/^\/connectors\/\d+$/);
  expect(said).toHaveFocus();
  const support = (
    (await api(server, 'GET', '/manage/document-set')).json as {
      name: string;
      cc_pair_summaries: { name: string }[];
    }[]
  ).find((set) => set.name === 'Support')!;
  expect(support.cc_pair_summaries.map((pair) => pair.name)).toContain('Old docs');
});
