// D5: listing connectors, with and without the credential filter.
import { describe, expect, it } from 'vitest';
import type { ConnectorSnapshot, ValidationError } from '../../src/contract/contract';
import { useFreshTestServer } from '../support/useTestServer';
import {
  addCredential,
  api,
  attach,
  createConnector,
  jiraRequest,
  plainRequest,
} from '../support/http';

const server = useFreshTestServer();

async function list(query = ''): Promise<ConnectorSnapshot[]> {
  const response = await api(server, 'GET', `/manage/admin/connector${query}`);
  expect(response.status).toBe(200);
  return response.json as ConnectorSnapshot[];
}
const ids = async (query = '') => (await list(query)).map((c) => c.id);

const SNAPSHOT_FIELDS = [
  'connector_specific_config',
  'credential_ids',
  'id',
  'indexing_start',
  'input_type',
  'name',
  'prune_freq',
  'refresh_freq',
  'source',
  'time_created',
  'time_updated',
];
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe('D5 the list', () => {
  it('is empty on a fresh server', async () => {
    expect(await list()).toEqual([]);
  });

  it('holds every connector by id, those without a credential with credential_ids []', async () => {
    const a = await createConnector(server, jiraRequest());
    const b = await createConnector(server, plainRequest('web'));
    const c = await createConnector(server, plainRequest('file'));
    await attach(server, b, 0);
    const listed = await list();
    expect(listed.map((s) => [s.id, s.credential_ids])).toEqual([
      [a, []],
      [b, [0]],
      [c, []],
    ]);
  });

  it('a snapshot has exactly the ConnectorSnapshot fields, every one present', async () => {
    await createConnector(server, plainRequest('web'));
    await createConnector(server, jiraRequest({ indexing_start: '2026-05-01T08:00:00+02:00' }));
    for (const snapshot of await list()) {
      expect(Object.keys(snapshot).sort()).toEqual(SNAPSHOT_FIELDS);
      expect(snapshot.time_created).toMatch(ISO_UTC);
      expect(snapshot.time_updated).toMatch(ISO_UTC);
    }
    const [web, jira] = await list();
    expect(web).toMatchObject({ refresh_freq: null, prune_freq: null, indexing_start: null });
    expect(jira!.indexing_start).toBe('2026-05-01T06:00:00.000Z');
  });

  it('credential_ids are ascending, whatever the order of attaching', async () => {
    const id = await createConnector(server, jiraRequest());
    const c1 = await addCredential(server, 'jira');
    const c2 = await addCredential(server, 'jira');
    const c3 = await addCredential(server, 'jira');
    for (const credential of [c3, c1, c2])
      expect((await attach(server, id, credential)).status).toBe(200);
    expect((await list())[0]!.credential_ids).toEqual([c1, c2, c3]);
  });

  it('attaching a credential does not change time_updated or time_created', async () => {
    const id = await createConnector(server, plainRequest('web'));
    const [before] = await list();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await attach(server, id, 0);
    const [after] = await list();
    expect(after!.credential_ids).toEqual([0]);
    expect(after!.time_updated).toBe(before!.time_updated);
    expect(after!.time_created).toBe(before!.time_created);
  });

  it('ingestion_api connectors are never listed, with or without the filter', async () => {
    const ingestion = await createConnector(server, plainRequest('ingestion_api'));
    expect((await attach(server, ingestion, 0)).status).toBe(200);
    const web = await createConnector(server, plainRequest('web'));
    await attach(server, web, 0);
    expect(await ids()).toEqual([web]);
    expect(await ids('?credential=0')).toEqual([web]);
  });
});

describe('D5 the credential filter', () => {
  async function setUp() {
    const jiraCredential = await addCredential(server, 'jira');
    const a = await createConnector(server, jiraRequest());
    const b = await createConnector(server, jiraRequest());
    const c = await createConnector(server, plainRequest('web'));
    const d = await createConnector(server, jiraRequest()); // no credential
    await attach(server, a, jiraCredential);
    await attach(server, b, jiraCredential);
    await attach(server, c, 0);
    return { jiraCredential, a, b, c, d };
  }

  it('keeps only connectors attached to that credential, in id order', async () => {
    const { jiraCredential, a, b, c } = await setUp();
    expect(await ids(`?credential=${jiraCredential}`)).toEqual([a, b]);
    expect(await ids('?credential=0')).toEqual([c]);
  });

  it('a filtered snapshot still lists all of the connector’s credentials', async () => {
    const { jiraCredential, a } = await setUp();
    const other = await addCredential(server, 'jira');
    await attach(server, a, other);
    const [snapshot] = await list(`?credential=${other}`);
    expect(snapshot!.credential_ids).toEqual([jiraCredential, other]);
  });

  it('an unknown credential id → 200 []', async () => {
    await setUp();
    expect(await list('?credential=999')).toEqual([]);
    expect(await list('?credential=-1')).toEqual([]);
  });

  it('an empty value means no filter', async () => {
    const { a, b, c, d } = await setUp();
    expect(await ids('?credential=')).toEqual([a, b, c, d]);
  });

  it('when repeated, the last one counts', async () => {
    const { jiraCredential, a, b, c, d } = await setUp();
    expect(await ids(`?credential=0&credential=${jiraCredential}`)).toEqual([a, b]);
    expect(await ids(`?credential=${jiraCredential}&credential=0`)).toEqual([c]);
    expect(await ids(`?credential=${jiraCredential}&credential=`)).toEqual([a, b, c, d]);
  });

  it('other query parameters are ignored', async () => {
    const { a, b, c, d } = await setUp();
    expect(await ids('?source=web&limit=1')).toEqual([a, b, c, d]);
  });

  it.each(['abc', '1.5', '9007199254740993', '99999999999999999999', '1e3', '0x10', '%20', 'null'])(
    'credential=%s → 422 int_parsing at ["query","credential"]',
    async (value) => {
      const response = await api(server, 'GET', `/manage/admin/connector?credential=${value}`);
      expect(response.status).toBe(422);
      const { detail } = response.json as { detail: ValidationError[] };
      expect(detail).toEqual([
        { loc: ['query', 'credential'], msg: expect.any(String), type: 'int_parsing' },
      ]);
    },
  );

  it('a bad value that is not the last one is not looked at', async () => {
    const { c } = await setUp();
    expect(await ids('?credential=abc&credential=0')).toEqual([c]);
  });
});
