// List answers are kept until the database changes. Every write is
// visible to the very next read, also a write by another process (the key
// command), and a client that has the answer already gets 304.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { ConnectorSnapshot } from '../../src/contract/contract';
import { startTestServer, type TestServer } from '../support/harness';
import { outsideConnection } from '../support/outsideConnection';
import { api, attach, createConnector, plainRequest } from '../support/http';

let server: TestServer;
let dataDir: string | undefined;
afterEach(async () => {
  await server.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

const names = async (query = '') =>
  ((await api(server, 'GET', `/manage/admin/connector${query}`)).json as ConnectorSnapshot[]).map(
    (c) => c.name,
  );

describe('cached lists stay true to the database', () => {
  test('a creation and an attach show in the very next list, filtered or not', async () => {
    server = await startTestServer();
    expect(await names()).toEqual([]);
    expect(await names('?credential=0')).toEqual([]);
    const id = await createConnector(server, plainRequest('web', { name: 'Site' }));
    expect(await names()).toEqual(['Site']);
    expect(await names('?credential=0')).toEqual([]);
    await attach(server, id, 0);
    expect(await names('?credential=0')).toEqual(['Site']);
  });

  test('a key revoked and a connector added by another process count at the next request', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sourcedesk-cache-'));
    server = await startTestServer({ dataDir });
    const key = await server.keyFor('admin');
    expect((await api(server, 'GET', '/manage/admin/connector', { key })).status).toBe(200);
    expect(await names()).toEqual([]);

    const other = outsideConnection(join(dataDir, 'sourcedesk.sqlite'));
    await other.run(
      "update api_keys set time_revoked = 'x' where id = (select max(id) from api_keys)",
    );
    await other.run(
      `insert into connectors (name, source, input_type, access_type, connector_specific_config,
       groups, time_created, time_updated) values ('Outside', 'web', 'poll', 'PUBLIC', '{}', '[]', 'x', 'x')`,
    );
    other.close();

    expect((await api(server, 'GET', '/manage/admin/connector', { key })).status).toBe(401);
    expect(await names()).toEqual(['Outside']);
  });

  test('a commit by another process after it emptied the write-ahead log counts at the next request too', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sourcedesk-cache-'));
    server = await startTestServer({ dataDir });
    const outside = (name: string) =>
      `insert into connectors (name, source, input_type, access_type, connector_specific_config,
       groups, time_created, time_updated) values ('${name}', 'web', 'poll', 'PUBLIC', '{}', '[]', 'x', 'x')`;
    const other = outsideConnection(join(dataDir, 'sourcedesk.sqlite'));
    try {
      await other.run(outside('First'));
      expect(await names()).toEqual(['First']);
      // The log starts over: the next commit writes its frames where the last ones were.
      await other.truncateLog();
      await other.run(outside('Second'));
      expect(await names()).toEqual(['First', 'Second']);
      expect(await names()).toEqual(['First', 'Second']);
      await other.truncateLog();
      await other.run("update connectors set name = 'Third' where name = 'First'");
      expect(await names()).toEqual(['Third', 'Second']);
    } finally {
      other.close();
    }
  });
});

describe('ETag and If-None-Match', () => {
  test('an unchanged list answers 304 with no body; a changed one 200 with a new tag', async () => {
    server = await startTestServer({ demoData: true });
    const first = await api(server, 'GET', '/manage/admin/connector');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await api(server, 'GET', '/manage/admin/connector', {
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);

    await createConnector(server, plainRequest('web', { name: 'New one' }));
    const changed = await api(server, 'GET', '/manage/admin/connector', {
      headers: { 'if-none-match': etag! },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect((changed.json as ConnectorSnapshot[]).map((c) => c.name)).toContain('New one');
  });

  test('the credential list has its own tag, and another key still has to authenticate', async () => {
    server = await startTestServer();
    const first = await api(server, 'GET', '/manage/admin/credential');
    const etag = first.headers.get('etag')!;
    const unauthenticated = await api(server, 'GET', '/manage/admin/credential', {
      key: 'sd_wrong',
      headers: { 'if-none-match': etag },
    });
    expect(unauthenticated.status).toBe(401);
    const basic = await server.keyFor('basic');
    const refused = await api(server, 'GET', '/manage/admin/credential', {
      key: basic,
      headers: { 'if-none-match': etag },
    });
    expect(refused.status).toBe(403);
  });
});
