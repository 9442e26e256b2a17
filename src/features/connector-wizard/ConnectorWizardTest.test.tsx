// @vitest-environment jsdom
// The review's connection test, against a real stand-in for Jira Data Center
// on 127.0.0.1: a pass makes Create the main action; a failure leaves only a
// secondary Create that says the test did not pass.
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { api } from '../../../test/support/http';
import { jiraDataCenter, startStandIn, type StandIn } from '../../../test/support/standIns';
import { connectTo, renderApp } from '../../test/render';
import { chooseCredential, fillConnection, heading, next } from '../../test/wizardSteps';

let server: TestServer;
let jira: StandIn;
beforeAll(async () => {
  server = await startTestServer();
  jira = await startStandIn(jiraDataCenter('dc-token-right', ['ENG']));
  for (const [name, token] of [
    ['DC right token', 'dc-token-right'],
    ['DC wrong token', 'dc-token-wrong'],
  ]) {
    await api(server, 'POST', '/manage/credential', {
      body: {
        name,
        source: 'jira',
        credential_json: { jira_api_token: token },
        admin_public: true,
      },
    });
  }
});
afterAll(async () => {
  await jira.close();
  await server.close();
});

async function toReview(name: string, credential: string) {
  connectTo(server);
  const rendered = renderApp('/connectors/new/jira');
  const { user } = rendered;
  await fillConnection(user, { name, url: jira.origin, projectKey: 'ENG' });
  await next(user);
  await heading('Schedule');
  await next(user);
  await heading('Credential');
  await chooseCredential(user, credential);
  await next(user);
  await heading('Review');
  return rendered;
}

test('a passing test lists its checks and makes Create the main action; nothing is saved by it', async () => {
  const { user, router } = await toReview('Tested Jira', 'DC right token');
  expect(screen.getByText(/Not tested yet/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Create without testing' })).toHaveClass('secondary');
  await user.click(screen.getByRole('button', { name: 'Test connection' }));

  const outcome = await screen.findByRole('heading', {
    name: 'The connection works: every check passed.',
  });
  await waitFor(() => expect(outcome).toHaveFocus(), { timeout: 5_000 });
  const checks = within(outcome.parentElement!).getAllByRole('listitem');
  expect(checks.length).toBeGreaterThanOrEqual(2);
  for (const check of checks) expect(check).toHaveTextContent(/^✓ Passed/);
  expect(jira.seen.map((request) => request.url)).toContain('/rest/api/2/project/ENG');
  const listed = await api(server, 'GET', '/manage/admin/connector');
  expect(JSON.stringify(listed.json)).not.toContain('Tested Jira');

  const create = screen.getByRole('button', { name: 'Create' });
  expect(create).not.toHaveClass('secondary');
  await user.click(create);
  await waitFor(() => expect(router.state.location.pathname).toBe('/connectors'), {
    timeout: 5_000,
  });
});

test('a failing test says why; Create stays possible, secondary, and says the test did not pass', async () => {
  const { user } = await toReview('Refused Jira', 'DC wrong token');
  await user.click(screen.getByRole('button', { name: 'Test connection' }));
  const outcome = await screen.findByRole('heading', { name: 'The connection test failed.' });
  expect(outcome.parentElement).toHaveTextContent(/✗ Failed.*\(401\)/);
  expect(outcome.parentElement).not.toHaveTextContent('dc-token-wrong');
  expect(screen.getByRole('button', { name: 'Test again' })).not.toHaveClass('secondary');
  expect(screen.getByRole('button', { name: 'Create without a passing test' })).toHaveClass(
    'secondary',
  );
  expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
});
