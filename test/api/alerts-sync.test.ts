// Webhook alerts for sync jobs (D14; docs/operations.md, "Alerts"): a pair's
// runs failing, stalling and going again, a worker going offline, each posted
// once per change of state (never at every round), names as plain words for
// Slack and Teams, never a secret. A real webhook on 127.0.0.1; the watch ticks
// every 20 ms; a check-in interval of 1 second (offline / stalled after 3).
// SQLite (api) and PostgreSQL (api-pg).
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness';
import { api } from '../support/http';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';
import { claim, jiraPair, jobPath, makeWorkerKey, runOnce } from '../support/workers';
import { scheduleRound } from '../../server/watch/schedule';
import { DEFAULT_SYNC_SETTINGS } from '../../server/health/syncRules';

const WAIT = { timeout: 10_000, interval: 20 };
const SYNC = { checkInIntervalSeconds: 1, schedulerIntervalSeconds: 0 };
const NASTY = '<!channel> [Jira](https://evil.example)';
let server: TestServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({
    healthWatch: { retestHours: 0, tickMs: 20, envWebhookUrl: receiver.url },
    sync: SYNC,
  });
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

const put = async (path: string, key: string, body: unknown) => {
  const answer = await api(server, 'PUT', path, { key, body });
  expect(answer.status, `${path}: ${answer.text}`).toBe(200);
};
const alertsOf = (event: string, connectorId?: number) =>
  receiver.received.filter(
    (alert) =>
      alert.event === event &&
      (connectorId === undefined || (alert.connector as { id: number }).id === connectorId),
  );
const stateOf = async (subject: string) =>
  (
    await server.store.db
      .selectFrom('alert_state')
      .select('state')
      .where('subject', '=', subject)
      .executeTakeFirst()
  )?.state;
/** Many watch rounds (20 ms each) pass. */
const someRounds = () => new Promise((resolve) => setTimeout(resolve, 400));

async function runAndFinish(key: string, connectorId: number, finish: Record<string, unknown>) {
  await runOnce(server, connectorId);
  const job = (await claim(server, key, 'alerts-worker'))!;
  await put(jobPath(job.id, 'finish'), key, finish);
  return job;
}

it('D14 a failed run: one pair.sync_failed with the run’s error as plain words; a second failure none; a success one pair.sync_recovered', async () => {
  const key = await makeWorkerKey(server, 'failing runs');
  const { connectorId, pairId } = await jiraPair(server, { name: NASTY });
  await runAndFinish(key, connectorId, {
    status: 'failed',
    error_msg: 'Jira answered 500 <!here>',
  });
  await vi.waitFor(() => expect(alertsOf('pair.sync_failed', connectorId)).toHaveLength(1), WAIT);
  const failed = alertsOf('pair.sync_failed', connectorId)[0]!;
  expect(failed).toMatchObject({
    connector: { id: connectorId, name: NASTY, source: 'jira' },
    reason: 'The last run failed: Jira answered 500 <!here>.',
  });
  expect(failed.text).toMatch(/^Sourcedesk: Connector "&lt;!channel&gt; \\\[Jira\\\]/);
  expect(failed.text).toContain('The last run failed: Jira answered 500 &lt;!here&gt;.');
  expect(failed.text).not.toMatch(/<!/);

  // Failing again is the same state: nothing more is posted.
  await runAndFinish(key, connectorId, { status: 'failed', error_msg: 'Still 500' });
  await vi.waitFor(
    async () =>
      expect(
        (
          await server.store.db
            .selectFrom('sync_jobs')
            .select('status')
            .where('cc_pair_id', '=', pairId)
            .where('status', '=', 'failed')
            .execute()
        ).length,
      ).toBe(2),
    WAIT,
  );
  await someRounds();
  expect(alertsOf('pair.sync_failed', connectorId)).toHaveLength(1);

  await runAndFinish(key, connectorId, { status: 'success' });
  await vi.waitFor(
    () => expect(alertsOf('pair.sync_recovered', connectorId)).toHaveLength(1),
    WAIT,
  );
  expect(alertsOf('pair.sync_recovered', connectorId)[0]!.text).toContain(
    'indexes again: its last run succeeded.',
  );
  await someRounds();
  expect(alertsOf('pair.sync_failed', connectorId)).toHaveLength(1);
  expect(alertsOf('pair.sync_recovered', connectorId)).toHaveLength(1);
  expect(JSON.stringify(receiver.received)).not.toContain('jira-secret-token-value');
});

it('D14 a run without heartbeats: one pair.sync_stalled, then the stall rule fails it: one pair.sync_failed', async () => {
  const key = await makeWorkerKey(server, 'stalling runs');
  const { connectorId } = await jiraPair(server);
  await runOnce(server, connectorId);
  const job = (await claim(server, key, 'stalling-worker'))!;
  await put(jobPath(job.id, 'progress'), key, { completed_batches: 1 });
  // No heartbeat for 3 check-in intervals: Stalled, in the panel and in one alert.
  await vi.waitFor(() => expect(alertsOf('pair.sync_stalled', connectorId)).toHaveLength(1), WAIT);
  const stalled = alertsOf('pair.sync_stalled', connectorId)[0]!;
  expect(stalled.reason).toMatch(/^Stalled: no heartbeat from its worker since /);
  expect(stalled.text).toContain('needs attention. Stalled: no heartbeat');
  await someRounds();
  expect(alertsOf('pair.sync_stalled', connectorId)).toHaveLength(1);
  expect(alertsOf('pair.sync_failed', connectorId)).toHaveLength(0);

  // The schedule's rule ends it (a stall time of 2 seconds here): failed, once.
  const round = await scheduleRound(
    server.store,
    { ...DEFAULT_SYNC_SETTINGS, ...SYNC, stallSeconds: 2 },
    new Date(),
  );
  expect(round.failed).toContain(job.id);
  await vi.waitFor(() => expect(alertsOf('pair.sync_failed', connectorId)).toHaveLength(1), WAIT);
  expect(alertsOf('pair.sync_failed', connectorId)[0]!.reason).toBe(
    'The last run failed: No heartbeat received for 2 seconds.',
  );
  await someRounds();
  expect(alertsOf('pair.sync_stalled', connectorId)).toHaveLength(1);
  expect(alertsOf('pair.sync_failed', connectorId)).toHaveLength(1);
});

it('D14 a worker that stops checking in: one worker.offline, its names as plain words; back and gone again: one more', async () => {
  const key = await makeWorkerKey(server, 'Builds [prod](https://evil.example)');
  const keyId = Number(
    (
      await server.store.db
        .selectFrom('worker_keys')
        .select('id')
        .where('name', '=', 'Builds [prod](https://evil.example)')
        .executeTakeFirstOrThrow()
    ).id,
  );
  const subject = `worker:${keyId}:w<@U1>`;
  const checkIn = () =>
    put('/manage/worker/check-in', key, { worker_id: 'w<@U1>', hostname: 'box&co' });
  const offline = () =>
    alertsOf('worker.offline').filter((alert) => String(alert.text).includes('w&lt;@U1&gt;'));
  await checkIn();
  await vi.waitFor(async () => expect(await stateOf(subject)).toBe('online'), WAIT);
  expect(offline()).toHaveLength(0);
  await vi.waitFor(() => expect(offline()).toHaveLength(1), WAIT);
  expect(offline()[0]).toMatchObject({ connector: null, credential: null });
  expect(offline()[0]!.text).toMatch(
    /^Sourcedesk: worker "w&lt;@U1&gt;" on "box&amp;co" \(worker key "Builds \\\[prod\\\]\(https:\/\/evil\.example\)"\) is offline: no check-in since /,
  );
  expect(JSON.stringify(offline())).not.toContain(key);
  await someRounds();
  expect(offline()).toHaveLength(1);

  // Back online says nothing; gone again is a new change: one more.
  await checkIn();
  await vi.waitFor(async () => expect(await stateOf(subject)).toBe('online'), WAIT);
  expect(offline()).toHaveLength(1);
  await vi.waitFor(() => expect(offline()).toHaveLength(2), WAIT);
});
