// A connector made after a passing test (the wizard tests, then saves the
// credential and the connector, then attaches) starts its pair with that test
// as its last test, not "not tested": but only the server's own record of a
// test by the same caller of the very same credential values, source and
// settings counts. Another address, another credential, a failed test, or
// someone else's test leaves the pair not tested, as before.
import { describe, expect, it } from 'vitest';
import { api } from '../support/http';
import {
  JIRA_GOOD_TOKEN as GOOD,
  jiraConfigAt as configAt,
  makeJiraPair,
  statusOf,
  useJiraPairs,
} from '../support/jiraPairs';

const jiraPairs = useJiraPairs();
const { server } = jiraPairs;

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

/** Then it saves the credential and the connector, and attaches them: the pair's status row. */
async function save(token: string, origin: string) {
  return statusOf(server, (await makeJiraPair(server, token, origin)).pair);
}

describe("the wizard's passing test is the new pair's last test", () => {
  it('the same credential values and settings: the pair starts tested, passing, nothing to look at', async () => {
    expect((await wizardTest(GOOD, jiraPairs.here.origin)).ok).toBe(true);
    const row = await save(GOOD, jiraPairs.here.origin);
    expect(row.last_test?.ok).toBe(true);
    expect(row.last_test?.checks.map((check) => check.ok)).not.toContain(false);
    expect(row.cc_pair_status).toBe('ACTIVE');
    expect(row.needs_attention).toEqual([]);
  });

  it('another address than the one tested: not tested', async () => {
    expect((await wizardTest(GOOD, jiraPairs.here.origin)).ok).toBe(true);
    expect((await save(GOOD, jiraPairs.elsewhere.origin)).last_test).toBeNull();
  });

  it('another credential than the one tested, or a failed test: not tested', async () => {
    expect((await wizardTest(GOOD, jiraPairs.here.origin)).ok).toBe(true);
    const worse = 'a-token-jira-refuses';
    expect((await save(worse, jiraPairs.here.origin)).last_test).toBeNull();
    expect((await wizardTest(worse, jiraPairs.here.origin)).ok).toBe(false);
    expect((await save(worse, jiraPairs.here.origin)).last_test).toBeNull();
  });

  it("someone else's passing test does not count for the admin who saves", async () => {
    const otherAdmin = await server.keyFor('admin', 'other.admin@attach.test');
    expect((await wizardTest(GOOD, jiraPairs.elsewhere.origin, otherAdmin)).ok).toBe(true);
    expect((await save(GOOD, jiraPairs.elsewhere.origin)).last_test).toBeNull();
  });
});
