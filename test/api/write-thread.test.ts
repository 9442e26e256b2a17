// D12 on SQLite with the loop free (the write thread, on a file unless
// SOURCEDESK_SQLITE_WRITE_THREAD=0): a write's transaction (its
// BEGIN IMMEDIATE, its COMMIT and fsync) runs on the database's own thread, so
// while it waits — here for a write lock another connection holds — the server
// goes on answering; the write then lands (200) once the lock is let go. Its
// statements go in step (no turn of the loop each), and the writes that arrive
// while a COMMIT is out commit together after it, none answered before its
// COMMIT is on disk.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness';
import { api, plainRequest } from '../support/http';
import { untilFree } from '../support/outsideConnection';
import { readingTransaction } from '../../server/db/database';

const dataDir = mkdtempSync(join(tmpdir(), 'sourcedesk-write-thread-'));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ dataDir, writeThread: true });
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Another connection holds the write lock (taken between the server's own
 * writes) while a connector's creation waits for it; `meanwhile` runs then,
 * and the write must still be waiting after it. The lock let go, the write
 * lands: its answer.
 */
async function whileAWriteWaits(meanwhile: () => Promise<void>) {
  const other = new SQLite(join(dataDir, 'sourcedesk.sqlite'), { timeout: 0 });
  try {
    await untilFree(() => other.exec('begin immediate'));
    let written = false;
    const write = api(server, 'POST', '/manage/admin/connector', {
      body: plainRequest('web'),
    }).finally(() => (written = true));
    // Time for the write to reach its transaction and wait there for the lock.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await meanwhile();
    expect(written).toBe(false); // answered while the write still waited
    other.exec('commit');
    return await write;
  } finally {
    if (other.inTransaction) other.exec('rollback');
    other.close();
  }
}

it('a write waiting for the database does not hold up the answers to others (D12 kept)', async () => {
  const answer = await whileAWriteWaits(async () => {
    const version = await api(server, 'GET', '/version', { key: null });
    expect(version.status).toBe(200);
  });
  expect(answer.status, answer.text).toBe(200);
  const made = (answer.json as { id: number }).id;
  expect((await api(server, 'GET', `/manage/admin/connector/${made}`)).status).toBe(200);
});

it('the reads that take a read-only transaction (the directory, the credentials, the group names) answer while a write waits for the database', async () => {
  const answer = await whileAWriteWaits(async () => {
    // Each read's transaction would take its turn behind the waiting write:
    // an answer that never comes while the lock is held shows as "waited".
    const waited = new Promise<'waited'>((resolve) => setTimeout(resolve, 10_000, 'waited'));
    for (const path of [
      '/manage/users/accepted?page_size=10',
      '/manage/admin/credential',
      '/manage/user-groups/minimal',
    ]) {
      const read = await Promise.race([api(server, 'GET', path), waited]);
      expect(read === 'waited' ? read : read.status, path).toBe(200);
    }
  });
  expect(answer.status, answer.text).toBe(200);
});

it('a write inside a read-only transaction fails, and changes nothing', async () => {
  const { db } = server.store;
  await sql`create table if not exists thread_reading (n integer not null)`.execute(db);
  await expect(
    readingTransaction(db).execute((trx) =>
      sql`insert into thread_reading (n) values (1)`.execute(trx),
    ),
  ).rejects.toThrow('a write inside a read-only transaction');
  const { rows } = await sql<{ c: number }>`select count(*) as c from thread_reading`.execute(db);
  expect(rows).toEqual([{ c: 0 }]);
});

/**
 * Whether `work` needed a turn of the event loop: a chain of microtasks run
 * beside it ends first only if it did (microtasks all run before the loop turns).
 */
async function neededTurn(work: () => Promise<unknown>) {
  const HOPS = 1_000;
  let hops = 0;
  let done = false;
  void (async () => {
    while (!done && hops < HOPS) {
      await null;
      hops += 1;
    }
  })();
  await work();
  done = true;
  return hops >= HOPS;
}

it("a write transaction's statements go in step: 100 statements, no turn of the loop each", async () => {
  const { db } = server.store;
  await sql`create table if not exists thread_steps (n integer not null)`.execute(db);
  // Inside the transaction (its BEGIN and COMMIT wait off the loop, in turns
  // of their own): the statements that needed a turn of the loop.
  const turned = await db.transaction().execute(async (trx) => {
    let during = 0;
    for (let n = 0; n < 50; n++) {
      if (await neededTurn(() => sql`insert into thread_steps (n) values (${n})`.execute(trx)))
        during += 1;
      if (await neededTurn(() => sql`select count(*) as c from thread_steps`.execute(trx)))
        during += 1;
    }
    return during;
  });
  // Each a message and its answer in a turn of its own would be 100 of 100; a
  // statement the worker takes over 2 ms for (a busy machine) is awaited.
  expect(turned).toBeLessThan(10);
  const other = new SQLite(join(dataDir, 'sourcedesk.sqlite'), { readonly: true });
  try {
    expect(other.prepare('select count(*) as c from thread_steps').get()).toEqual({ c: 50 });
  } finally {
    other.close();
  }
});

it('writes that arrive together commit together, each answered only once its COMMIT is on disk (D12)', async () => {
  const { db } = server.store;
  await sql`create table if not exists thread_group (n integer not null)`.execute(db);
  const other = new SQLite(join(dataDir, 'sourcedesk.sqlite'));
  try {
    // The write-ahead log emptied: each COMMIT then adds its pages' frames to it.
    other.pragma('wal_checkpoint(TRUNCATE)');
    const seen: number[] = [];
    await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        db
          .transaction()
          .execute(async (trx) => {
            await sql`insert into thread_group (n) values (${n})`.execute(trx);
            // One of them fails: only its own change is undone.
            if (n === 7) throw new Error('undone');
          })
          .then(
            () => {
              // Answered: another connection reads it, so it is committed.
              const row = other.prepare('select n from thread_group where n = ?').get(n);
              expect(row).toEqual({ n });
              seen.push(n);
            },
            (error: Error) => expect(error.message).toBe('undone'),
          ),
      ),
    );
    expect(seen).toHaveLength(39);
    expect(other.prepare('select count(*) as c from thread_group').get()).toEqual({ c: 39 });
    // One COMMIT for the writes waiting together, not one each: 39 commits of
    // one row each would add 39 frames or more (the table's page each time).
    const { log } = (other.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]!;
    expect(log).toBeGreaterThan(0);
    expect(log).toBeLessThan(20);
  } finally {
    other.close();
  }
});
