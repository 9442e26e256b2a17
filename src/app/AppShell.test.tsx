// @vitest-environment jsdom
// The shell follows the signed-in key's role: navigation a role may not use is
// not offered, and a page it may not open says so at once (D2's roles).
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/harness';
import { connectTo, renderApp } from '../test/render';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const navLinks = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return within(nav)
    .queryAllByRole('link')
    .map((link) => link.textContent);
};

test('a basic user is told at once that the wizard needs another role, and offered only the API reference', async () => {
  connectTo(server, await server.keyFor('basic', 'bea.basic@shell.test'));
  renderApp('/connectors/new/jira');
  expect(
    await screen.findByRole('heading', { name: 'Your role cannot open this page', level: 1 }),
  ).toBeInTheDocument();
  expect(screen.getByText(/whose role is/)).toHaveTextContent(
    'You are signed in as bea.basic@shell.test, whose role is basic. This page needs the admin, curator or global curator role.',
  );
  // Not the wizard's first step, and no "Try again" for a refusal.
  expect(screen.queryByRole('textbox', { name: /Jira base URL/i })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  expect(await navLinks()).toEqual(['API reference']);
  expect(screen.getByText('bea.basic@shell.test')).toBeInTheDocument();
});

test('a curator sees the connector pages but not the users page', async () => {
  connectTo(server, await server.keyFor('curator', 'cy.curator@shell.test'));
  renderApp('/users');
  expect(
    await screen.findByRole('heading', { name: 'Your role cannot open this page', level: 1 }),
  ).toBeInTheDocument();
  expect(screen.getByText(/This page needs the admin role/)).toBeInTheDocument();
  await screen.findByText('cy.curator@shell.test');
  expect(await navLinks()).toEqual(['Connectors', 'New connector', 'Credentials', 'API reference']);
});

test('an admin is offered every page', async () => {
  connectTo(server);
  renderApp('/users');
  expect(
    await screen.findByRole('heading', { name: 'Users and roles', level: 1 }),
  ).toBeInTheDocument();
  await screen.findByText(/\(admin\)/);
  expect(await navLinks()).toEqual([
    'Connectors',
    'New connector',
    'Credentials',
    'Users & roles',
    'Activity',
    'API keys',
    'API reference',
  ]);
});
