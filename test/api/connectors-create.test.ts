// D4: creating a connector — what is stored and what is answered.
import { describe, expect, it } from 'vitest';
import type { ConnectorSnapshot } from '../../src/contract/contract';
import { useFreshTestServer } from '../support/useTestServer';
import { api, jiraRequest, plainRequest } from '../support/http';

// A fresh server per test: ids and duplicates depend on what exists.
const server = useFreshTestServer();

const create = (body: unknown) => api(server, 'POST', '/manage/admin/connector', { body });
const row = (id: number) =>
  server.store.db
    .selectFrom('connectors')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
async function listed(id: number): Promise<ConnectorSnapshot> {
  const list = (await api(server, 'GET', '/manage/admin/connector')).json as ConnectorSnapshot[];
  return list.find((c) => c.id === id)!;
}

describe('D4 success', () => {
  it('answers 200 {id, credential: null}; ids start at 1 and count up', async () => {
    const first = await create(jiraRequest());
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(first.json).toEqual({ id: 1, credential: null });
    expect((await create(jiraRequest())).json).toEqual({ id: 2, credential: null });
  });

  it('the interface’s Jira flow is stored and listed as sent', async () => {
    const request = jiraRequest({ name: 'Engineering Jira' });
    const { id } = (await create(request)).json as { id: number };
    expect(await listed(id)).toEqual({
      name: 'Engineering Jira',
      source: 'jira',
      input_type: 'poll',
      connector_specific_config: request.connector_specific_config,
      refresh_freq: 3600,
      prune_freq: 86400,
      indexing_start: null,
      id,
      credential_ids: [],
      time_created: expect.stringMatching(/Z$/),
      time_updated: expect.stringMatching(/Z$/),
    });
  });

  it('the name is trimmed before it is stored', async () => {
    const { id } = (await create(jiraRequest({ name: '  Padded name\t' }))).json as { id: number };
    expect((await listed(id)).name).toBe('Padded name');
  });

  it('access_type defaults to PUBLIC and is stored upper case, any letter case accepted', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, 'PUBLIC'],
      ['public', 'PUBLIC'],
      ['private', 'PRIVATE'],
      ['Sync', 'SYNC'],
      ['PUBLIC', 'PUBLIC'],
    ];
    for (const [sent, stored] of cases) {
      const request = plainRequest('web');
      if (sent !== undefined) request.access_type = sent;
      const response = await create(request);
      expect(response.status).toBe(200);
      expect((await row((response.json as { id: number }).id)).access_type).toBe(stored);
    }
  });

  it('refresh_freq, prune_freq and indexing_start may be null or left out', async () => {
    const a = (
      await create(
        plainRequest('file', { refresh_freq: null, prune_freq: null, indexing_start: null }),
      )
    ).json as { id: number };
    const b = (await create(plainRequest('file'))).json as { id: number };
    for (const id of [a.id, b.id]) {
      expect(await listed(id)).toMatchObject({
        refresh_freq: null,
        prune_freq: null,
        indexing_start: null,
      });
    }
  });

  it('the lowest frequencies are accepted: refresh 60, prune 300', async () => {
    const response = await create(plainRequest('web', { refresh_freq: 60, prune_freq: 300 }));
    expect(response.status).toBe(200);
    expect(await listed((response.json as { id: number }).id)).toMatchObject({
      refresh_freq: 60,
      prune_freq: 300,
    });
  });

  it.each([
    ['2026-01-31T09:00:00Z', '2026-01-31T09:00:00.000Z'],
    ['2026-01-31T09:00:00', '2026-01-31T09:00:00.000Z'],
    ['2026-01-31T11:30:00+02:30', '2026-01-31T09:00:00.000Z'],
    ['2026-01-31T09:00:00.123456Z', '2026-01-31T09:00:00.123Z'],
  ])('indexing_start %s is returned in UTC as %s', async (sent, returned) => {
    const { id } = (await create(plainRequest('web', { indexing_start: sent }))).json as {
      id: number;
    };
    expect((await listed(id)).indexing_start).toBe(returned);
  });

  it('groups are stored; unknown top-level fields are ignored', async () => {
    const response = await create({ ...plainRequest('web'), groups: [3, 1], surprise: { x: 1 } });
    expect(response.status).toBe(200);
    const stored = await row((response.json as { id: number }).id);
    expect(JSON.parse(stored.groups)).toEqual([3, 1]);
    expect(Object.keys(await listed(stored.id))).not.toContain('surprise');
  });
});

describe('D4 connector_specific_config is stored exactly as sent', () => {
  it('Jira: unknown keys kept, URL not normalised, key order and values unchanged', async () => {
    const config = {
      jira_base_url: 'HTTPS://Acme.Atlassian.NET:443/./path/../',
      project_key: 'A_1',
      comment_email_blacklist: null,
      labels_to_skip: ['secret', 'hr'],
      nested: { deep: [1, 2.5, null, true, { x: 'é😀' }] },
    };
    const { id } = (await create(jiraRequest({ connector_specific_config: config }))).json as {
      id: number;
    };
    const config2 = (await listed(id)).connector_specific_config;
    expect(config2).toEqual(config);
    expect(JSON.stringify(config2)).toBe(JSON.stringify(config));
  });

  it('Jira: an empty project_key is stored as null; a missing one stays missing', async () => {
    const empty = (
      await create(
        jiraRequest({
          connector_specific_config: { jira_base_url: 'http://j.example', project_key: '' },
        }),
      )
    ).json as { id: number };
    expect((await listed(empty.id)).connector_specific_config).toEqual({
      jira_base_url: 'http://j.example',
      project_key: null,
    });
    expect(JSON.parse((await row(empty.id)).connector_specific_config)).toEqual({
      jira_base_url: 'http://j.example',
      project_key: null,
    });
    const missing = (
      await create(
        jiraRequest({ connector_specific_config: { jira_base_url: 'http://j.example' } }),
      )
    ).json as { id: number };
    expect((await listed(missing.id)).connector_specific_config).toEqual({
      jira_base_url: 'http://j.example',
    });
  });

  it('a key named __proto__ is kept like any other key', async () => {
    const raw = JSON.stringify(plainRequest('file')).replace(
      '"connector_specific_config":{}',
      '"connector_specific_config":{"__proto__":{"a":1},"b":2}',
    );
    const response = await api(server, 'POST', '/manage/admin/connector', { raw });
    const { id } = response.json as { id: number };
    const list = await api(server, 'GET', '/manage/admin/connector');
    expect(list.text).toContain('"connector_specific_config":{"__proto__":{"a":1},"b":2}');
    expect((await row(id)).connector_specific_config).toBe('{"__proto__":{"a":1},"b":2}');
  });

  it('other sources: any JSON object, even what would be invalid for Jira', async () => {
    const config = {
      jira_base_url: 'ftp://nope',
      project_key: 'lower',
      anything: [{}, []],
      n: -0.5,
    };
    const { id } = (
      await create(plainRequest('mock_connector', { connector_specific_config: config }))
    ).json as { id: number };
    expect((await listed(id)).connector_specific_config).toEqual(config);
  });
});
