// connector-status is rebuilt by the pairs a sync write touched, and the
// connector list not at all (server/health/statusPieces.ts, migration 0034;
// docs/performance.md, "The lists under sync writes"): after a claim, a
// heartbeat or a batch of documents on one pair (D14), the next answer shows
// it and equals the rows read afresh, while the other pairs' runs are not read
// again. SQLite (api) and PostgreSQL (api-pg).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listConnectors } from '../../src/contract/endpoints/connectors';
import { listCredentials } from '../../src/contract/endpoints/credentials';
import { DEFAULT_SYNC_SETTINGS } from '../../server/health/syncRules';
import { connectorStatusRows } from '../../server/health/statusRows';
import { joinPieces, StatusPieces } from '../../server/health/statusPieces';
import { DEFAULT_RETEST_HOURS } from '../../server/watch/settings';
import { startTestServer, type TestServer } from '../support/harness';
import { useFreshTestServer } from '../support/useTestServer';
import { api } from '../support/http';
import { claim, doc, jiraPair, jobPath, makeWorkerKey, runOnce } from '../support/workers';

const server = useFreshTestServer();

const settings = () => ({ retestHours: DEFAULT_RETEST_HOURS, now: new Date() });

/** connector-status as served, and as read whole from the database now. */
async function servedAndFresh() {
  const served = await api(server, 'GET', '/manage/admin/connector-status');
  expect(served.status).toBe(200);
  const fresh = await server.store.db
    .transaction()
    .execute((trx) => connectorStatusRows(trx, server.store.secrets, settings()));
  return { served: served.text, fresh: JSON.stringify(fresh.rows) };
}

async function expectTrue() {
  const { served, fresh } = await servedAndFresh();
  expect(served).toBe(fresh);
  return JSON.parse(served) as {
    cc_pair_id: number;
    in_progress: boolean | null;
    docs_indexed: number | null;
  }[];
}

/** Three pairs, each with a run waiting; a worker key; pieces built once. */
async function setUp() {
  const key = await makeWorkerKey(server);
  const pairs = [];
  for (const name of ['Pieces A', 'Pieces B', 'Pieces C']) {
    const pair = await jiraPair(server, { name });
    await runOnce(server, pair.connectorId);
    pairs.push(pair);
  }
  const pieces = new StatusPieces();
  const build = () =>
    server.store.db
      .transaction()
      .execute(async (trx) =>
        joinPieces(
          (await pieces.rows(trx, 'base', server.store.secrets, settings(), DEFAULT_SYNC_SETTINGS))
            .pieces,
        ).toString(),
      );
  await build();
  expect(pieces.lastRebuilt).toBe(3);
  return { key, pairs, pieces, build };
}

describe('D14 a sync write on one pair: its row at once, the others kept', () => {
  it('a claim, a heartbeat and a batch read only that pair again; each shows at the next read', async () => {
    const { key, pairs, pieces, build } = await setUp();
    const ok = async (method: string, path: string, body: unknown) =>
      expect((await api(server, method, path, { key, body })).status).toBe(200);
    expect(await build()).toBe((await servedAndFresh()).fresh);
    expect(pieces.lastRebuilt).toBe(0);

    const job = (await claim(server, key, 'w-1'))!;
    expect(job.cc_pair_id).toBe(pairs[0]!.pairId);
    expect((await expectTrue()).find((row) => row.cc_pair_id === job.cc_pair_id)).toMatchObject({
      in_progress: true,
      docs_indexed: 0,
    });
    expect(await build()).toBe((await servedAndFresh()).fresh);
    expect(pieces.lastRebuilt).toBe(1);

    await ok('PUT', jobPath(job.id, 'progress'), { completed_batches: 1 });
    await expectTrue();
    expect(await build()).toBe((await servedAndFresh()).fresh);
    expect(pieces.lastRebuilt).toBeLessThanOrEqual(1);

    await ok('POST', jobPath(job.id, 'documents'), {
      upsert: [doc(1), doc(2), doc(3)],
      delete: [],
    });
    expect((await expectTrue()).find((row) => row.cc_pair_id === job.cc_pair_id)).toMatchObject({
      docs_indexed: 3,
    });
    expect(await build()).toBe((await servedAndFresh()).fresh);
    expect(pieces.lastRebuilt).toBe(1);

    // The same documents again change no count; one removed does.
    await ok('POST', jobPath(job.id, 'documents'), {
      upsert: [doc(1)],
      delete: [doc(2).document_id],
    });
    expect((await expectTrue()).find((row) => row.cc_pair_id === job.cc_pair_id)).toMatchObject({
      docs_indexed: 2,
    });
    await ok('PUT', jobPath(job.id, 'finish'), {
      status: 'failed',
      error_msg: 'Jira answered 500',
    });
    await expectTrue();
    expect(await build()).toBe((await servedAndFresh()).fresh);
    expect(pieces.lastRebuilt).toBe(1);
  });

  it('documents written behind the API move the pair and its count too', async () => {
    const { pairs, pieces, build } = await setUp();
    const pairId = pairs[1]!.pairId;
    await sql`insert into pair_documents (cc_pair_id, document_id, semantic_identifier, title_lower, time_last_indexed)
      values (${pairId}, 'x-1', 'X 1', 'x 1', 'now'), (${pairId}, 'x-2', 'X 2', 'x 2', 'now')`.execute(
      server.store.db,
    );
    await sql`update sync_jobs set time_started = 'now' where cc_pair_id = ${pairId}`.execute(
      server.store.db,
    );
    expect(await build()).toBe((await servedAndFresh()).fresh);
    expect(pieces.lastRebuilt).toBe(1);
    expect((await expectTrue()).find((row) => row.cc_pair_id === pairId)).toMatchObject({
      docs_indexed: 2,
    });
  });

  it('the connector and credential lists are not keyed by sync writes; a connector change still moves them', async () => {
    const { key, pairs } = await setUp();
    const listRevision = () => server.store.revisions(listConnectors.cachedReads);
    const credentialsRevision = () => server.store.revisions(listCredentials.cachedReads);
    const before = await listRevision();
    const credentialsBefore = await credentialsRevision();
    const job = (await claim(server, key, 'w-1'))!;
    await api(server, 'PUT', jobPath(job.id, 'progress'), { key, body: {} });
    await api(server, 'POST', jobPath(job.id, 'documents'), {
      key,
      body: { upsert: [doc(1)], delete: [] },
    });
    expect(await listRevision()).toBe(before);
    expect(await credentialsRevision()).toBe(credentialsBefore);
    const renamed = await api(server, 'PATCH', `/manage/admin/connector/${pairs[2]!.connectorId}`, {
      body: { name: 'Pieces C renamed' },
    });
    expect(renamed.status).toBe(200);
    expect(await listRevision()).not.toBe(before);
    expect(await credentialsRevision()).not.toBe(credentialsBefore);
  });
});

describe('D14 what the clock alone changes shows without a write', () => {
  const SYNC = { checkInIntervalSeconds: 1 };
  let timed: TestServer;
  beforeAll(async () => {
    timed = await startTestServer({ sync: SYNC });
  });
  afterAll(() => timed.close());

  it('a run without heartbeats looks stalled, and a waiting run waits for a worker once the last goes offline', async () => {
    const key = await makeWorkerKey(timed);
    const checkIn = await api(timed, 'PUT', '/manage/worker/check-in', {
      key,
      body: { worker_id: 'w-1' },
    });
    expect(checkIn.status).toBe(200);
    const running = await jiraPair(timed, { name: 'Clock running' });
    const waiting = await jiraPair(timed, { name: 'Clock waiting' });
    await runOnce(timed, running.connectorId);
    expect((await claim(timed, key, 'w-1'))!.cc_pair_id).toBe(running.pairId);
    await runOnce(timed, waiting.connectorId);
    const reasons = async () => {
      const rows = (await api(timed, 'GET', '/manage/admin/connector-status')).json as {
        cc_pair_id: number;
        needs_attention: { reason: string }[];
      }[];
      return Object.fromEntries(
        rows.map((row) => [row.cc_pair_id, row.needs_attention.map((item) => item.reason)]),
      );
    };
    expect(await reasons()).toEqual({ [running.pairId]: [], [waiting.pairId]: [] });
    // Three check-in intervals later, with no write meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 3_200));
    expect(await reasons()).toEqual({
      [running.pairId]: ['sync_stalled'],
      [waiting.pairId]: ['waiting_for_worker'],
    });
  });
});
