// Two instances on one PostgreSQL database run the background re-test once, not
// twice: the watch's advisory lock lets one instance test the due
// pairs while the other skips its tick, and the recorded test makes a pair not
// due for the other. (Runs in `api-pg` only.)
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness';
import { api, attach, createConnector, jiraRequest, madeCredential } from '../support/http';
import * as standIns from '../support/standIns';

const TOKEN = 'two-instances-jira-token';
const WATCH = { retestPeriodMs: 60_000, tickMs: 5 };
let a: TestServer;
let b: TestServer;
let jira: standIns.StandIn;

beforeAll(async () => {
  jira = await standIns.startStandIn(standIns.jiraDataCenter(TOKEN, ['ENG']));
  a = await startTestServer({ healthWatch: WATCH });
  b = await startTestServer({ shareWith: a, healthWatch: WATCH });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await jira.close();
});

async function jiraPair(server: TestServer) {
  const credential = await madeCredential(server, 'jira', { jira_api_token: TOKEN });
  const connector = await createConnector(
    server,
    jiraRequest({ connector_specific_config: { jira_base_url: jira.origin, project_key: 'ENG' } }),
  );
  return ((await attach(server, connector, credential)).json as { data: number }).data;
}

const untested = async () =>
  (
    await a.store.db
      .selectFrom('connector_credential_pairs')
      .select('id')
      .where('last_test_at', 'is', null)
      .execute()
  ).length;

it('each pair is tested once in its period, whichever instance runs the round', async () => {
  const pairs = [];
  for (let i = 0; i < 6; i++) pairs.push(await jiraPair(i % 2 ? a : b));
  await vi.waitFor(async () => expect(await untested()).toBe(0), { timeout: 10_000 });
  // A last pair, tested after every round that could have tested the others again.
  pairs.push(await jiraPair(a));
  await vi.waitFor(async () => expect(await untested()).toBe(0), { timeout: 10_000 });
  const signIns = jira.seen.filter((request) => request.url === '/rest/api/2/myself');
  expect(signIns).toHaveLength(pairs.length);
  expect((await api(b, 'GET', '/manage/admin/alert-deliveries/last')).json).toBeNull();
});
