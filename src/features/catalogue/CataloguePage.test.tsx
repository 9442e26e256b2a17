// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CATALOGUE_SOURCES } from '../../contract/sources/catalogue';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const open = (path = '/connectors/new') => {
  connectTo(server);
  return renderApp(path);
};

test('the search box has the focus; popular sources come first, then the others by category', async () => {
  open();
  const search = await screen.findByLabelText('Find a source');
  expect(search).toHaveFocus();
  const popular = screen.getByRole('region', { name: 'Popular' });
  expect(within(popular).getByRole('link', { name: 'Jira' })).toBeInTheDocument();
  expect(within(popular).queryByRole('link', { name: 'GitLab' })).not.toBeInTheDocument();
  // A short list (it held 11 of 12 sources, so it told nothing).
  const popularCount = within(popular).getAllByRole('listitem').length;
  expect(popularCount).toBeGreaterThanOrEqual(4);
  expect(popularCount).toBeLessThanOrEqual(6);
  const code = screen.getByRole('region', { name: 'Code Repository' });
  expect(within(code).getByRole('link', { name: 'GitLab' })).toHaveAttribute(
    'href',
    '/connectors/new/gitlab',
  );
  // Every catalogue source is offered, each with its setup guide.
  expect(screen.getAllByRole('link', { name: /^Setup guide/ })).toHaveLength(
    CATALOGUE_SOURCES.length,
  );
});

test('a tile shows its source’s mark once the marks load, or its initials', async () => {
  open();
  const jira = (await screen.findByRole('link', { name: 'Jira' })).closest('li')!;
  // The mark is decoration: the link's name stays the source's label.
  await waitFor(() => expect(jira.querySelector('svg[data-source-logo="jira"]')).not.toBeNull());
  const loopio = screen.getByRole('link', { name: 'Loopio' });
  expect(loopio.querySelector('svg')).toBeNull();
  expect(within(loopio).getByText('LO')).toHaveAttribute('aria-hidden', 'true');
});

test('each tile says what the source needs and links to its guide', async () => {
  open();
  const jira = (await screen.findByRole('link', { name: 'Jira' })).closest('li')!;
  expect(within(jira).getByText('Needs a Jira credential.')).toBeInTheDocument();
  expect(within(jira).getByRole('link', { name: /Setup guide\s*for Jira/ })).toHaveAttribute(
    'href',
    'https://docs.onyx.app/admins/connectors/official/jira',
  );
  const web = screen.getByRole('link', { name: 'Web' }).closest('li')!;
  expect(within(web).getByText('Needs no credential.')).toBeInTheDocument();
});

test('a search finds by name or category, keeps the words in the address, and Enter opens the first', async () => {
  const { user, router } = open();
  const search = await screen.findByLabelText('Find a source');
  await user.type(search, 'code repo');
  expect(screen.getByText('3 sources match “code repo”.')).toHaveAttribute('role', 'status');
  expect(screen.getByRole('link', { name: 'Bitbucket' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Jira' })).not.toBeInTheDocument();
  expect(router.state.location.search).toBe('?q=code+repo');

  await user.clear(search);
  await user.type(search, 'nothing like it');
  expect(screen.getByText('No source matches “nothing like it”.')).toBeInTheDocument();
  await user.keyboard('{Enter}');
  expect(router.state.location.pathname).toBe('/connectors/new');

  await user.clear(search);
  await user.type(search, 'git{Enter}');
  await waitFor(() => expect(router.state.location.pathname).toBe('/connectors/new/github'), {
    timeout: 5_000,
  });
  expect(
    await screen.findByRole('heading', { name: 'New GitHub connector', level: 1 }),
  ).toBeInTheDocument();
});
