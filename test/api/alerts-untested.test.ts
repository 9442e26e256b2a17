// A credential not tested for too long alerts once (docs/operations.md, "Alerts"), with
// background re-tests off (SOURCEDESK_RETEST_HOURS=0) and a short "too long" (two
// seconds); testing one of its pairs makes it tested again, silently.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness';
import { addCredential, api, attach, createConnector, plainRequest } from '../support/http';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';

const WAIT = { timeout: 10_000, interval: 20 };
let server: TestServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({
    healthWatch: {
      retestHours: 0,
      tickMs: 20,
      untestedAfterMs: 2_000,
      envWebhookUrl: receiver.url,
    },
  });
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

it('a credential whose pairs were never tested: one credential.untested alert, never its values', async () => {
  const credential = await addCredential(
    server,
    'salesforce',
    {
      sf_username: 'bot@acme.example',
      sf_password: 'salesforce-secret-never-sent',
      sf_security_token: 'token-1',
      is_sandbox: false,
    },
    'Site login',
  );
  const connector = await createConnector(server, plainRequest('salesforce'));
  const pair = ((await attach(server, connector, credential)).json as { data: number }).data;
  const aboutIt = () =>
    receiver.received.filter(
      (alert) => (alert.credential as { id: number } | null)?.id === credential,
    );
  await vi.waitFor(() => expect(aboutIt()).toHaveLength(1), WAIT);
  expect(aboutIt()[0]).toMatchObject({
    event: 'credential.untested',
    connector: null,
    credential: { id: credential, name: 'Site login', source: 'salesforce' },
    reason: 'Never tested since it was attached',
  });
  expect(aboutIt()[0]!.text).toMatch(
    /^Sourcedesk: credential "Site login" \(Salesforce\) has not been tested for too long/,
  );
  expect(JSON.stringify(receiver.received)).not.toContain('salesforce-secret-never-sent');

  // Tested now (a source not checked, in words, so nothing is sent: but tested): the state turns
  // tested, which alerts nobody; two seconds later it is untested again: a new change, one alert.
  const stateOf = async () =>
    (
      await server.store.db
        .selectFrom('alert_state')
        .select('state')
        .where('subject', '=', `credential:${credential}`)
        .executeTakeFirst()
    )?.state;
  expect((await api(server, 'POST', `/manage/admin/cc-pair/${pair}/test`)).status).toBe(200);
  await vi.waitFor(async () => expect(await stateOf()).toBe('tested'), WAIT);
  expect(aboutIt()).toHaveLength(1);
  await vi.waitFor(() => expect(aboutIt()).toHaveLength(2), WAIT);
  expect(aboutIt()[1]!.reason).toMatch(/^Last tested on \d{4}-\d{2}-\d{2}$/);
});
