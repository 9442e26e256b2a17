// @vitest-environment jsdom
// A stored credential tested from the Credentials page, with the settings of a
// connector that uses it, against a real Slack stand-in on 127.0.0.1.
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { api, attach, createConnector, plainRequest } from '../../../test/support/http';
import { slack, startStandIn, type StandIn } from '../../../test/support/standIns';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
let standIn: StandIn;
beforeAll(async () => {
  standIn = await startStandIn(slack('xoxb-right-token', ['general', 'eng']));
  server = await startTestServer({ connectionTest: { hosts: { slack: standIn.origin } } });
  const made = await api(server, 'POST', '/manage/credential', {
    body: {
      name: 'Slack bot to test',
      source: 'slack',
      credential_json: { slack_bot_token: 'xoxb-right-token' },
      admin_public: true,
    },
  });
  const credentialId = (made.json as { id: number }).id;
  const id = await createConnector(
    server,
    plainRequest('slack', {
      name: 'Tested Slack',
      connector_specific_config: { channels: ['eng'] },
    }),
  );
  await attach(server, id, credentialId);
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

test('a credential in use is tested with its connector’s settings; the checks are listed', async () => {
  connectTo(server);
  const { user } = renderApp('/credentials');
  const card = (
    await screen.findByRole('heading', { name: 'Slack bot to test', level: 2 })
  ).closest('li')!;
  await user.click(await within(card).findByRole('button', { name: 'Test with “Tested Slack”' }));
  const outcome = await within(card).findByRole('heading', {
    name: 'The connection works: every check passed.',
  });
  await waitFor(() => expect(outcome).toHaveFocus(), { timeout: 5_000 });
  expect(outcome.parentElement).toHaveTextContent(/eng/);
  expect(standIn.seen.map((request) => request.url)).toContain('/api/auth.test');
  expect(document.body.textContent).not.toContain('xoxb-right-token');
});

test('a credential no connector uses says how it can be tested', async () => {
  await api(server, 'POST', '/manage/credential', {
    body: {
      name: 'Unused Slack bot',
      source: 'slack',
      credential_json: { slack_bot_token: 'xoxb-unused' },
      admin_public: true,
    },
  });
  connectTo(server);
  renderApp('/credentials');
  const card = (await screen.findByRole('heading', { name: 'Unused Slack bot', level: 2 })).closest(
    'li',
  )!;
  // Said once the connectors that use it are known (the card first says it is finding them).
  expect(await within(card).findByText(/To test it, attach it to a connector/)).toBeInTheDocument();
});
