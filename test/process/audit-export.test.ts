// An export of the whole activity log does not stop the server: with 200,000
// records, NDJSON, CSV and a `since` filter come out complete and in order
// while `GET /api/version`, sent every 20 ms as a health check would, keeps
// being answered. (How long the longest of those waits is, the bench says:
// "activity export of 200,000 … longest wait".) The server is its own process,
// so the probes' timers are not the server's event loop.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema, type AuditRecord } from '../../src/contract/audit';
import { openStore } from '../../server/db/database';
import { seedAuditRecords, seededRow } from '../support/auditRecords';
import { startServerProcess, type ServerProcess } from '../support/process';
import { waitsDuring } from '../support/waitsDuring';

const SEEDED = 200_000;
/** Answers to the probes that must arrive while an export streams (one per 20 ms sent). */
const ANSWERS_MEANWHILE = 10;

const dataDir = mkdtempSync(join(tmpdir(), 'sourcedesk-export-'));
let server: ServerProcess;
let key: string;
let firstSeeded: number;

beforeAll(async () => {
  const store = await openStore(dataDir);
  firstSeeded = await seedAuditRecords(store.db, SEEDED);
  await store.close();
  // A start checks the whole file (quick_check): slow for 200,000 records on a busy machine.
  server = await startServerProcess(
    { SOURCEDESK_DATA_DIR: dataDir, SOURCEDESK_DEMO_DATA: 'off' },
    90_000,
  );
  key = /#key=(sd_[\w-]+)/.exec(server.stdout())![1]!;
}, 300_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (path: string) =>
  fetch(`${server.origin}/api${path}`, { headers: { authorization: `Bearer ${key}` } });

/** The records the server's start wrote after the seeded ones (the first admin, their key). */
async function startRecords(): Promise<AuditRecord[]> {
  const afterSeeded = new Date(firstSeeded + SEEDED * 1000).toISOString();
  const answer = await get(`/admin/audit?since=${afterSeeded}`);
  return auditPageSchema.parse(await answer.json()).items;
}

/** The export's text, read as it streams, with the probes' count meanwhile. */
async function exportWhileProbing(query: string) {
  const measured = await waitsDuring(server.origin, async () => {
    const answer = await get(`/admin/audit/export${query}`);
    expect(answer.status).toBe(200);
    return answer.text();
  });
  expect(measured.failures).toEqual([]);
  expect(measured.answeredDuring).toBeGreaterThanOrEqual(ANSWERS_MEANWHILE);
  return measured.result;
}

const seededRecord = (i: number) => {
  const row = seededRow(i, firstSeeded);
  return { id: i + 1, time: row.time, action: row.action, request_id: row.request_id };
};
const essentials = ({ id, time, action, request_id }: AuditRecord) => ({
  id,
  time,
  action,
  request_id,
});

describe('an export of 200,000 records streams while other requests are answered', () => {
  it('NDJSON: every record, newest first', async () => {
    const newest = await startRecords();
    const text = await exportWhileProbing('');
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(SEEDED + newest.length);
    expect(JSON.parse(lines[0]!)).toEqual(newest[0]);
    expect(essentials(JSON.parse(lines.at(-1)!) as AuditRecord)).toEqual(seededRecord(0));
    expect(essentials(JSON.parse(lines[newest.length]!) as AuditRecord)).toEqual(
      seededRecord(SEEDED - 1),
    );
  }, 300_000);

  it('CSV: a header and every record, newest first', async () => {
    const newest = await startRecords();
    const text = await exportWhileProbing('?format=csv');
    const lines = text.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toMatch(/^id,time,action,/);
    expect(lines).toHaveLength(1 + SEEDED + newest.length);
    expect(lines[1]).toMatch(new RegExp(`^${newest[0]!.id},${newest[0]!.time},`));
    const oldest = seededRecord(0);
    expect(lines.at(-1)).toMatch(new RegExp(`^${oldest.id},${oldest.time},${oldest.action},`));
  }, 300_000);

  it('since: the newer half, down to its first record', async () => {
    const newest = await startRecords();
    const half = seededRecord(SEEDED / 2);
    const text = await exportWhileProbing(`?since=${half.time}`);
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(SEEDED / 2 + newest.length);
    expect(essentials(JSON.parse(lines.at(-1)!) as AuditRecord)).toEqual(half);
  }, 300_000);
});
