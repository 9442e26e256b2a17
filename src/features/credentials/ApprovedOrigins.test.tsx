// @vitest-environment jsdom
// D15 on the Credentials page: a credential's approved addresses, listed when
// opened, and one removed by its owner (an admin here); the words of the
// removal take the focus, and the server no longer lists it.
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { api, attach, createConnector, jiraRequest } from '../../../test/support/http';
import { connectTo, renderApp } from '../../test/render';

let server: TestServer;
let credentialId: number;
const ORIGIN = 'http://127.0.0.1:9';
beforeAll(async () => {
  server = await startTestServer();
  const made = await api(server, 'POST', '/manage/credential', {
    body: {
      name: 'Jira with an address',
      source: 'jira',
      credential_json: { jira_api_token: 'a-jira-token-for-the-page' },
      admin_public: true,
    },
  });
  credentialId = (made.json as { id: number }).id;
  const id = await createConnector(
    server,
    jiraRequest({ connector_specific_config: { jira_base_url: `${ORIGIN}/jira` } }),
  );
  await attach(server, id, credentialId);
});
afterAll(() => server.close());

test(
  'its approved addresses are listed, and its owner removes one',
  { timeout: 30_000 },
  async () => {
    connectTo(server);
    const { user } = renderApp('/credentials');
    const card = (
      await screen.findByRole(
        'heading',
        { name: 'Jira with an address', level: 2 },
        { timeout: 15_000 },
      )
    ).closest('li')!;
    await user.click(within(card).getByText('Where its secret may be sent'));
    const list = await within(card).findByRole('list', {
      name: 'Approved addresses of Jira with an address',
    });
    expect(list).toHaveTextContent(ORIGIN);
    expect(list).toHaveTextContent(server.adminEmail);
    await user.click(within(list).getByRole('button', { name: `Remove ${ORIGIN}` }));
    const said = await screen.findByText(/will no longer be sent to http:\/\/127\.0\.0\.1:9/);
    await waitFor(() => expect(said.closest('[tabindex]') ?? said).toHaveFocus());
    await waitFor(() => expect(within(card).getByText(/No address approved/)).toBeInTheDocument());
    const answer = await api(server, 'GET', `/manage/admin/credential/${credentialId}/origins`);
    expect(answer.json).toMatchObject({ origins: [] });
  },
);
