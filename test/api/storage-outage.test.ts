// D11/D12 on SQLite: storage that fails under a running server (an I/O error,
// a lock another process holds past the busy timeout) is answered 503 with
// Retry-After and words, never a 500, and logged once per outage; the disk-full
// answer keeps its own words (test/api/disk-full.test.ts). The I/O error is
// injected where the driver runs each statement (kept prepared, so not where
// it prepares them); the lock is a real one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_DETAIL } from '../../server/db/storageErrors';
import { startTestServer, type TestServer } from '../support/harness';
import { api, plainRequest, snapshotDb } from '../support/http';
import { untilFree } from '../support/outsideConnection';

const dataDir = mkdtempSync(join(tmpdir(), 'sourcedesk-outage-'));
const lines: { level: number; msg: string }[] = [];
let server: TestServer;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as (typeof lines)[number]);
      done();
    },
  });
  server = await startTestServer({ dataDir, logger: { level: 'info', stream } });
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const outageLines = () =>
  lines.filter((line) => line.msg.startsWith('the database cannot be reached'));
const recoveryLines = () =>
  lines.filter((line) => line.msg.startsWith('the database answers again'));

function expectUnavailable(answer: Awaited<ReturnType<typeof api>>) {
  expect(answer.status, answer.text).toBe(503);
  expect(answer.json).toEqual({ detail: UNAVAILABLE_DETAIL });
  expect(answer.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
}

/** What every statement runs by (better-sqlite3's Statement, which it does not export). */
const statements = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1')) as Pick<
  SQLite.Statement,
  'all' | 'run'
>;
const { all, run } = statements;
const failing = function () {
  throw new SQLite.SqliteError('disk I/O error', 'SQLITE_IOERR_READ');
} as never;
const restore = () => {
  statements.all = all;
  statements.run = run;
};
afterEach(restore);

it('an I/O error (the disk or its mount failing): 503 with Retry-After, health 503, one log line; then served again', async () => {
  const connector = (
    await api(server, 'POST', '/manage/admin/connector', { body: plainRequest('web') })
  ).json as { id: number };
  const before = await snapshotDb(server);
  const seen = lines.length;
  statements.all = failing;
  statements.run = failing;
  expectUnavailable(await api(server, 'GET', '/health', { key: null }));
  expectUnavailable(await api(server, 'GET', `/manage/admin/connector/${connector.id}`));
  expectUnavailable(
    await api(server, 'POST', '/manage/admin/connector', { body: plainRequest('web') }),
  );
  expectUnavailable(await api(server, 'GET', '/manage/users/accepted'));
  expect((await api(server, 'GET', '/version', { key: null })).status).toBe(200);
  expect(outageLines()).toHaveLength(1);
  expect(lines.slice(seen).filter((line) => line.level >= 50)).toHaveLength(1);

  restore();
  expect((await api(server, 'GET', '/health', { key: null })).json).toEqual({ status: 'ok' });
  expect(recoveryLines()).toHaveLength(1);
  expect(await snapshotDb(server)).toEqual(before); // the refused write left nothing
});

/**
 * The lock case on a server of its own, with the writes on their thread (the
 * default) or on the event loop's (SOURCEDESK_SQLITE_WRITE_THREAD=0).
 */
async function lockedByAnotherProcess(writeThread: boolean) {
  const folder = mkdtempSync(join(tmpdir(), 'sourcedesk-outage-lock-'));
  const own: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      own.push(JSON.parse(chunk.toString('utf8')) as (typeof own)[number]);
      done();
    },
  });
  const locked = await startTestServer({
    dataDir: folder,
    writeThread,
    logger: { level: 'info', stream },
  });
  try {
    await sql`pragma busy_timeout = 200`.execute(locked.store.db);
    const other = new SQLite(join(folder, 'sourcedesk.sqlite'), { timeout: 0 });
    try {
      await untilFree(() => other.exec('begin immediate'));
      expectUnavailable(
        await api(locked, 'POST', '/manage/admin/connector', { body: plainRequest('web') }),
      );
      // The list's build is a read-only transaction. On the event loop's
      // connection every transaction begins IMMEDIATE and waits for the lock
      // as well (503); with the write thread it begins with a plain BEGIN on
      // the main connection and, under WAL, waits for no writer: served while
      // the lock is held.
      const read = await api(locked, 'GET', '/manage/admin/connector?credential=0');
      if (writeThread) expect(read.status, read.text).toBe(200);
      else expectUnavailable(read);
      other.exec('rollback');
    } finally {
      other.close();
      await sql`pragma busy_timeout = 10000`.execute(locked.store.db);
    }
    const written = await api(locked, 'POST', '/manage/admin/connector', {
      body: plainRequest('web'),
    });
    expect(written.status).toBe(200);
    const starts = own.filter((line) => line.msg.startsWith('the database cannot be reached'));
    const ends = own.filter((line) => line.msg.startsWith('the database answers again'));
    expect(starts).toHaveLength(1);
    expect(ends).toHaveLength(1);
  } finally {
    await locked.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

it('a write lock another process holds past the busy timeout (SQLITE_BUSY), the writes on their thread: 503 for writes, reads served; then served again', async () => {
  await lockedByAnotherProcess(true);
});

it('the same with SOURCEDESK_SQLITE_WRITE_THREAD=0 (every transaction waits for the lock): 503; then served again', async () => {
  await lockedByAnotherProcess(false);
});
