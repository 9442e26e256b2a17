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

/** Each body row of a field table, as its cells' words. */
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));

test('every endpoint, with its roles, parameters and answers; reachable from the navigation', async () => {
  connectTo(server, await server.keyFor('curator'));
  const { user } = renderApp('/connectors');
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(await within(nav).findByRole('link', { name: 'API reference' }));
  expect(await screen.findByRole('heading', { name: 'API reference', level: 1 })).toBeVisible();

  const list = await screen.findByRole('region', { name: 'GET /manage/admin/connector' });
  // The contents link to each endpoint's section.
  const contents = screen.getByRole('navigation', { name: 'Endpoints' });
  const link = within(contents).getByRole('link', { name: 'GET /manage/admin/connector' });
  expect(link.getAttribute('href')).toBe(`#${within(list).getByRole('heading', { level: 2 }).id}`);
  expect(within(contents).getAllByRole('link')).toHaveLength(
    screen.getAllByRole('region').filter((region) => region.classList.contains('api-endpoint'))
      .length,
  );
  expect(within(list).getByText(/List the connectors/)).toBeInTheDocument();
  // Roles as the API names them, set as code.
  const roles = within(list).getByText(/^Roles:/);
  expect(roles).toHaveTextContent('Roles: admin, curator, global_curator.');
  expect(within(roles).getByText('global_curator', { selector: 'code' })).toBeInTheDocument();
  expect(within(list).getByRole('listitem')).toHaveTextContent(
    'credential (query): Only the connectors this credential is attached to.',
  );
  for (const status of ['200', '401', '403', '422']) {
    expect(within(list).getByText(status)).toBeInTheDocument();
  }
  const role = screen.getByRole('region', { name: 'PATCH /manage/set-user-role' });
  expect(within(role).getByText(/^Roles:/)).toHaveTextContent(/^Roles: admin\.$/);
  // The body's fields, read from the document: name, type, required, what it is.
  const body = within(role).getByRole('table', { name: 'Body of PATCH /manage/set-user-role' });
  expect(rowTexts(body)).toEqual([
    ['user_email', 'string', 'yes', 'The e-mail address of the user to change.'],
    [
      'new_role',
      expect.stringMatching(/^one of: limited, basic, admin/),
      'yes',
      'The role to give them.',
    ],
    [
      'explicit_override',
      'boolean',
      'no',
      expect.stringMatching(/^Make a change the role rules refuse/),
    ],
  ]);
  // A backticked word in the document is code on the page, never a literal backtick.
  const override = within(body).getByRole('row', { name: /explicit_override/ });
  expect(within(override).getByText('curator', { selector: 'code' })).toBeInTheDocument();
  expect(within(role).getByText('null', { selector: 'code' })).toBeInTheDocument();
  // The answer's fields too: a list's are those of each item.
  const answer = within(list).getByRole('table', { name: 'Answer of GET /manage/admin/connector' });
  expect(within(list).getByText('A list; each item has these fields:')).toBeInTheDocument();
  const names = rowTexts(answer).map(([name]) => name);
  expect(names).toEqual(expect.arrayContaining(['id', 'name', 'source', 'credential_ids']));
  // Each answer field says what it is, nested ones by their path.
  expect(rowTexts(answer).find(([name]) => name === 'credential_ids')).toEqual([
    'credential_ids',
    'list of integer',
    'yes',
    expect.stringMatching(/^Ids of the credentials attached to it/),
  ]);
  const audit = screen.getByRole('region', { name: 'GET /admin/audit' });
  const records = rowTexts(within(audit).getByRole('table', { name: /^Answer of/ }));
  expect(records.find(([name]) => name === 'items[].actor.email')).toEqual([
    'items[].actor.email',
    'string or null',
    'yes',
    expect.stringMatching(/^Their e-mail address at the time/),
  ]);
  expect(records.filter(([, , , description]) => description === '')).toEqual([]);
  const create = screen.getByRole('region', { name: 'POST /manage/admin/connector' });
  const createBody = within(create).getByRole('table', { name: /^Body of/ });
  expect(rowTexts(createBody).find(([name]) => name === 'refresh_freq')).toEqual([
    'refresh_freq',
    'integer or null',
    'no',
    expect.stringMatching(/^Seconds between two reads/),
  ]);
  // Words for an API user: no internal decision codes, no Markdown.
  const page = screen.getByRole('region', { name: 'API reference' });
  expect(page.textContent).not.toMatch(/\(D\d+|\bD\d+:/);
  expect(page.textContent).not.toContain('`');
  const versions = screen.getByRole('region', { name: 'GET /versions' });
  expect(within(versions).getByText('No key needed.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'openapi.json' })).toHaveAttribute(
    'href',
    `${server.apiUrl}/openapi.json`,
  );
});
