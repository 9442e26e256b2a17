// A connector after its creation: opened (the D5 snapshot, its status and its
// credentials masked), changed by the rules of its creation (D4), paused and
// resumed, detached (idempotent like D7) and deleted, one transaction each.
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/useTestServer';
import {
  addCredential,
  api,
  attach,
  createConnector,
  jiraRequest,
  plainRequest,
  snapshotDb,
} from '../support/http';

const server = useTestServer();

const path = (id: number) => `/manage/admin/connector/${id}`;
const patch = (id: number, body: unknown) => api(server, 'PATCH', path(id), { body });

describe('GET /manage/admin/connector/{id}', () => {
  it('the snapshot of D5, its access type and status, its credentials masked, its pairs', async () => {
    const id = await createConnector(server, jiraRequest({ name: 'Opened' }));
    const credential = await addCredential(server, 'jira', {
      jira_api_token: 'a-very-secret-token-1234',
    });
    await attach(server, id, credential);
    const response = await api(server, 'GET', path(id));
    expect(response.status).toBe(200);
    const listed = (
      (await api(server, 'GET', '/manage/admin/connector')).json as { id: number }[]
    ).find((c) => c.id === id);
    expect(response.json).toEqual({
      ...listed,
      access_type: 'PUBLIC',
      status: 'ACTIVE',
      credentials: [
        expect.objectContaining({
          id: credential,
          credential_json: { jira_api_token: 'a-ve...1234' },
        }),
      ],
      // Never tested yet (test/api/pair-test.test.ts).
      cc_pairs: [
        {
          cc_pair_id: expect.any(Number),
          credential_id: credential,
          name: null,
          access_type: 'public',
          groups: [],
          last_test: null,
        },
      ],
      // An admin's rights (D13).
      can_change: true,
      can_delete: true,
    });
  });

  it('unknown → 404 Connector not found; not an id → 422 int_parsing', async () => {
    expect((await api(server, 'GET', path(99999))).json).toEqual({ detail: 'Connector not found' });
    const bad = await api(server, 'GET', '/manage/admin/connector/abc');
    expect(bad.status).toBe(422);
    expect(bad.json).toMatchObject({
      detail: [{ loc: ['path', 'connector_id'], type: 'int_parsing' }],
    });
  });
});

describe('GET /manage/admin/connector-status', () => {
  it('one row per pair of a listed connector; a pause shows at the next read', async () => {
    const running = await createConnector(server, plainRequest('web', { name: 'Runs on' }));
    const paused = await createConnector(server, plainRequest('web', { name: 'Will pause' }));
    // D5: never listed, so no status either.
    const unlisted = await createConnector(server, plainRequest('ingestion_api'));
    for (const id of [running, paused, unlisted]) await attach(server, id, 0);
    const statuses = async () =>
      (await api(server, 'GET', '/manage/admin/connector-status')).json as {
        connector: { id: number };
        cc_pair_status: string;
      }[];
    const ids = (await statuses()).map((row) => row.connector.id);
    expect(ids).toEqual(expect.arrayContaining([running, paused]));
    expect(ids).not.toContain(unlisted);

    expect((await patch(paused, { status: 'PAUSED' })).status).toBe(200);
    const after = await statuses();
    expect(after.find((row) => row.connector.id === paused)).toMatchObject({
      cc_pair_status: 'PAUSED',
    });
    expect(after.find((row) => row.connector.id === running)).toMatchObject({
      cc_pair_status: 'ACTIVE',
    });
  });
});

describe('PATCH /manage/admin/connector/{id}', () => {
  it('changes what is sent, moves time_updated, keeps the rest; pause and resume', async () => {
    const id = await createConnector(server, plainRequest('web', { name: 'Before' }));
    const before = (await api(server, 'GET', path(id))).json as {
      time_updated: string;
      time_created: string;
    };
    await new Promise((resolve) => setTimeout(resolve, 5));
    const changed = await patch(id, {
      name: ' After ',
      refresh_freq: 7200,
      access_type: 'private',
      status: 'PAUSED',
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({
      name: 'After',
      refresh_freq: 7200,
      access_type: 'PRIVATE',
      status: 'PAUSED',
      time_created: before.time_created,
    });
    expect((changed.json as { time_updated: string }).time_updated > before.time_updated).toBe(
      true,
    );
    expect(((await patch(id, { status: 'ACTIVE' })).json as { status: string }).status).toBe(
      'ACTIVE',
    );
  });

  it('the rules of D4: minimums, Jira config rules, nothing coerced; nothing changed on failure', async () => {
    const id = await createConnector(server, jiraRequest());
    const before = await snapshotDb(server);
    const response = await patch(id, {
      refresh_freq: 30,
      prune_freq: '3600',
      connector_specific_config: { jira_base_url: 'ftp://x', project_key: 'bad key' },
    });
    expect(response.status).toBe(422);
    const locs = (response.json as { detail: { loc: unknown[]; type: string }[] }).detail.map(
      (p) => [p.loc.join('.'), p.type],
    );
    expect(locs).toEqual(
      expect.arrayContaining([
        ['body.refresh_freq', 'greater_than_equal'],
        ['body.prune_freq', 'int_type'],
        ['body.connector_specific_config.jira_base_url', 'url_parsing'],
        ['body.connector_specific_config.project_key', 'string_pattern_mismatch'],
      ]),
    );
    expect(await snapshotDb(server)).toEqual(before);
  });

  it('source and input type cannot change; a duplicate name is refused (D4)', async () => {
    const id = await createConnector(server, plainRequest('confluence', { name: 'Twin A' }));
    await createConnector(server, plainRequest('confluence', { name: 'Twin B' }));
    const fixed = await patch(id, { source: 'slack', input_type: 'poll' });
    expect(fixed.status).toBe(422);
    expect(fixed.json).toEqual({
      detail: [
        {
          loc: ['body', 'source'],
          msg: 'The source of a connector cannot be changed: make a new connector instead',
          type: 'value_error',
        },
        {
          loc: ['body', 'input_type'],
          msg: 'The input type of a connector cannot be changed: make a new connector instead',
          type: 'value_error',
        },
      ],
    });
    const duplicate = await patch(id, { name: 'Twin B' });
    expect([duplicate.status, duplicate.json]).toEqual([
      400,
      { detail: 'Connector by this name already exists, duplicate naming not allowed.' },
    ]);
    expect((await patch(id, { name: 'Twin A' })).status).toBe(200); // its own name is no duplicate
  });

  it('unknown → 404; a body that is not JSON → 415/422 as everywhere', async () => {
    expect((await patch(99999, { name: 'x' })).status).toBe(404);
    expect((await api(server, 'PATCH', path(1), { raw: '{', headers: {} })).status).toBe(422);
  });
});

describe('DELETE', () => {
  it('detaches a credential (idempotent), then deletes the connector and its pairs', async () => {
    const id = await createConnector(server, plainRequest('web'));
    expect((await attach(server, id, 0)).status).toBe(200);
    const detach = () => api(server, 'DELETE', `${path(id)}/credential/0`);
    const first = await detach();
    expect(first.json).toEqual({
      success: true,
      message: `Removed the association between Connector ${id} and Credential 0`,
      data: expect.any(Number),
    });
    expect((await detach()).json).toEqual({
      success: false,
      message: `Connector ${id} does not have Credential 0`,
      data: id,
    });
    await attach(server, id, 0);
    const deleted = await api(server, 'DELETE', path(id));
    expect(deleted.json).toEqual({ success: true, message: `Connector ${id} deleted`, data: id });
    expect((await api(server, 'GET', path(id))).status).toBe(404);
    const pairs = await server.store.db
      .selectFrom('connector_credential_pairs')
      .selectAll()
      .where('connector_id', '=', id)
      .execute();
    expect(pairs).toEqual([]);
    expect((await api(server, 'DELETE', path(id))).json).toEqual({ detail: 'Connector not found' });
  });

  it('detaching from an unknown connector or credential → 404 in the words of D7', async () => {
    const id = await createConnector(server, plainRequest('web'));
    expect((await api(server, 'DELETE', `${path(99999)}/credential/0`)).json).toEqual({
      detail: 'Connector 99999 does not exist',
    });
    expect((await api(server, 'DELETE', `${path(id)}/credential/99999`)).json).toEqual({
      detail: 'Credential 99999 does not exist',
    });
  });
});
