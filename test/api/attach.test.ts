// D7: attaching a credential to a connector.
import { describe, expect, it } from 'vitest';
import { DOCUMENT_SOURCES, type ValidationError } from '../../src/contract/contract';
import { useFreshTestServer } from '../support/useTestServer';
import {
  addCredential,
  api,
  attach,
  createConnector,
  jiraRequest,
  plainRequest,
  snapshotDb,
} from '../support/http';

const server = useFreshTestServer();

const pairs = () =>
  server.store.db
    .selectFrom('connector_credential_pairs')
    .select(['id', 'connector_id', 'credential_id'])
    .execute();

describe('D7 a new pair', () => {
  it('answers success with the new pair id', async () => {
    const connector = await createConnector(server, jiraRequest());
    const credential = await addCredential(server, 'jira');
    const response = await attach(server, connector, credential);
    expect(response.status).toBe(200);
    const [pair] = await pairs();
    expect(response.json).toEqual({
      success: true,
      message: `Creating new association between Connector ${connector} and Credential ${credential}`,
      data: pair!.id,
    });
    expect(pair).toMatchObject({ connector_id: connector, credential_id: credential });
  });

  it('a connector may carry several different credentials', async () => {
    const connector = await createConnector(server, jiraRequest());
    const first = await addCredential(server, 'jira');
    const second = await addCredential(server, 'jira');
    expect((await attach(server, connector, first)).json).toMatchObject({ success: true });
    expect((await attach(server, connector, second)).json).toMatchObject({ success: true });
    expect(await pairs()).toHaveLength(2);
  });

  it('D7: fields of a body other than the pair’s name, access and groups are ignored', async () => {
    const connector = await createConnector(server, plainRequest('web'));
    const response = await api(server, 'PUT', `/manage/admin/connector/${connector}/credential/0`, {
      body: { comment: 'not a field of the pair', auto_sync_options: null },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ success: true });
  });

  it('D7, D13: a body that is not JSON is refused (415), and nothing changes', async () => {
    const connector = await createConnector(server, plainRequest('web'));
    const before = await snapshotDb(server);
    const response = await api(server, 'PUT', `/manage/admin/connector/${connector}/credential/0`, {
      raw: 'not json at all',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.status).toBe(415);
    expect(await snapshotDb(server)).toEqual(before);
  });
});

describe('D7 already attached', () => {
  it('answers success:false with data = the connector id, and nothing changes', async () => {
    const connector = await createConnector(server, plainRequest('web'));
    await createConnector(server, plainRequest('web')); // so connector id and pair id differ
    const other = await createConnector(server, plainRequest('file'));
    await attach(server, other, 0);
    await attach(server, connector, 0);
    const before = await snapshotDb(server);
    const response = await attach(server, connector, 0);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      success: false,
      message: `Connector ${connector} already has Credential 0`,
      data: connector,
    });
    expect(await snapshotDb(server)).toEqual(before);
  });
});

describe('D7 refusals, in order', () => {
  it('unknown connector → 404, before the credential is looked at', async () => {
    const response = await attach(server, 41, 999);
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ detail: 'Connector 41 does not exist' });
  });

  it('unknown credential → 404', async () => {
    const connector = await createConnector(server, jiraRequest());
    const response = await attach(server, connector, 999);
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ detail: 'Credential 999 does not exist' });
  });

  it('a credential of another source → 400 naming both sources', async () => {
    const connector = await createConnector(server, jiraRequest());
    const slack = await addCredential(server, 'slack');
    const response = await attach(server, connector, slack);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      detail: `Credential ${slack} is for source slack, but connector ${connector} is jira`,
    });
    expect(await pairs()).toEqual([]);
  });

  it('credential 0 onto jira → 400', async () => {
    const connector = await createConnector(server, jiraRequest());
    const response = await attach(server, connector, 0);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      detail: `Credential 0 is for source not_applicable, but connector ${connector} is jira`,
    });
  });

  it('credential 0 (not_applicable) attaches to exactly the sources that need no credential', async () => {
    // D7's list, written from decisions.md rather than read from the implementation,
    // and XenForo, which Onyx's connector reads without a credential (sources.md).
    const credentialFree: readonly string[] = [
      'xenforo',
      'file',
      'web',
      'not_applicable',
      'google_sites',
      'wikipedia',
      'mediawiki',
      'ingestion_api',
      'mock_connector',
      'user_file',
    ];
    for (const source of DOCUMENT_SOURCES) {
      const connector = await createConnector(
        server,
        source === 'jira' ? jiraRequest() : plainRequest(source),
      );
      const response = await attach(server, connector, 0);
      const free = credentialFree.includes(source);
      expect([source, response.status]).toEqual([source, free ? 200 : 400]);
    }
  });

  it('another not_applicable credential behaves like credential 0; a web credential onto file is refused', async () => {
    const file = await createConnector(server, plainRequest('file'));
    const empty = await addCredential(server, 'not_applicable', {});
    expect((await attach(server, file, empty)).status).toBe(200);
    const web = await addCredential(server, 'web');
    expect((await attach(server, file, web)).status).toBe(400);
  });
});

describe('D3 path integers', () => {
  it.each(['abc', '1.5', '9007199254740993', '1e2', '-', '0x1'])(
    'connector_id %s → 422 int_parsing',
    async (value) => {
      const response = await api(server, 'PUT', `/manage/admin/connector/${value}/credential/0`);
      expect(response.status).toBe(422);
      expect((response.json as { detail: ValidationError[] }).detail).toEqual([
        { loc: ['path', 'connector_id'], msg: expect.any(String), type: 'int_parsing' },
      ]);
    },
  );

  it('a long id (120 digits, 4,000 letters) → 422 int_parsing, not 414', async () => {
    for (const value of ['9'.repeat(120), 'x'.repeat(4000)]) {
      const response = await api(server, 'PUT', `/manage/admin/connector/1/credential/${value}`);
      expect(response.status).toBe(422);
      expect((response.json as { detail: ValidationError[] }).detail).toEqual([
        { loc: ['path', 'credential_id'], msg: expect.any(String), type: 'int_parsing' },
      ]);
    }
  });

  it('both ids bad → both reported', async () => {
    const response = await api(server, 'PUT', '/manage/admin/connector/abc/credential/1.5');
    expect(
      (response.json as { detail: ValidationError[] }).detail.map((d) => [d.loc, d.type]),
    ).toEqual([
      [['path', 'connector_id'], 'int_parsing'],
      [['path', 'credential_id'], 'int_parsing'],
    ]);
  });

  it('an unauthenticated caller with bad ids → 401, not 422', async () => {
    const response = await api(server, 'PUT', '/manage/admin/connector/abc/credential/x', {
      key: null,
    });
    expect(response.status).toBe(401);
  });
});
