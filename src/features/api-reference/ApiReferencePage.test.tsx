// @vitest-environment jsdom
// The API reference page reads the server's own description and shows each
// endpoint with who may call it and what it answers.
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

test('every endpoint, with its roles, parameters and answers; reachable from the navigation', async () => {
  connectTo(server, await server.keyFor('curator'));
  const { user } = renderApp('/connectors');
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('link', { name: 'API reference' }));
  expect(await screen.findByRole('heading', { name: 'API reference', level: 1 })).toBeVisible();

  const list = await screen.findByRole('region', { name: 'GET /manage/admin/connector' });
  expect(within(list).getByText(/List connectors/)).toBeInTheDocument();
  expect(within(list).getByText('Roles: admin, curator, global_curator.')).toBeInTheDocument();
  expect(within(list).getByRole('listitem')).toHaveTextContent(
    'credential (query): Only the connectors this credential is attached to.',
  );
  for (const status of ['200', '401', '403', '422']) {
    expect(within(list).getByText(status)).toBeInTheDocument();
  }
  const role = screen.getByRole('region', { name: 'PATCH /manage/set-user-role' });
  expect(within(role).getByText('Roles: admin.')).toBeInTheDocument();
  expect(within(role).getByText('Takes a JSON body.')).toBeInTheDocument();
  const versions = screen.getByRole('region', { name: 'GET /versions' });
  expect(within(versions).getByText('No key needed.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'openapi.json' })).toHaveAttribute(
    'href',
    `${server.apiUrl}/openapi.json`,
  );
});
