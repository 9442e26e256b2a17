// Alert deliveries go beside the background re-tests, not in their way: a
// webhook on 127.0.0.1 that takes the alert and does not answer (until the
// test releases it) holds up only its own delivery, while the watch goes on
// re-testing the pairs that fall due. One delivery round at a time: the held
// alert is not posted twice meanwhile.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness';
import { attach, createConnector, jiraRequest, madeCredential } from '../support/http';
import * as standIns from '../support/standIns';

const GOOD = 'the-token-jira-accepts';
const WAIT = { timeout: 10_000, interval: 20 };
let server: TestServer;
let jira: standIns.StandIn;
let webhook: http.Server;
let webhookUrl: string;
/** The webhook's requests taken and not answered yet. */
const held: http.ServerResponse[] = [];
let posts = 0;

const release = () => {
  for (const response of held.splice(0)) response.writeHead(200).end('ok');
};

beforeAll(async () => {
  jira = await standIns.startStandIn({
    'GET /rest/api/2/myself': (request, response) =>
      request.headers.authorization === `Bearer ${GOOD}`
        ? standIns.sendJson(response, 200, { name: 'bot' })
        : standIns.sendJson(response, 401, { errorMessages: ['Client must be authenticated'] }),
    'GET /rest/api/2/project/ENG': (_request, response) =>
      standIns.sendJson(response, 200, { key: 'ENG' }),
  });
  webhook = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      posts += 1;
      held.push(response);
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(webhook.address() as { port: number }).port}/hook`;
  server = await startTestServer({
    healthWatch: {
      retestPeriodMs: 300,
      tickMs: 20,
      untestedAfterMs: 60_000,
      envWebhookUrl: webhookUrl,
      // Longer than the test waits: only a watch that does not wait for it re-tests meanwhile.
      delivery: { timeoutMs: 120_000, firstRetryMs: 20, maxRetryMs: 80, giveUpMs: 240_000 },
    },
  });
});
afterAll(async () => {
  release();
  await server?.close();
  await jira?.close();
  webhook?.closeAllConnections();
  await new Promise<void>((resolve) => (webhook ? webhook.close(() => resolve()) : resolve()));
});

async function pairWith(token: string) {
  const credential = await madeCredential(server, 'jira', { jira_api_token: token });
  const connector = await createConnector(
    server,
    jiraRequest({ connector_specific_config: { jira_base_url: jira.origin, project_key: 'ENG' } }),
  );
  return ((await attach(server, connector, credential)).json as { data: number }).data;
}

const lastTestAt = async (pair: number) =>
  (
    await server.store.db
      .selectFrom('connector_credential_pairs')
      .select('last_test_at')
      .where('id', '=', pair)
      .executeTakeFirstOrThrow()
  ).last_test_at;

describe('a webhook that does not answer', () => {
  it('holds up no re-test: a due pair is re-tested while the alert waits, and the alert is posted once', async () => {
    const healthy = await pairWith(GOOD);
    await vi.waitFor(async () => expect(await lastTestAt(healthy)).not.toBeNull(), WAIT);
    // A failing pair: its alert goes to the webhook, which takes it and does not answer.
    await pairWith('a-token-jira-refuses');
    await vi.waitFor(() => expect(held).toHaveLength(1), WAIT);

    // While the alert is held, the healthy pair falls due again and is re-tested, twice.
    for (let round = 0; round < 2; round++) {
      const before = await lastTestAt(healthy);
      await vi.waitFor(async () => expect(await lastTestAt(healthy)).not.toBe(before), WAIT);
    }
    expect(held).toHaveLength(1);
    expect(posts).toBe(1);

    release();
    const delivered = async () =>
      (
        await server.store.db
          .selectFrom('alert_deliveries')
          .select('status')
          .where('event', '=', 'pair.invalid')
          .execute()
      ).map((row) => row.status);
    await vi.waitFor(async () => expect(await delivered()).toEqual(['delivered']), WAIT);
  });
});
