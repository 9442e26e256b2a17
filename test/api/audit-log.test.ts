// The activity log's promises beyond "one record per change": a change and its
// record commit together or not at all; no record (nor the export, nor the
// database) holds a secret; pages stay stable while records arrive; the export
// streams the same filter; old records go, and their going is a record.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { auditPageSchema, START_AGENT, type AuditRecord } from '../../src/contract/audit';
import { removeExpiredAudit } from '../../server/audit/retention';
import { insertAudit, type AuditRow } from '../../server/repos/audit';
import { startTestServer, type TestServer } from '../support/harness';
import { api, createConnector, plainRequest } from '../support/http';
import { useTestServer } from '../support/useTestServer';

const server = useTestServer();

const SECRET = 'sk-live-TOPSECRET-4c1f9e2a77';
const NEW_SECRET = 'sk-live-NEWSECRET-90ab33cd12';

const auditRows = async (s: TestServer = server) =>
  s.store.db.selectFrom('audit_log').selectAll().orderBy('id').execute();

const page = async (query: string) => {
  const answer = await api(server, 'GET', `/admin/audit${query}`);
  expect(answer.status, answer.text).toBe(200);
  return auditPageSchema.parse(answer.json);
};

const row = (overrides: Partial<AuditRow>): AuditRow => ({
  time: new Date().toISOString(),
  action: 'connector.update',
  outcome: 'success',
  actor_user_id: null,
  actor_email: null,
  actor_api_key_id: null,
  resource_type: 'connector',
  resource_id: '1',
  resource_name: null,
  address: null,
  user_agent: null,
  request_id: null,
  changes: '{}',
  ...overrides,
});

describe('a change and its record, together or not at all', () => {
  it('a write refused halfway (a duplicate name: 400) leaves no record', async () => {
    const body = plainRequest('web', { name: 'Twice' });
    await createConnector(server, body);
    const before = (await auditRows()).length;
    const again = await api(server, 'POST', '/manage/admin/connector', { body });
    expect(again.status).toBe(400);
    expect((await auditRows()).length).toBe(before);
  });

  it('a record that cannot be written undoes the change it tells of', async () => {
    const db = server.store.db;
    const fail =
      server.store.dialect === 'sqlite'
        ? [
            sql`create trigger audit_fails before insert on audit_log begin select raise(abort, 'injected'); end`,
          ]
        : [
            sql`create function audit_fails() returns trigger language plpgsql as $$ begin raise exception 'injected'; end $$`,
            sql`create trigger audit_fails before insert on audit_log for each row execute function audit_fails()`,
          ];
    for (const statement of fail) await statement.execute(db);
    try {
      const body = plainRequest('web', { name: 'Never made' });
      const answer = await api(server, 'POST', '/manage/admin/connector', { body });
      expect(answer.status).toBe(500);
      const list = await api(server, 'GET', '/manage/admin/connector');
      expect(JSON.stringify(list.json)).not.toContain('Never made');
    } finally {
      await sql`drop trigger audit_fails${sql.raw(server.store.dialect === 'postgres' ? ' on audit_log' : '')}`.execute(
        db,
      );
      if (server.store.dialect === 'postgres') await sql`drop function audit_fails()`.execute(db);
    }
  });
});

describe('no record holds a secret', () => {
  const folder = mkdtempSync(join(tmpdir(), 'sourcedesk-audit-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('neither the records, nor the export, nor the database file', async () => {
    const onDisk = await startTestServer({ dataDir: folder });
    try {
      const key = await onDisk.keyFor('admin', 'owner@audit.test');
      const made = await api(onDisk, 'POST', '/manage/credential', {
        key,
        body: {
          name: 'Secret',
          source: 'slack',
          credential_json: { slack_bot_token: SECRET },
          admin_public: true,
        },
      });
      expect(made.status, made.text).toBe(200);
      const id = (made.json as { id: number }).id;
      const changed = await api(onDisk, 'PATCH', `/manage/admin/credential/${id}`, {
        key,
        body: { credential_json: { slack_bot_token: NEW_SECRET } },
      });
      expect(changed.status, changed.text).toBe(200);
      expect((await api(onDisk, 'DELETE', `/manage/admin/credential/${id}`, { key })).status).toBe(
        200,
      );

      // After the first start's own two (the first admin and their key).
      const records = (await auditRows(onDisk)).slice(2);
      expect(records.map((r) => r.action)).toEqual([
        'credential.create',
        'credential.update',
        'credential.delete',
      ]);
      // Masked as D6 masks it: the first 4 and last 4 characters.
      expect(JSON.parse(records[1]!.changes)).toMatchObject({
        credential_json: {
          before: { slack_bot_token: `${SECRET.slice(0, 4)}...${SECRET.slice(-4)}` },
          after: { slack_bot_token: `${NEW_SECRET.slice(0, 4)}...${NEW_SECRET.slice(-4)}` },
        },
      });
      const exported = await api(onDisk, 'GET', '/admin/audit/export', { key });
      const csv = await api(onDisk, 'GET', '/admin/audit/export?format=csv', { key });
      await onDisk.close();
      const files = readdirSync(folder).map((name) =>
        readFileSync(join(folder, name)).toString('latin1'),
      );
      for (const text of [JSON.stringify(records), exported.text, csv.text, ...files]) {
        expect(text).not.toContain(SECRET);
        expect(text).not.toContain(NEW_SECRET);
        // Nor the key the first start made and recorded.
        expect(text).not.toContain(onDisk.adminKey);
      }
      expect(exported.text.trim().split('\n')).toHaveLength(5);
    } finally {
      await onDisk.close().catch(() => {});
    }
  });
});

describe('the first start', () => {
  it('records the first admin and their key, by the start itself, with no secret', async () => {
    const fresh = await startTestServer();
    try {
      const answer = await api(fresh, 'GET', '/admin/audit?limit=10');
      const { items } = auditPageSchema.parse(answer.json);
      const byStart = {
        outcome: 'success',
        actor: { user_id: null, email: null, api_key_id: null },
        address: null,
        user_agent: START_AGENT,
      };
      expect(items.reverse()).toEqual([
        expect.objectContaining({
          ...byStart,
          action: 'user.create',
          resource_type: 'user',
          resource_name: fresh.adminEmail,
          changes: {
            email: { before: null, after: fresh.adminEmail },
            role: { before: null, after: 'admin' },
          },
        }),
        expect.objectContaining({
          ...byStart,
          action: 'api_key.create',
          resource_type: 'api_key',
          changes: expect.objectContaining({ role: { before: null, after: 'admin' } }),
        }),
      ]);
      expect(JSON.stringify(items)).not.toContain(fresh.adminKey);
    } finally {
      await fresh.close();
    }
  });
});

describe('reading the log', () => {
  it('pages newest first by (time, id) and stays stable while records arrive', async () => {
    const time = '2020-06-01T00:00:00.000Z';
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      ids.push(await insertAudit(server.store.db, row({ time, resource_id: `paging-${i}` })));
    }
    const seen: AuditRecord[] = [];
    let cursor: string | null = null;
    const query = `?resource_type=connector&until=${time}&limit=3`;
    do {
      const next: Awaited<ReturnType<typeof page>> = await page(
        `${query}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...next.items);
      cursor = next.next_cursor;
      // A record arriving meanwhile (same time, newer id) never shifts the pages.
      await insertAudit(server.store.db, row({ time, resource_id: 'late' }));
      await createConnector(server, plainRequest('web'));
    } while (cursor);
    expect(seen.map((r) => r.id)).toEqual([...ids].reverse());
  });

  it('filters by action, actor, resource and time; 422 for a bad filter', async () => {
    const id = await createConnector(server, plainRequest('web', { name: 'Filtered' }));
    const found = await page(
      `?action=connector.create&actor=${server.adminEmail.toUpperCase()}&resource_id=${id}`,
    );
    expect(found.items.map((r) => r.resource_name)).toEqual(['Filtered']);
    expect((await page('?since=2999-01-01T00:00:00Z')).items).toEqual([]);
    const bad = await api(
      server,
      'GET',
      '/admin/audit?limit=201&since=yesterday&action=nope&cursor=x',
    );
    expect(bad.status).toBe(422);
    expect(
      (bad.json as { detail: { loc: string[] }[] }).detail.map((d) => d.loc[1]).sort(),
    ).toEqual(['action', 'cursor', 'limit', 'since']);
  });

  it('the export holds what the pages hold, as NDJSON and as CSV', async () => {
    const pages = await page('?action=connector.create&limit=200');
    const ndjson = await api(server, 'GET', '/admin/audit/export?action=connector.create');
    expect(ndjson.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = ndjson.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as AuditRecord);
    expect(lines).toEqual(pages.items);
    const csv = await api(server, 'GET', '/admin/audit/export?action=connector.create&format=csv');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const csvLines = csv.text.trim().split('\r\n');
    expect(csvLines[0]).toMatch(/^id,time,action,outcome,/);
    expect(csvLines).toHaveLength(pages.items.length + 1);
  });

  it('the export streams more than one chunk', async () => {
    const time = '2019-01-01T00:00:00.000Z';
    for (let i = 0; i < 1100; i++) {
      await insertAudit(
        server.store.db,
        row({ time, action: 'cc_pair.delete', resource_id: `bulk-${i}` }),
      );
    }
    const all = await api(
      server,
      'GET',
      '/admin/audit/export?action=cc_pair.delete&until=2019-01-02T00:00:00Z',
    );
    const ids = all.text
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as AuditRecord).id);
    expect(ids).toHaveLength(1100);
    expect(new Set(ids).size).toBe(1100);
  });
});

describe('retention', () => {
  it('removes records older than the days kept, and records the removal', async () => {
    const old = await insertAudit(server.store.db, row({ time: '2001-01-01T00:00:00.000Z' }));
    expect(await removeExpiredAudit(server.store, 0)).toBe(0); // 0 keeps them for ever
    expect(await removeExpiredAudit(server.store, 365)).toBeGreaterThanOrEqual(1);
    const rows = await auditRows();
    expect(rows.some((r) => r.id === old)).toBe(false);
    const [removal] = (await page('?action=audit.retention')).items;
    expect(removal).toMatchObject({ outcome: 'success', changes: { retention_days: 365 } });
  });

  it('the server removes old records itself when it starts', async () => {
    // A second server on the same database: PostgreSQL's schema, or a SQLite folder.
    const folder = mkdtempSync(join(tmpdir(), 'sourcedesk-retention-'));
    const first = server.schema ? server : await startTestServer({ dataDir: folder });
    const old = await insertAudit(first.store.db, row({ time: '2001-01-01T00:00:00.000Z' }));
    if (first !== server) await first.close();
    const second = await startTestServer(
      server.schema
        ? { shareWith: server, auditRetentionDays: 30 }
        : { dataDir: folder, auditRetentionDays: 30 },
    );
    try {
      await expect
        .poll(async () => (await auditRows(second)).some((r) => r.id === old))
        .toBe(false);
      expect((await auditRows(second)).some((r) => r.action === 'audit.retention')).toBe(true);
    } finally {
      await second.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('no route changes or deletes a record', () => {
  it('the log answers only GET', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect((await api(server, method, '/admin/audit')).status).toBe(405);
    }
  });
});
