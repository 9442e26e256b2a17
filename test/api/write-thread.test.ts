// D12 on SQLite with the loop free (SOURCEDESK_SQLITE_WRITE_THREAD=1): a write's transaction (its BEGIN IMMEDIATE,
// its COMMIT and fsync) runs on the database's own thread, so while it waits —
// here for a write lock another connection holds — the server goes on
// answering; the write then lands (200) once the lock is let go.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness';
import { api, plainRequest } from '../support/http';

const dataDir = mkdtempSync(join(tmpdir(), 'sourcedesk-write-thread-'));
let server: TestServer;
beforeAll(async () => {
  const before = process.env.SOURCEDESK_SQLITE_WRITE_THREAD;
  process.env.SOURCEDESK_SQLITE_WRITE_THREAD = '1';
  try {
    server = await startTestServer({ dataDir });
  } finally {
    if (before === undefined) delete process.env.SOURCEDESK_SQLITE_WRITE_THREAD;
    else process.env.SOURCEDESK_SQLITE_WRITE_THREAD = before;
  }
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The write lock, taken between the server's own writes (this thread must not wait in SQLite: it is the server's). */
async function takeWriteLock(other: SQLite.Database) {
  for (;;) {
    try {
      other.exec('begin immediate');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

it('a write waiting for the database does not hold up the answers to others (D12 kept)', async () => {
  const other = new SQLite(join(dataDir, 'sourcedesk.sqlite'), { timeout: 0 });
  try {
    await takeWriteLock(other);
    let written = false;
    const write = api(server, 'POST', '/manage/admin/connector', {
      body: plainRequest('web'),
    }).finally(() => (written = true));
    // Time for the write to reach its transaction and wait there for the lock.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const version = await api(server, 'GET', '/version', { key: null });
    expect(version.status).toBe(200);
    expect(written).toBe(false); // answered while the write still waited
    other.exec('commit');
    const answer = await write;
    expect(answer.status, answer.text).toBe(200);
    const made = (answer.json as { id: number }).id;
    expect((await api(server, 'GET', `/manage/admin/connector/${made}`)).status).toBe(200);
  } finally {
    other.close();
  }
});
