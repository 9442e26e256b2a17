// A connector made after a passing test (the wizard tests, then saves the
// credential and the connector, then attaches) starts its pair with that test
// as its last test, not "not tested": but only the server's own record of a
// test by the same caller of the very same credential values, source and
// settings counts. Another address, another credential, a failed test, or
// someone else's test leaves the pair not tested, as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectorStatusRow } from '../../src/contract/health';
import { startTestServer, type TestServer } from '../support/harness';
import { api, attach, createConnector, jiraRequest, madeCredential } from '../support/http';
import * as standIns from '../support/standIns';

const GOOD = 'the-token-jira-accepts';
let server: TestServer;
let jira: standIns.StandIn;
let other: standIns.StandIn;

const answers = (): Record<string, standIns.Route> => ({
  'GET /rest/api/2/myself': (request, response) =>
    request.headers.authorization === `Bearer ${GOOD}`
      ? standIns.sendJson(response, 200, { name: 'bot' })
      : standIns.sendJson(response, 401, { errorMessages: ['Client must be authenticated'] }),
  'GET /rest/api/2/project/ENG': (_request, response) =>
    standIns.sendJson(response, 200, { key: 'ENG' }),
});

const configAt = (origin: string) => ({ jira_base_url: origin, project_key: 'ENG' });

/** The wizard's test before saving: the typed values, the settings, by `key`. */
async function wizardTest(token: string, origin: string, key = server.adminKey) {
  const tested = await api(server, 'POST', '/manage/admin/connector/test', {
    key,
    body: {
      source: 'jira',
      connector_specific_config: configAt(origin),
      credential_json: { jira_api_token: token },
    },
  });
  expect(tested.status, tested.text).toBe(200);
  return tested.json as { ok: boolean | null };
}

/** Then it saves the credential and the connector, and attaches them. */
async function save(token: string, origin: string) {
  const credential = await madeCredential(server, 'jira', { jira_api_token: token });
  const connector = await createConnector(
    server,
    jiraRequest({ connector_specific_config: configAt(origin) }),
  );
  const attached = await attach(server, connector, credential);
  expect(attached.status, attached.text).toBe(200);
  const pair = (attached.json as { data: number }).data;
  const rows = (await api(server, 'GET', '/manage/admin/connector-status'))
    .json as ConnectorStatusRow[];
  return rows.find((row) => row.cc_pair_id === pair)!;
}

beforeAll(async () => {
  jira = await standIns.startStandIn(answers());
  other = await standIns.startStandIn(answers());
  server = await startTestServer({ connectionTest: { limit: null } });
});
afterAll(async () => {
  await server?.close();
  await jira?.close();
  await other?.close();
});

describe("the wizard's passing test is the new pair's last test", () => {
  it('the same credential values and settings: the pair starts tested, passing, nothing to look at', async () => {
    expect((await wizardTest(GOOD, jira.origin)).ok).toBe(true);
    const row = await save(GOOD, jira.origin);
    expect(row.last_test?.ok).toBe(true);
    expect(row.last_test?.checks.map((check) => check.ok)).not.toContain(false);
    expect(row.cc_pair_status).toBe('ACTIVE');
    expect(row.needs_attention).toEqual([]);
  });

  it('another address than the one tested: not tested', async () => {
    expect((await wizardTest(GOOD, jira.origin)).ok).toBe(true);
    expect((await save(GOOD, other.origin)).last_test).toBeNull();
  });

  it('another credential than the one tested, or a failed test: not tested', async () => {
    expect((await wizardTest(GOOD, jira.origin)).ok).toBe(true);
    const worse = 'a-token-jira-refuses';
    expect((await save(worse, jira.origin)).last_test).toBeNull();
    expect((await wizardTest(worse, jira.origin)).ok).toBe(false);
    expect((await save(worse, jira.origin)).last_test).toBeNull();
  });

  it("someone else's passing test does not count for the admin who saves", async () => {
    const otherAdmin = await server.keyFor('admin', 'other.admin@attach.test');
    expect((await wizardTest(GOOD, other.origin, otherAdmin)).ok).toBe(true);
    expect((await save(GOOD, other.origin)).last_test).toBeNull();
  });
});
