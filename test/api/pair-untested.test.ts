// D15: a swap without a test, or an edit of the connector's address, leaves
// the pair "not tested" — never healthy — until a test says otherwise: its
// status row needs attention at once (not after the re-test period), the
// background re-test takes it first, and its next failure alerts again, even
// when the last alert about the pair already said it was failing.
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { NOT_TESTED_SINCE_CHANGE } from '../../server/health/attention';
import { connectionTestSettings } from '../../server/connectionCheck/settings';
import { sweepAlertStates } from '../../server/watch/alertSweep';
import { retestRound } from '../../server/watch/retests';
import { healthWatchSettings } from '../../server/watch/settings';
import { api, madeCredential } from '../support/http';
import {
  JIRA_GOOD_TOKEN as GOOD,
  jiraConfigAt,
  makeJiraPair,
  statusOf as statusIn,
  useJiraPairs,
} from '../support/jiraPairs';
import { DEFAULT_SYNC_SETTINGS } from '../../server/health/syncRules';

const jiraPairs = useJiraPairs();
const { server } = jiraPairs;

const SILENT = { info: () => {}, warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
const WATCH = healthWatchSettings({ retestPeriodMs: 3_600_000, tickMs: 3_600_000, concurrency: 1 });

/** One round of the background watch's first two steps: the re-tests, then the alert states. */
async function watchRound() {
  await retestRound(server.store, WATCH, connectionTestSettings({ limit: null }), SILENT);
  await sweepAlertStates(server.store, WATCH, true, undefined, DEFAULT_SYNC_SETTINGS);
}

const statusOf = (pairId: number) => statusIn(server, pairId);

async function invalidAlerts(connectorId: number) {
  const rows = await server.store.db
    .selectFrom('alert_deliveries')
    .select('payload')
    .where('event', '=', 'pair.invalid')
    .execute();
  return rows.filter(
    (row) =>
      (JSON.parse(row.payload) as { connector: { id: number } }).connector.id === connectorId,
  ).length;
}

async function testedPair(token: string) {
  const { connector, pair } = await makeJiraPair(server, token, jiraPairs.here.origin);
  const tested = await api(server, 'POST', `/manage/admin/cc-pair/${pair}/test`);
  expect(tested.status, tested.text).toBe(200);
  return { connector, pair };
}

describe('D15: "not tested" after a change, until a test says otherwise', () => {
  it('a forced swap: not tested at once; the next failure alerts again after an earlier failure alert', async () => {
    const { connector, pair } = await testedPair('a-token-jira-refuses');
    await watchRound();
    expect((await statusOf(pair)).cc_pair_status).toBe('INVALID');
    expect(await invalidAlerts(connector)).toBe(1);

    const another = await madeCredential(server, 'jira', { jira_api_token: 'also-refused' });
    const swapped = await api(server, 'PUT', '/manage/admin/credential/swap', {
      body: {
        connector_id: connector,
        new_credential_id: another,
        access_type: 'public',
        force: true,
      },
    });
    expect(swapped.status, swapped.text).toBe(200);
    const row = await statusOf(pair);
    expect(row.last_test).toBeNull();
    expect(row.needs_attention).toEqual([
      { reason: 'not_tested', since: expect.any(String), message: NOT_TESTED_SINCE_CHANGE },
    ]);

    // The background re-test takes it at once (no test behind it) and it fails: a new alert.
    await watchRound();
    expect((await statusOf(pair)).cc_pair_status).toBe('INVALID');
    expect(await invalidAlerts(connector)).toBe(2);
  });

  it('an address edit: a passing pair is not tested at once, then healthy again after its re-test', async () => {
    const { connector, pair } = await testedPair(GOOD);
    const before = await statusOf(pair);
    expect(before.last_test?.ok).toBe(true);
    expect(before.needs_attention).toEqual([]);

    const moved = await api(server, 'PATCH', `/manage/admin/connector/${connector}`, {
      body: {
        connector_specific_config: jiraConfigAt(jiraPairs.elsewhere.origin),
      },
    });
    expect(moved.status, moved.text).toBe(200);
    const after = await statusOf(pair);
    expect(after.last_test).toBeNull();
    expect(after.needs_attention.map((one) => one.reason)).toEqual(['not_tested']);

    await watchRound();
    const retested = await statusOf(pair);
    expect(retested.last_test?.ok).toBe(true);
    expect(retested.needs_attention).toEqual([]);
    expect(jiraPairs.elsewhere.seen.length).toBeGreaterThan(0);
  });
});
