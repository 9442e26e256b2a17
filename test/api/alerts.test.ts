// Background re-tests and alerts (docs/operations.md,
// "Alerts"): a stand-in Jira on 127.0.0.1 whose token is revoked during the
// test, a background re-test with a short period (waited for through the
// recorded result, bounded: never a sleep), and a webhook receiver on
// 127.0.0.1 that gets one alert per change of state, never a secret.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { alertDeliverySchema, alertSettingsSchema } from '../../src/contract/alerts';
import { startTestServer, type TestServer } from '../support/harness';
import {
  api,
  attach,
  createConnector,
  jiraRequest,
  madeCredential,
  NOT_ADMIN,
} from '../support/http';
import * as standIns from '../support/standIns';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';
import { waitsDuring } from '../support/waitsDuring';

const TOKEN = 'stored-jira-token-never-in-an-alert';
const WAIT = { timeout: 10_000, interval: 20 };
let server: TestServer;
let jira: standIns.StandIn;
let receiver: WebhookReceiver;
/** The token the stand-in Jira accepts now: a test revokes it. */
let accepted = TOKEN;
/** A project whose answer is held, while holdSlow, until released: a re-test under way. */
let holdSlow = true;
let releaseSlow: (() => void) | undefined;

beforeAll(async () => {
  jira = await standIns.startStandIn({
    'GET /rest/api/2/myself': (request, response) =>
      request.headers.authorization === `Bearer ${accepted}`
        ? standIns.sendJson(response, 200, { name: 'bot' })
        : standIns.sendJson(response, 401, { errorMessages: ['Client must be authenticated'] }),
    'GET /rest/api/2/project/ENG': (_request, response) =>
      standIns.sendJson(response, 200, { key: 'ENG' }),
    'GET /rest/api/2/project/SLOW': (_request, response) => {
      const answer = () => standIns.sendJson(response, 200, { key: 'SLOW' });
      if (holdSlow) releaseSlow = answer;
      else answer();
    },
  });
  receiver = await startWebhookReceiver();
  server = await startTestServer({
    healthWatch: {
      retestPeriodMs: 300,
      tickMs: 20,
      // Re-tested every 300 ms, a credential is never untested this long here (alerts-untested.test.ts).
      untestedAfterMs: 60_000,
      envWebhookUrl: receiver.url,
      delivery: { firstRetryMs: 20, maxRetryMs: 80, giveUpMs: 1_500 },
    },
  });
});
afterAll(async () => {
  if (holdSlow) releaseSlow?.();
  await server.close();
  await jira.close();
  await receiver.close();
});

async function jiraPair(project = 'ENG') {
  const credential = await madeCredential(server, 'jira', { jira_api_token: TOKEN });
  const connector = await createConnector(
    server,
    jiraRequest({
      connector_specific_config: { jira_base_url: jira.origin, project_key: project },
    }),
  );
  const pair = ((await attach(server, connector, credential)).json as { data: number }).data;
  return { connector, pair };
}

const lastTest = (pair: number) =>
  server.store.db
    .selectFrom('connector_credential_pairs')
    .select(['last_test_at', 'last_test_ok'])
    .where('id', '=', pair)
    .executeTakeFirstOrThrow();

/** Resolves once the background has recorded `count` more tests of the pair (bounded). */
async function moreTests(pair: number, count: number) {
  for (let i = 0; i < count; i++) {
    const before = (await lastTest(pair)).last_test_at;
    await vi.waitFor(
      async () => expect((await lastTest(pair)).last_test_at).not.toBe(before),
      WAIT,
    );
  }
}

const alertsAbout = (connector: number, event?: string) =>
  receiver.received.filter(
    (alert) =>
      (alert.connector as { id: number } | null)?.id === connector &&
      (event === undefined || alert.event === event),
  );

describe('background re-tests', () => {
  it('a revoked token: the pair turns INVALID, one alert; a second failing re-test sends none; restored: one recovery', async () => {
    const { connector, pair } = await jiraPair();
    await vi.waitFor(async () => expect((await lastTest(pair)).last_test_ok).toBe(1), WAIT);
    await moreTests(pair, 1);
    expect(alertsAbout(connector)).toEqual([]); // healthy from the first sight: nothing to say

    accepted = 'a-token-issued-later';
    try {
      await vi.waitFor(() => expect(alertsAbout(connector, 'pair.invalid')).toHaveLength(1), WAIT);
      // Two more failing re-tests, each round through: still the one alert.
      await moreTests(pair, 2);
      expect((await lastTest(pair)).last_test_ok).toBe(0);
      expect(alertsAbout(connector)).toHaveLength(1);
    } finally {
      accepted = TOKEN;
    }
    const [invalid] = alertsAbout(connector, 'pair.invalid');
    expect(invalid).toMatchObject({
      event: 'pair.invalid',
      connector: { id: connector, source: 'jira' },
      credential: { source: 'jira' },
      reason: expect.stringContaining('Jira refused the token (401)'),
      time: expect.any(String),
    });
    expect(invalid!.text).toMatch(/^Sourcedesk: Connector ".+" \(Jira\) .* needs attention/);
    expect(invalid!.text).toContain('Jira refused the token (401)');

    await vi.waitFor(() => expect(alertsAbout(connector, 'pair.recovered')).toHaveLength(1), WAIT);
    await moreTests(pair, 2);
    expect(alertsAbout(connector).map((alert) => alert.event)).toEqual([
      'pair.invalid',
      'pair.recovered',
    ]);
    expect(alertsAbout(connector, 'pair.recovered')[0]!.text).toContain('works again');
  });

  it('never blocks requests: the API answers while a re-test waits on its source', async () => {
    releaseSlow = undefined;
    const { pair } = await jiraPair('SLOW');
    const before = (await lastTest(pair)).last_test_at;
    const probes = await waitsDuring(server.origin, async () => {
      await vi.waitFor(() => expect(releaseSlow).toBeDefined(), WAIT); // the test is under way
      // Other requests are answered while it waits (counted below), then it is let go.
      await vi.waitFor(async () => {
        expect((await api(server, 'GET', '/manage/admin/connector')).status).toBe(200);
      }, WAIT);
      holdSlow = false;
      releaseSlow!();
      await vi.waitFor(
        async () => expect((await lastTest(pair)).last_test_at).not.toBe(before),
        WAIT,
      );
    });
    expect(probes.failures).toEqual([]);
    expect(probes.answeredDuring).toBeGreaterThan(0);
  });
});

describe('alerts', () => {
  const settings = async (key?: string) =>
    api(server, 'GET', '/manage/admin/alert-settings', { key });

  it('an API key ending within 7 days: one alert, retried with back-off while the webhook fails, then delivered', async () => {
    receiver.answer(500);
    const expires = new Date(Date.now() + 3 * 24 * 3_600_000).toISOString();
    const made = await api(server, 'POST', '/admin/api-key', {
      body: { name: 'nightly export', role: 'basic', expires_at: expires },
    });
    expect(made.status, made.text).toBe(200);
    const secretKey = (made.json as { api_key: string }).api_key;
    // Tried, refused, tried again later (the delivery is the newest: nothing else changes state here).
    await vi.waitFor(async () => {
      const pending = alertDeliverySchema.parse(
        (await api(server, 'GET', '/manage/admin/alert-deliveries/last')).json,
      );
      expect(pending).toMatchObject({
        event: 'api_key.expiring',
        text: expect.stringContaining('"nightly export"'),
        status: 'pending',
        last_outcome: 'HTTP 500',
      });
      expect(pending.attempts).toBeGreaterThanOrEqual(3);
    }, WAIT);

    receiver.answer(200);
    const aboutKey = () =>
      receiver.received.filter(
        (alert) =>
          alert.event === 'api_key.expiring' && String(alert.text).includes('nightly export'),
      );
    await vi.waitFor(() => expect(aboutKey()).toHaveLength(1), WAIT);
    expect(aboutKey()[0]).toMatchObject({
      connector: null,
      credential: null,
      reason: `Ends on ${expires.slice(0, 10)}`,
    });
    expect(JSON.stringify(aboutKey())).not.toContain(secretKey);
    // The receiver counts the alert before its 200 reaches the server, which records it after.
    await vi.waitFor(async () => {
      const delivered = alertSettingsSchema.parse((await settings()).json).last_delivery;
      expect(delivered).toMatchObject({
        event: 'api_key.expiring',
        status: 'delivered',
        last_outcome: 'HTTP 200',
      });
    }, WAIT);
  });

  it('a webhook that never answers well is given up after the bounded time, and shown failed', async () => {
    const put = await api(server, 'PUT', '/manage/admin/alert-settings', {
      body: { webhook_url: 'http://127.0.0.1:1/services/never' },
    });
    expect(put.status, put.text).toBe(200);
    try {
      const made = await api(server, 'POST', '/admin/api-key', {
        body: {
          name: 'ends soon',
          role: 'basic',
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        },
      });
      expect(made.status, made.text).toBe(200);
      await vi.waitFor(async () => {
        const last = alertDeliverySchema.parse(
          (await api(server, 'GET', '/manage/admin/alert-deliveries/last')).json,
        );
        expect(last).toMatchObject({
          status: 'failed',
          last_outcome: 'the connection was refused',
        });
        expect(last.attempts).toBeGreaterThan(1);
      }, WAIT);
    } finally {
      await api(server, 'PUT', '/manage/admin/alert-settings', { body: { webhook_url: null } });
    }
  });

  it('admins set the webhook (masked once saved, the panel’s wins over the environment’s) and send a test alert', async () => {
    const fromEnv = alertSettingsSchema.parse((await settings()).json);
    expect(fromEnv).toMatchObject({
      webhook_url: `${new URL(receiver.url).origin}/••••••••`,
      webhook_url_from: 'environment',
    });

    const other = await startWebhookReceiver();
    try {
      const put = await api(server, 'PUT', '/manage/admin/alert-settings', {
        body: { webhook_url: other.url },
      });
      expect(put.status, put.text).toBe(200);
      expect(put.text).not.toContain(other.secret);
      expect(alertSettingsSchema.parse(put.json)).toMatchObject({ webhook_url_from: 'panel' });

      const sent = await api(server, 'POST', '/manage/admin/alert-settings/test');
      expect(sent.json).toEqual({
        ok: true,
        message: 'Test alert delivered: the webhook answered HTTP 200.',
      });
      expect(other.received).toEqual([
        expect.objectContaining({ event: 'test', text: expect.stringContaining('test alert') }),
      ]);
      const after = await settings();
      expect(after.text).not.toContain(other.secret);
      expect(alertSettingsSchema.parse(after.json).last_delivery).toMatchObject({
        event: 'test',
        status: 'delivered',
      });
    } finally {
      await api(server, 'PUT', '/manage/admin/alert-settings', { body: { webhook_url: null } });
      await other.close();
    }
    expect(alertSettingsSchema.parse((await settings()).json).webhook_url_from).toBe('environment');
  });

  it('refuses a bad address (422, nothing changed) and anyone but an admin (403)', async () => {
    const bad = await api(server, 'PUT', '/manage/admin/alert-settings', {
      body: { webhook_url: 'hooks.slack.com/x' },
    });
    expect(bad.status).toBe(422);
    expect(bad.json).toEqual({
      detail: [
        expect.objectContaining({
          loc: ['body', 'webhook_url'],
          msg: 'Enter an address starting with https:// or http://',
        }),
      ],
    });
    expect(alertSettingsSchema.parse((await settings()).json).webhook_url_from).toBe('environment');
    const curator = await server.keyFor('curator');
    for (const [method, path] of [
      ['GET', '/manage/admin/alert-settings'],
      ['POST', '/manage/admin/alert-settings/test'],
      ['GET', '/manage/admin/alert-deliveries/last'],
    ] as const) {
      const refused = await api(server, method, path, { key: curator });
      expect(refused.status).toBe(403);
      expect(refused.json).toEqual(NOT_ADMIN);
    }
  });

  it('no payload ever held a secret: the token, the webhook’s path', () => {
    expect(receiver.received.length).toBeGreaterThan(0);
    const everything = JSON.stringify(receiver.received);
    expect(everything).not.toContain(TOKEN);
    expect(everything).not.toContain(receiver.secret);
  });
});
