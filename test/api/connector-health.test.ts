// Connector health: GET /manage/admin/connector-status in Onyx's
// shape, and PUT /manage/admin/credential/swap, against stand-in Jira, GitHub
// and Slack on 127.0.0.1 whose tokens are revoked during a test: revoke → a
// re-test marks the pair INVALID with the check's words → swap to a good
// credential → ACTIVE, the same pair id. Then the swap's refusals, a swap
// racing a detach, and the reasons a pair needs attention.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../src/contract/audit';
import type { DocumentSource } from '../../src/contract/contract';
import { connectorStatusListSchema, type ConnectorStatusRow } from '../../src/contract/health';
import { startTestServer, type TestServer } from '../support/harness';
import { api, attach, createConnector, madeCredential, plainRequest } from '../support/http';
import * as standIns from '../support/standIns';

const OLD = 'old-token-that-will-be-revoked';
const NEW = 'new-token-issued-after-revoking';
let server: TestServer;
const sources: Record<string, { stand: standIns.StandIn; tokens: standIns.TokenSource }> = {};

/** Each source's connector config, credential values and the words of a refused token. */
const SOURCES = {
  jira: {
    config: (origin: string) => ({ jira_base_url: origin, project_key: 'ENG' }),
    credential: (token: string) => ({ jira_api_token: token }),
    make: (token: string) => standIns.jiraDataCenter(token, ['ENG']),
    refused: 'Jira refused the token (401)',
  },
  github: {
    config: () => ({ repo_owner: 'acme', repositories: 'docs' }),
    credential: (token: string) => ({ github_access_token: token }),
    make: (token: string) => standIns.github(token, ['acme/docs']),
    refused: 'GitHub refused the token (401)',
  },
  slack: {
    config: () => ({ channels: ['#general'] }),
    credential: (token: string) => ({ slack_bot_token: token }),
    make: (token: string) => standIns.slack(token, ['general']),
    refused: 'Slack refused the token (invalid_auth)',
  },
} as const;
type Source = keyof typeof SOURCES;

beforeAll(async () => {
  for (const name of Object.keys(SOURCES) as Source[]) {
    const tokens = standIns.tokenSource(SOURCES[name].make, [OLD, NEW]);
    sources[name] = { stand: await standIns.startStandIn(tokens.routes), tokens };
  }
  server = await startTestServer({
    connectionTest: {
      hosts: { github: sources.github!.stand.origin, slack: sources.slack!.stand.origin },
    },
  });
});
afterAll(async () => {
  await server.close();
  await Promise.all(Object.values(sources).map(({ stand }) => stand.close()));
});

/** A connector of `source` on its stand-in with a credential holding `token`: ids. */
async function pairOf(source: Source, token = OLD) {
  const { config, credential } = SOURCES[source];
  const credentialId = await madeCredential(
    server,
    source as DocumentSource,
    credential(`${token}`),
  );
  const connectorId = await createConnector(
    server,
    plainRequest(source as DocumentSource, {
      connector_specific_config: config(sources[source]!.stand.origin),
    }),
  );
  const attached = await attach(server, connectorId, credentialId);
  return { connectorId, credentialId, pairId: (attached.json as { data: number }).data };
}

async function statusRows(query = ''): Promise<ConnectorStatusRow[]> {
  const answer = await api(server, 'GET', `/manage/admin/connector-status${query}`);
  expect(answer.status, answer.text).toBe(200);
  return connectorStatusListSchema.parse(answer.json);
}
const rowOf = async (pairId: number) => (await statusRows()).find((r) => r.cc_pair_id === pairId);

const testPair = (pairId: number) => api(server, 'POST', `/manage/admin/cc-pair/${pairId}/test`);
const swap = (body: Record<string, unknown>) =>
  api(server, 'PUT', '/manage/admin/credential/swap', { body });

describe.each(Object.keys(SOURCES) as Source[])('%s: revoked, found, swapped', (source) => {
  it('a revoked token makes the pair INVALID in the check’s words; a swap makes it ACTIVE, same pair id', async () => {
    const { connectorId, credentialId, pairId } = await pairOf(source);
    expect((await testPair(pairId)).status).toBe(200);
    expect(await rowOf(pairId)).toMatchObject({ cc_pair_status: 'ACTIVE', needs_attention: [] });

    sources[source]!.tokens.revoke(OLD);
    try {
      expect((await testPair(pairId)).json).toMatchObject({ ok: false });
      const invalid = await rowOf(pairId);
      expect(invalid).toMatchObject({
        cc_pair_id: pairId,
        connector: { id: connectorId, source },
        credential: { id: credentialId, source },
        access_type: 'public',
        groups: [],
        cc_pair_status: 'INVALID',
        needs_attention: [{ reason: 'last_test_failed' }],
      });
      expect(invalid!.needs_attention[0]!.message).toContain(SOURCES[source].refused);
      const attention = await statusRows('?needs_attention=true');
      expect(attention.map((row) => row.cc_pair_id)).toContain(pairId);

      const good = await madeCredential(
        server,
        source as DocumentSource,
        SOURCES[source].credential(NEW),
      );
      const swapped = await swap({
        new_credential_id: good,
        connector_id: connectorId,
        access_type: 'public',
      });
      expect(swapped.status, swapped.text).toBe(200);
      expect(swapped.json).toEqual({
        success: true,
        message: 'Credential swapped successfully',
        data: pairId,
      });
      const healthy = await rowOf(pairId);
      expect(healthy).toMatchObject({
        cc_pair_id: pairId,
        credential: { id: good },
        cc_pair_status: 'ACTIVE',
        needs_attention: [],
        last_test: { ok: true },
      });
      expect((await statusRows('?needs_attention=true')).map((r) => r.cc_pair_id)).not.toContain(
        pairId,
      );
    } finally {
      sources[source]!.tokens.accept(OLD);
    }
  });
});

describe('the status rows', () => {
  it('mask the credential as the credential list does, and never show its secret', async () => {
    const { pairId } = await pairOf('jira');
    const answer = await api(server, 'GET', '/manage/admin/connector-status');
    expect(answer.text).not.toContain(OLD);
    const row = connectorStatusListSchema.parse(answer.json).find((r) => r.cc_pair_id === pairId);
    expect(row!.credential.credential_json).toEqual({
      jira_api_token: `${OLD.slice(0, 4)}...${OLD.slice(-4)}`,
    });
  });

  it('untested for more than twice SOURCEDESK_RETEST_HOURS needs attention', async () => {
    // Values no test here passed with: a pair attached after a passing test of the same values starts with that test.
    const { pairId } = await pairOf('jira', 'a-token-never-tested');
    const longAgo = new Date(Date.now() - 49 * 3_600_000).toISOString();
    await sql`update connector_credential_pairs set time_created = ${longAgo} where id = ${pairId}`.execute(
      server.store.db,
    );
    expect(await rowOf(pairId)).toMatchObject({
      cc_pair_status: 'ACTIVE',
      needs_attention: [
        { reason: 'not_tested', since: longAgo, message: 'Never tested for more than 48 hours.' },
      ],
    });
  });

  it('paused for more than 30 days needs attention; a paused pair stays PAUSED with its failed test kept', async () => {
    const { connectorId, pairId } = await pairOf('jira');
    sources.jira!.tokens.revoke(OLD);
    try {
      await testPair(pairId);
    } finally {
      sources.jira!.tokens.accept(OLD);
    }
    const paused = await api(server, 'PATCH', `/manage/admin/connector/${connectorId}`, {
      body: { status: 'PAUSED' },
    });
    expect(paused.status).toBe(200);
    expect(await rowOf(pairId)).toMatchObject({
      cc_pair_status: 'PAUSED',
      last_test: { ok: false },
      needs_attention: [{ reason: 'last_test_failed' }],
    });
    const longAgo = new Date(Date.now() - 31 * 24 * 3_600_000).toISOString();
    await sql`update connectors set paused_at = ${longAgo} where id = ${connectorId}`.execute(
      server.store.db,
    );
    expect((await rowOf(pairId))!.needs_attention.map((a) => a.reason)).toEqual([
      'last_test_failed',
      'paused_long',
    ]);
    // Resumed: running again, the pause forgotten.
    await api(server, 'PATCH', `/manage/admin/connector/${connectorId}`, {
      body: { status: 'ACTIVE' },
    });
    expect(await rowOf(pairId)).toMatchObject({ cc_pair_status: 'INVALID' });
  });

  it('needs_attention takes true or false (D3)', async () => {
    const bad = await api(server, 'GET', '/manage/admin/connector-status?needs_attention=maybe');
    expect(bad.status).toBe(422);
    expect(bad.json).toMatchObject({
      detail: [{ loc: ['query', 'needs_attention'], type: 'enum' }],
    });
    const all = await statusRows('?needs_attention=false');
    expect(all.length).toBe((await statusRows()).length);
  });
});

describe('PUT /manage/admin/credential/swap refuses', () => {
  it('a new credential whose test fails: 400 with the checks, nothing changed', async () => {
    const { connectorId, credentialId, pairId } = await pairOf('jira');
    const bad = await madeCredential(server, 'jira', { jira_api_token: 'never-accepted-token' });
    const refused = await swap({
      new_credential_id: bad,
      connector_id: connectorId,
      access_type: 'public',
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      detail: expect.stringContaining('Jira refused the token (401)'),
      checks: [{ ok: false, message: 'Jira refused the token (401)' }, { ok: null }],
    });
    expect(refused.text).not.toContain('never-accepted-token');
    expect(await rowOf(pairId)).toMatchObject({ credential: { id: credentialId } });
  });

  it('force swaps without the test and says so in the activity record', async () => {
    const { connectorId, credentialId, pairId } = await pairOf('jira');
    const untested = await madeCredential(server, 'jira', { jira_api_token: 'not-tested-token' });
    const forced = await swap({
      new_credential_id: untested,
      connector_id: connectorId,
      access_type: 'PUBLIC',
      force: true,
    });
    expect(forced.status, forced.text).toBe(200);
    expect(await rowOf(pairId)).toMatchObject({ credential: { id: untested }, last_test: null });
    const records = auditPageSchema.parse(
      (await api(server, 'GET', `/admin/audit?action=credential.swap&resource_id=${pairId}`)).json,
    ).items;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      resource_type: 'cc_pair',
      changes: {
        // By name (two of one name told apart by id), and the test in words.
        credential: {
          before: `jira credential (#${credentialId})`,
          after: `jira credential (#${untested})`,
        },
        connection_test: { before: null, after: 'skipped' },
      },
    });
  });

  it('a credential of another source, in Onyx’s words', async () => {
    const { connectorId } = await pairOf('jira');
    const slackOne = await madeCredential(server, 'slack', { slack_bot_token: NEW });
    const refused = await swap({
      new_credential_id: slackOne,
      connector_id: connectorId,
      access_type: 'public',
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      detail: 'New credential source slack does not match connector source jira',
    });
  });

  it('a missing connector, pair or credential: 404', async () => {
    const noPair = await createConnector(server, plainRequest('jira'));
    const good = await madeCredential(server, 'jira', { jira_api_token: NEW });
    const missing = await swap({
      new_credential_id: good,
      connector_id: 999_999,
      access_type: 'public',
    });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ detail: 'Connector 999999 does not exist' });
    const unpaired = await swap({
      new_credential_id: good,
      connector_id: noPair,
      access_type: 'public',
    });
    expect(unpaired.json).toEqual({ detail: `No Credential found for connector ${noPair}` });
    const { connectorId } = await pairOf('jira');
    const noCredential = await swap({
      new_credential_id: 888_888,
      connector_id: connectorId,
      access_type: 'public',
    });
    expect(noCredential.status).toBe(404);
    expect(noCredential.json).toEqual({ detail: 'No Credential found with id 888888' });
  });

  it('a connector with several pairs needs old_credential_id, and then swaps only that one', async () => {
    const { connectorId, credentialId, pairId } = await pairOf('jira');
    const second = await madeCredential(server, 'jira', { jira_api_token: OLD });
    await attach(server, connectorId, second);
    const good = await madeCredential(server, 'jira', { jira_api_token: NEW });
    const unclear = await swap({
      new_credential_id: good,
      connector_id: connectorId,
      access_type: 'public',
    });
    expect(unclear.status).toBe(400);
    expect(unclear.json).toEqual({
      detail: `Connector ${connectorId} has 2 credentials (${credentialId}, ${second}): say which one to replace with old_credential_id.`,
    });
    const named = await swap({
      new_credential_id: good,
      connector_id: connectorId,
      access_type: 'public',
      old_credential_id: credentialId,
    });
    expect(named.json).toMatchObject({ success: true, data: pairId });
    const rows = (await statusRows()).filter((r) => r.connector.id === connectorId);
    expect(rows.map((r) => r.credential.id).sort()).toEqual([second, good].sort());
    const already = await swap({
      new_credential_id: good,
      connector_id: connectorId,
      access_type: 'public',
      old_credential_id: second,
    });
    expect(already.json).toEqual({
      detail: `Connector ${connectorId} already has Credential ${good}`,
    });
  });

  it('a malformed body: 422 in D3’s shape', async () => {
    const bad = await swap({ new_credential_id: '3', connector_id: 1, access_type: 'everyone' });
    expect(bad.status).toBe(422);
    expect(bad.json).toMatchObject({
      detail: [
        { loc: ['body', 'new_credential_id'], type: 'int_type' },
        { loc: ['body', 'access_type'], type: 'enum' },
      ],
    });
  });
});

describe('a swap racing a detach', () => {
  it('the detach wins and the swap changes nothing: no orphan, no lost write', async () => {
    let arrived!: () => void;
    const testArrived = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = await standIns.startStandIn({
      'GET /rest/api/2/myself': (_request, response) => {
        arrived();
        void gate.then(() => standIns.sendJson(response, 200, { name: 'bot' }));
      },
      'GET /rest/api/2/project/ENG': (_request, response) =>
        standIns.sendJson(response, 200, { key: 'ENG' }),
    });
    try {
      const credentialId = await madeCredential(server, 'jira', { jira_api_token: OLD });
      const connectorId = await createConnector(
        server,
        plainRequest('jira', {
          connector_specific_config: { jira_base_url: slow.origin, project_key: 'ENG' },
        }),
      );
      await attach(server, connectorId, credentialId);
      const good = await madeCredential(server, 'jira', { jira_api_token: NEW });
      const swapping = swap({
        new_credential_id: good,
        connector_id: connectorId,
        access_type: 'public',
      });
      await testArrived;
      const detached = await api(
        server,
        'DELETE',
        `/manage/admin/connector/${connectorId}/credential/${credentialId}`,
      );
      expect(detached.json).toMatchObject({ success: true });
      release();
      const answer = await swapping;
      expect(answer.status).toBe(404);
      expect((answer.json as { detail: string }).detail).toContain(
        'detached or replaced meanwhile',
      );
      expect((await statusRows()).filter((r) => r.connector.id === connectorId)).toEqual([]);
      const connector = await api(server, 'GET', `/manage/admin/connector/${connectorId}`);
      expect(connector.json).toMatchObject({ credential_ids: [] });
    } finally {
      release();
      await slow.close();
    }
  });
});

describe('replace a credential on all its connectors', () => {
  const replace = (id: number, body: Record<string, unknown>) =>
    api(server, 'PUT', `/manage/admin/credential/${id}/replace-everywhere`, { body });

  it('all or none: a failure on one connector is named and nothing is replaced; then every pair, same ids', async () => {
    const shared = await madeCredential(server, 'jira', { jira_api_token: OLD });
    const pairs: number[] = [];
    const connectors: number[] = [];
    for (const project of ['ENG', 'OPS']) {
      const id = await createConnector(
        server,
        plainRequest('jira', {
          connector_specific_config: {
            jira_base_url: sources.jira!.stand.origin,
            project_key: project,
          },
        }),
      );
      connectors.push(id);
      pairs.push(((await attach(server, id, shared)).json as { data: number }).data);
    }
    const good = await madeCredential(server, 'jira', { jira_api_token: NEW });
    // The stand-in has no OPS project: the second connector's test fails.
    const refused = await replace(shared, { new_credential_id: good });
    expect(refused.status).toBe(400);
    const detail = (refused.json as { detail: string }).detail;
    expect(detail).toContain(`(${connectors[1]}): Jira project OPS`);
    expect(detail).not.toContain(`(${connectors[0]})`);
    for (const pair of pairs)
      expect(await rowOf(pair)).toMatchObject({ credential: { id: shared } });

    const forced = await replace(shared, { new_credential_id: good, force: true });
    expect(forced.status, forced.text).toBe(200);
    expect(forced.json).toMatchObject({ success: true, data: pairs });
    for (const pair of pairs) expect(await rowOf(pair)).toMatchObject({ credential: { id: good } });
  });

  it('an unknown credential: 404', async () => {
    const good = await madeCredential(server, 'jira', { jira_api_token: NEW });
    const missing = await replace(777_777, { new_credential_id: good });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ detail: 'Credential 777777 does not exist' });
  });
});
