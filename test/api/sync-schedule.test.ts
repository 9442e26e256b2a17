// D14's schedule and rules on the real store, on a clock of the test's own
// (scheduleRound takes `now`), and claims across two instances on one
// PostgreSQL database. D13: a curator reads and asks for runs only of the
// pairs they see and change. SQLite (api) and PostgreSQL (api-pg).
import { describe, expect, it } from 'vitest';
import { scheduleRound } from '../../server/watch/schedule';
import { DEFAULT_SYNC_SETTINGS } from '../../server/health/syncRules';
import { findUserByEmail } from '../../server/repos/users';
import { startTestServer, TEST_DATABASE_URL, type TestServer } from '../support/harness';
import { api, makeGroup } from '../support/http';
import { useFreshTestServer } from '../support/useTestServer';
import { claim, jiraPair, jobPath, makeWorkerKey, runOnce } from '../support/workers';

const server = useFreshTestServer();
const settings = DEFAULT_SYNC_SETTINGS;
const later = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

const jobsOf = (pairId: number, on: TestServer = server) =>
  on.store.db
    .selectFrom('sync_jobs')
    .select(['id', 'kind', 'status', 'trigger', 'error_msg'])
    .where('cc_pair_id', '=', pairId)
    .orderBy('id')
    .execute();

describe('D14 the schedule (fake clock)', () => {
  it('refresh_freq: at once, never twice while open, again refresh_freq seconds after the last', async () => {
    const key = await makeWorkerKey(server);
    const { pairId } = await jiraPair(server, { refresh_freq: 3600 });
    const t = new Date();
    expect((await scheduleRound(server.store, settings, t)).made).toHaveLength(1);
    expect((await scheduleRound(server.store, settings, later(t, 7200))).made).toEqual([]);
    const job = (await claim(server, key))!;
    expect(job.trigger).toBe('scheduled');
    await api(server, 'PUT', jobPath(job.id, 'finish'), { key, body: { status: 'success' } });
    expect((await scheduleRound(server.store, settings, later(t, 3599))).made).toEqual([]);
    expect((await scheduleRound(server.store, settings, later(t, 3600))).made).toHaveLength(1);
    expect((await jobsOf(pairId)).map((j) => j.status)).toEqual(['success', 'not_started']);
  });

  it('prune_freq, indexing_start, paused, INVALID and refresh_freq null', async () => {
    const t = new Date();
    const pruned = await jiraPair(server, { refresh_freq: null, prune_freq: 600 });
    const future = await jiraPair(server, {
      refresh_freq: 60,
      indexing_start: later(t, 3600).toISOString(),
    });
    const paused = await jiraPair(server, { refresh_freq: 60 });
    await server.store.db
      .updateTable('connectors')
      .set({ status: 'PAUSED' })
      .where('id', '=', paused.connectorId)
      .execute();
    const invalid = await jiraPair(server, { refresh_freq: 60 });
    await server.store.db
      .updateTable('connector_credential_pairs')
      .set({ last_test_ok: 0, last_test_at: t.toISOString(), last_test_checks: '[]' })
      .where('id', '=', invalid.pairId)
      .execute();
    await scheduleRound(server.store, settings, later(t, 599));
    for (const pair of [pruned, future, paused, invalid])
      expect(await jobsOf(pair.pairId)).toEqual([]);
    await scheduleRound(server.store, settings, later(t, 3600));
    expect((await jobsOf(pruned.pairId)).map((j) => j.kind)).toEqual(['prune']);
    expect((await jobsOf(future.pairId)).map((j) => j.kind)).toEqual(['index']);
    expect(await jobsOf(paused.pairId)).toEqual([]);
    expect(await jobsOf(invalid.pairId)).toEqual([]);
  });

  it('a run without a heartbeat for 1800 s fails, and its worker hears 409; a job nobody claims fails after 12 h', async () => {
    const key = await makeWorkerKey(server);
    const { connectorId, pairId } = await jiraPair(server);
    await runOnce(server, connectorId);
    const job = (await claim(server, key))!;
    const t = new Date();
    expect((await scheduleRound(server.store, settings, later(t, 1700))).failed).toEqual([]);
    expect((await scheduleRound(server.store, settings, later(t, 1801))).failed).toEqual([job.id]);
    expect(await jobsOf(pairId)).toMatchObject([
      { status: 'failed', error_msg: 'No heartbeat received for 1800 seconds' },
    ]);
    const late = await api(server, 'PUT', jobPath(job.id, 'progress'), { key, body: {} });
    expect(late.status).toBe(409);

    const [waiting] = await runOnce(server, connectorId);
    expect((await scheduleRound(server.store, settings, later(t, 12 * 3600 + 1))).failed).toEqual([
      waiting,
    ]);
    expect((await jobsOf(pairId))[1]).toMatchObject({
      status: 'failed',
      error_msg: 'No worker claimed this job',
    });
    const failed = await api(server, 'GET', '/manage/admin/connector/failed-indexing-status');
    expect(failed.json).toMatchObject([
      { cc_pair_id: pairId, error_msg: 'No worker claimed this job' },
    ]);
  });
});

describe('D13 the admin routes of runs', () => {
  it('a curator of another group reads nothing of a private pair (404); a curator of its group reads and runs it', async () => {
    const key = await makeWorkerKey(server);
    const mine = await server.keyFor('basic', 'mine@sync.test');
    const theirs = await server.keyFor('basic', 'theirs@sync.test');
    const basic = await server.keyFor('basic', 'basic@sync.test');
    const mineId = (await findUserByEmail(server.store.db, 'mine@sync.test'))!.id;
    const theirsId = (await findUserByEmail(server.store.db, 'theirs@sync.test'))!.id;
    const groupA = await makeGroup(server, 'A', [mineId]);
    const groupB = await makeGroup(server, 'B', [theirsId]);
    for (const [group, user] of [
      [groupA, mineId],
      [groupB, theirsId],
    ] as const) {
      await api(server, 'POST', `/manage/admin/user-group/${group}/set-curator`, {
        body: { user_id: user, is_curator: true },
      });
    }
    const { connectorId, pairId } = await jiraPair(server);
    await server.store.db
      .updateTable('connector_credential_pairs')
      .set({ access_type: 'private' })
      .where('id', '=', pairId)
      .execute();
    await server.store.db
      .insertInto('pair_groups')
      .values({ pair_id: pairId, group_id: groupA })
      .execute();
    const [jobId] = await runOnce(server, connectorId);
    await claim(server, key);
    const reads = [
      `/manage/admin/cc-pair/${pairId}/index-attempts`,
      `/manage/admin/cc-pair/${pairId}/errors`,
      `/manage/admin/cc-pair/${pairId}/documents`,
    ];
    for (const path of reads) {
      expect((await api(server, 'GET', path, { key: theirs })).status, path).toBe(404);
      expect((await api(server, 'GET', path, { key: mine })).status, path).toBe(200);
      expect((await api(server, 'GET', path, { key: basic })).status, path).toBe(403);
    }
    const run = { connector_id: connectorId };
    expect(
      (await api(server, 'POST', '/manage/admin/connector/run-once', { key: theirs, body: run }))
        .status,
    ).toBe(404);
    expect(
      (await api(server, 'POST', `/manage/admin/cc-pair/${pairId}/prune`, { key: theirs })).status,
    ).toBe(404);
    expect(
      (await api(server, 'POST', `/manage/admin/index-attempt/${jobId}/cancel`, { key: theirs }))
        .status,
    ).toBe(404);
    const failed = await api(server, 'GET', '/manage/admin/connector/failed-indexing-status', {
      key: theirs,
    });
    expect(failed.json).toEqual([]);
    const pruned = await api(server, 'POST', `/manage/admin/cc-pair/${pairId}/prune`, {
      key: mine,
    });
    expect(pruned.status).toBe(200);
    expect((pruned.json as { data: number[] }).data).toHaveLength(1);
    const canceled = await api(server, 'POST', `/manage/admin/index-attempt/${jobId}/cancel`, {
      key: mine,
    });
    expect(canceled.status).toBe(200);
    expect((await api(server, 'GET', '/manage/admin/worker', { key: mine })).status).toBe(403);
  });
});

describe.runIf(TEST_DATABASE_URL)('D14 two instances on one PostgreSQL database', () => {
  it('8 claimers over both never get one job twice, and rounds at once make one job a pair', async () => {
    const b = await startTestServer({ shareWith: server });
    try {
      const key = await makeWorkerKey(server);
      const pairs = [];
      for (let n = 0; n < 4; n++) pairs.push(await jiraPair(server, { refresh_freq: 60 }));
      const t = new Date();
      await Promise.all([
        scheduleRound(server.store, settings, t),
        scheduleRound(b.store, settings, t),
        scheduleRound(server.store, settings, t),
        scheduleRound(b.store, settings, t),
      ]);
      for (const pair of pairs) expect(await jobsOf(pair.pairId)).toHaveLength(1);
      const claimed = await Promise.all(
        Array.from({ length: 8 }, async (_, n) => {
          const mine: number[] = [];
          for (;;) {
            const job = await claim(n % 2 === 0 ? server : b, key, `racer-${n}`);
            if (!job) return mine;
            mine.push(job.id);
          }
        }),
      );
      const all = claimed.flat();
      expect(all).toHaveLength(4);
      expect(new Set(all).size).toBe(4);
    } finally {
      await b.close();
    }
  });
});
