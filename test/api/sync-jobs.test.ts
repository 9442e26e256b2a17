// Sync jobs through the worker routes (D14): the whole life of a job as a
// worker lives it, counts from the inventory, 409 after finish, cancel, a
// revoked key, who may call what. Each test a fresh server (claims take the
// oldest waiting job of the whole server). SQLite (api) and PostgreSQL (api-pg).
import { describe, expect, it } from 'vitest';
import { useFreshTestServer } from '../support/useTestServer';
import { api, NOT_AUTHENTICATED, snapshotDb } from '../support/http';
import type { ClaimedJob } from '../../src/contract/sync';
import { claim, doc, jiraPair, jobPath, makeWorkerKey, runOnce } from '../support/workers';

const server = useFreshTestServer();

const ok = async (method: string, path: string, key: string, body?: unknown) => {
  const answer = await api(server, method, path, { key, body });
  expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(200);
  return answer.json as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
};

describe('D14 a job, from the schedule or an admin, to a finished run', () => {
  it('check-in, claim, credential, documents, errors, progress, finish; then the admins read it', async () => {
    const key = await makeWorkerKey(server);
    const { connectorId, credentialId, pairId } = await jiraPair(server);
    const checkIn = await ok('PUT', '/manage/worker/check-in', key, {
      worker_id: 'w-1',
      hostname: 'box',
      version: '1.0.0',
      sources: ['jira'],
    });
    expect(checkIn).toMatchObject({ check_in_interval_seconds: 30, jobs_waiting: 0 });

    const queued = await ok('POST', '/manage/admin/connector/run-once', server.adminKey, {
      connector_id: connectorId,
      from_beginning: true,
    });
    expect(queued.success).toBe(true);
    expect(queued.data).toHaveLength(1);
    expect(queued.message).toMatch(/Queued 1 index run .*wait.* for a worker/);
    // A second request names the run that waits, and queues none.
    const again = await ok('POST', '/manage/admin/connector/run-once', server.adminKey, {
      connector_id: connectorId,
    });
    expect(again.data).toEqual([]);
    expect(again.message).toContain(`Pair ${pairId} already has an index run waiting`);

    const job = (await claim(server, key, 'w-1'))!;
    expect(job).toMatchObject({
      id: queued.data[0],
      cc_pair_id: pairId,
      kind: 'index',
      from_beginning: true,
      trigger: 'on_demand',
      poll_range_start: null,
      checkpoint: null,
      credential_id: credentialId,
      connector: { id: connectorId, source: 'jira', refresh_freq: null },
    });
    expect(job.poll_range_end).not.toBeNull();
    expect(await claim(server, key, 'w-2')).toBeNull(); // nothing else waits: 204

    const secret = await ok('GET', jobPath(job.id, 'credential'), key);
    expect(secret.credential_json).toEqual({
      jira_user_email: 'bot@acme.example',
      jira_api_token: 'jira-secret-token-value',
    });
    const log = await ok('GET', '/admin/audit?action=credential.access', server.adminKey);
    expect(JSON.stringify(log)).toContain(`"resource_id":"${credentialId}"`);
    expect(JSON.stringify(log)).not.toContain('jira-secret-token-value');

    const batch = { upsert: [doc(1), doc(2), doc(3)], delete: [] };
    const counts = await ok('POST', jobPath(job.id, 'documents'), key, batch);
    expect(counts).toEqual({
      new_docs_indexed: 3,
      total_docs_indexed: 3,
      docs_removed_from_index: 0,
      cancellation_requested: false,
    });
    // The same batch again (a retry) counts once.
    expect(await ok('POST', jobPath(job.id, 'documents'), key, batch)).toEqual(counts);
    await ok('POST', jobPath(job.id, 'errors'), key, {
      errors: [
        {
          document_id: 'DOC-9',
          document_link: 'https://acme.atlassian.net/browse/DOC-9',
          failure_message: 'HTTP 500 from Jira',
        },
      ],
    });
    expect(
      await ok('PUT', jobPath(job.id, 'progress'), key, {
        checkpoint: { cursor: 'page-2' },
        completed_batches: 1,
        total_batches: 2,
      }),
    ).toEqual({ cancellation_requested: false });
    const finished = await ok('PUT', jobPath(job.id, 'finish'), key, {
      status: 'completed_with_errors',
      checkpoint: { cursor: 'end' },
    });
    expect(finished).toMatchObject({
      status: 'completed_with_errors',
      total_docs_indexed: 3,
      new_docs_indexed: 3,
      error_count: 1,
      worker_id: 'w-1',
      completed_batches: 1,
    });

    // D14: nothing more after finish.
    for (const [method, part, body] of [
      ['PUT', 'progress', {}],
      ['PUT', 'finish', { status: 'success' }],
      ['POST', 'documents', { upsert: [doc(4)] }],
      ['GET', 'credential', undefined],
    ] as const) {
      const late = await api(server, method, jobPath(job.id, part), { key, body });
      expect(late.status, `${method} ${part}`).toBe(409);
    }

    const runs = await ok('GET', `/manage/admin/cc-pair/${pairId}/index-attempts`, server.adminKey);
    expect(runs.total_items).toBe(1);
    expect(runs.items[0]).toMatchObject({
      id: job.id,
      status: 'completed_with_errors',
      total_docs_indexed: 3,
    });
    const errors = await ok(
      'GET',
      `/manage/admin/cc-pair/${pairId}/errors?index_attempt_id=${job.id}`,
      server.adminKey,
    );
    expect(errors.items).toMatchObject([
      { document_id: 'DOC-9', failure_message: 'HTTP 500 from Jira', is_resolved: false },
    ]);
    const found = await ok(
      'GET',
      `/manage/admin/cc-pair/${pairId}/documents?q=document%202`,
      server.adminKey,
    );
    expect(found.items.map((d: { document_id: string }) => d.document_id)).toEqual(['DOC-2']);
    expect(found.total_items).toBe(1);
    const workers = (await ok('GET', '/manage/admin/worker', server.adminKey)) as unknown as {
      worker_id: string;
      online: boolean;
      running_jobs: unknown[];
    }[];
    expect(workers).toMatchObject([{ worker_id: 'w-1', online: true, running_jobs: [] }]);

    // The next incremental run starts where this one ended, with its checkpoint.
    await runOnce(server, connectorId);
    const next = (await claim(server, key))!;
    expect(next.from_beginning).toBe(false);
    expect(next.poll_range_start).toBe(job.poll_range_end);
    expect(next.checkpoint).toEqual({ cursor: 'end' });
  });

  it('counts from the inventory: new, total and removed with Onyx meanings; counters never go back', async () => {
    const key = await makeWorkerKey(server);
    const { connectorId, pairId } = await jiraPair(server);
    await runOnce(server, connectorId);
    const first = (await claim(server, key))!;
    await ok('POST', jobPath(first.id, 'documents'), key, { upsert: [doc(1), doc(2)] });
    await ok('PUT', jobPath(first.id, 'finish'), key, { status: 'success' });

    await runOnce(server, connectorId);
    const second = (await claim(server, key))!;
    expect(
      await ok('POST', jobPath(second.id, 'documents'), key, { upsert: [doc(2), doc(3)] }),
    ).toMatchObject({ new_docs_indexed: 1, total_docs_indexed: 2, docs_removed_from_index: 0 });
    // Deleting one it held counts; one it never held does not.
    expect(
      await ok('POST', jobPath(second.id, 'documents'), key, { delete: ['DOC-1', 'DOC-404'] }),
    ).toMatchObject({ new_docs_indexed: 1, total_docs_indexed: 2, docs_removed_from_index: 1 });
    // The same delete again changes nothing.
    expect(
      await ok('POST', jobPath(second.id, 'documents'), key, { delete: ['DOC-1'] }),
    ).toMatchObject({ docs_removed_from_index: 1 });
    const inventory = await ok('GET', `/manage/admin/cc-pair/${pairId}/documents`, server.adminKey);
    expect(inventory.items.map((d: { document_id: string }) => d.document_id)).toEqual([
      'DOC-2',
      'DOC-3',
    ]);
    const status = (await ok(
      'GET',
      '/manage/admin/connector-status',
      server.adminKey,
    )) as unknown as {
      cc_pair_id: number;
      docs_indexed: number | null;
      in_progress: boolean | null;
    }[];
    expect(status.find((row) => row.cc_pair_id === pairId)).toMatchObject({
      docs_indexed: 2,
      in_progress: true,
    });
  });

  it('8 workers claiming at once never get one job twice', async () => {
    const key = await makeWorkerKey(server);
    const jobs: number[] = [];
    for (let n = 0; n < 5; n++)
      jobs.push(...(await runOnce(server, (await jiraPair(server)).connectorId)));
    const claimed = await Promise.all(
      Array.from({ length: 8 }, async (_, worker) => {
        const mine: number[] = [];
        for (;;) {
          const job = await claim(server, key, `racer-${worker}`);
          if (!job) return mine;
          mine.push(job.id);
        }
      }),
    );
    const all = claimed.flat();
    expect(all.sort((a, b) => a - b)).toEqual(jobs.sort((a, b) => a - b));
    expect(new Set(all).size).toBe(all.length);
  });

  it('claims at once from two keys and two filters: a distinct job each, recorded to its own claimer', async () => {
    const keys = [await makeWorkerKey(server, 'first'), await makeWorkerKey(server, 'second')];
    const jobs: number[] = [];
    for (let n = 0; n < 6; n++)
      jobs.push(...(await runOnce(server, (await jiraPair(server)).connectorId)));
    // Each key's first use is noted before the count below (a write of its own).
    for (const key of keys) await ok('PUT', '/manage/worker/check-in', key, { worker_id: 'warm' });
    // 8 claims for any job (4 a key) and 4 for prune jobs only, all sent together.
    const claims = Array.from({ length: 12 }, (_, n) => ({
      key: keys[n % 2]!,
      worker_id: `claimer-${n}`,
      kinds: n >= 8 ? ['prune'] : undefined,
    }));
    const before = server.writesBegun();
    const answers = await Promise.all(
      claims.map(({ key, ...body }) =>
        api(server, 'POST', '/manage/worker/jobs/claim', { key, body }),
      ),
    );
    // PostgreSQL: claims that arrive together share one write transaction (group
    // commit). SQLite's transaction, COMMIT included, runs within one turn of the
    // event loop (better-sqlite3 is synchronous), so no claim arrives during one.
    const writes = server.writesBegun() - before;
    if (server.schema) expect(writes).toBeLessThan(claims.length);
    else expect(writes).toBe(claims.length);
    const got = answers.map((answer) =>
      answer.status === 204 ? null : (answer.json as ClaimedJob),
    );
    expect(answers.every((answer) => [200, 204].includes(answer.status))).toBe(true);
    expect(got.slice(8)).toEqual([null, null, null, null]); // no prune job waits
    const ids = got.flatMap((job) => (job ? [job.id] : []));
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect([...ids].sort((a, b) => a - b)).toEqual([...jobs].sort((a, b) => a - b));
    for (const [n, job] of got.entries()) {
      if (!job) continue;
      const runs = await ok(
        'GET',
        `/manage/admin/cc-pair/${job.cc_pair_id}/index-attempts`,
        server.adminKey,
      );
      expect(runs.items[0]).toMatchObject({
        id: job.id,
        status: 'in_progress',
        worker_id: `claimer-${n}`,
      });
    }
    expect(await claim(server, keys[0]!)).toBeNull();
  });

  it('the credential goes only to the key that holds the running job', async () => {
    const key = await makeWorkerKey(server, 'holder');
    const other = await makeWorkerKey(server, 'other');
    const { connectorId } = await jiraPair(server);
    await runOnce(server, connectorId);
    const job = (await claim(server, key))!;
    expect((await api(server, 'GET', jobPath(job.id, 'credential'), { key: other })).status).toBe(
      404,
    );
    const user = await api(server, 'GET', jobPath(job.id, 'credential'));
    expect(user.status).toBe(403); // an admin's own key is no worker key
    expect(user.text).not.toContain('jira-secret-token-value');
    expect((await api(server, 'GET', jobPath(job.id + 1000, 'credential'), { key })).status).toBe(
      404,
    );
    // D15: a connector pointed elsewhere by someone else fails the job in words.
    await server.store.db
      .updateTable('connectors')
      .set({
        connector_specific_config: JSON.stringify({
          jira_base_url: 'https://evil.example',
          project_key: 'ENG',
          comment_email_blacklist: [],
        }),
        creator_id: null,
      } as never)
      .where('id', '=', connectorId)
      .execute();
    const refused = await api(server, 'GET', jobPath(job.id, 'credential'), { key });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('ask its owner or an admin to approve https://evil.example:443');
    expect(refused.text).not.toContain('jira-secret-token-value');
    expect((await api(server, 'PUT', jobPath(job.id, 'progress'), { key, body: {} })).status).toBe(
      409,
    );
  });

  it('cancel: a waiting job is canceled at once; a running one hears it in its next report', async () => {
    const key = await makeWorkerKey(server);
    const { connectorId } = await jiraPair(server);
    const [waiting] = await runOnce(server, connectorId);
    expect(
      await ok('POST', `/manage/admin/index-attempt/${waiting}/cancel`, server.adminKey),
    ).toMatchObject({ status: 'canceled' });
    expect(await claim(server, key)).toBeNull();
    const [running] = await runOnce(server, connectorId);
    const job = (await claim(server, key))!;
    expect(job.id).toBe(running);
    expect(
      await ok('POST', `/manage/admin/index-attempt/${running}/cancel`, server.adminKey),
    ).toMatchObject({ status: 'in_progress', cancellation_requested: true });
    expect(await ok('PUT', jobPath(job.id, 'progress'), key, {})).toEqual({
      cancellation_requested: true,
    });
    await ok('PUT', jobPath(job.id, 'finish'), key, { status: 'canceled' });
    const late = await api(server, 'POST', `/manage/admin/index-attempt/${running}/cancel`);
    expect(late.status).toBe(409);
  });

  it('a paused connector: Run now and Prune now are 409 in words, and no job is made; resumed, they queue', async () => {
    const { connectorId, pairId } = await jiraPair(server, { name: 'Paused Jira' });
    const pause = await api(server, 'PATCH', `/manage/admin/connector/${connectorId}`, {
      body: { status: 'PAUSED' },
    });
    expect(pause.status).toBe(200);
    const jobs = () =>
      server.store.db
        .selectFrom('sync_jobs')
        .select('id')
        .where('cc_pair_id', '=', pairId)
        .execute();
    for (const [path, body] of [
      ['/manage/admin/connector/run-once', { connector_id: connectorId, from_beginning: true }],
      [`/manage/admin/cc-pair/${pairId}/prune`, undefined],
    ] as const) {
      const refused = await api(server, 'POST', path, { body });
      expect(refused.status, path).toBe(409);
      expect(refused.json).toEqual({
        detail:
          'Connector “Paused Jira” is paused: it runs nothing, on demand either. Resume it to run or prune it.',
      });
    }
    expect(await jobs()).toEqual([]);
    await api(server, 'PATCH', `/manage/admin/connector/${connectorId}`, {
      body: { status: 'ACTIVE' },
    });
    expect(await runOnce(server, connectorId)).toHaveLength(1);
  });

  it('a revoked worker key: its running job is interrupted and the key is unknown at once', async () => {
    const key = await makeWorkerKey(server);
    const { connectorId } = await jiraPair(server);
    await runOnce(server, connectorId);
    const job = (await claim(server, key))!;
    const keys = (await ok('GET', '/manage/admin/worker-key', server.adminKey)) as unknown as {
      id: number;
      key?: string;
    }[];
    expect(keys.every((k) => k.key === undefined)).toBe(true);
    const revoked = await ok('DELETE', `/manage/admin/worker-key/${keys[0]!.id}`, server.adminKey);
    expect(revoked.message).toContain('1 run in progress interrupted');
    const after = await api(server, 'PUT', jobPath(job.id, 'progress'), { key, body: {} });
    expect(after.status).toBe(401);
    const runs = await ok(
      'GET',
      `/manage/admin/cc-pair/${job.cc_pair_id}/index-attempts`,
      server.adminKey,
    );
    expect(runs.items[0]).toMatchObject({ id: job.id, status: 'interrupted' });
  });
});

describe('D14 who reaches the worker routes', () => {
  it('a worker key only there (a user key 403); a worker key elsewhere is unknown (401)', async () => {
    const key = await makeWorkerKey(server);
    const body = { worker_id: 'w' };
    expect((await api(server, 'PUT', '/manage/worker/check-in', { body })).status).toBe(403);
    const none = await api(server, 'PUT', '/manage/worker/check-in', { key: null, body });
    expect(none.status).toBe(401);
    const elsewhere = await api(server, 'GET', '/manage/admin/connector', { key });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.json).toEqual(NOT_AUTHENTICATED);
    expect((await api(server, 'GET', '/me', { key })).status).toBe(401);
    const basic = await server.keyFor('basic');
    expect(
      (await api(server, 'POST', '/manage/admin/worker-key', { key: basic, body: { name: 'x' } }))
        .status,
    ).toBe(403);
  });

  it('bad bodies: 422 in D3 shapes, nothing changed', async () => {
    const key = await makeWorkerKey(server);
    const { connectorId } = await jiraPair(server);
    await runOnce(server, connectorId);
    const job = (await claim(server, key))!;
    const before = await snapshotDb(server);
    const jobBefore = await server.store.db.selectFrom('sync_jobs').selectAll().execute();
    const bad: [string, string, unknown][] = [
      ['PUT', '/manage/worker/check-in', { worker_id: '' }],
      ['POST', '/manage/worker/jobs/claim', { worker_id: 'w', kinds: ['everything'] }],
      ['POST', jobPath(job.id, 'documents'), { upsert: [{ document_id: 'x' }] }],
      [
        'POST',
        jobPath(job.id, 'documents'),
        { upsert: Array.from({ length: 1001 }, (_, n) => doc(n)) },
      ],
      ['POST', jobPath(job.id, 'errors'), { errors: [] }],
      ['PUT', jobPath(job.id, 'progress'), { completed_batches: -1 }],
      ['PUT', jobPath(job.id, 'finish'), { status: 'not_started' }],
      [
        'PUT',
        jobPath(job.id, 'finish'),
        { status: 'failed', full_exception_trace: 'x'.repeat(16 * 1024 + 1) },
      ],
      ['POST', '/manage/admin/connector/run-once', { connector_id: 'one' }],
      ['POST', '/manage/admin/worker-key', { name: '' }],
    ];
    for (const [method, path, body] of bad) {
      const isWorker = path.startsWith('/manage/worker');
      const answer = await api(server, method, path, {
        key: isWorker ? key : server.adminKey,
        body,
      });
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(422);
      const detail = (answer.json as { detail: { loc: unknown[]; type: string }[] }).detail;
      expect(detail[0]!.loc[0]).toBe('body');
    }
    expect(await snapshotDb(server)).toEqual(before);
    expect(await server.store.db.selectFrom('sync_jobs').selectAll().execute()).toEqual(jobBefore);
  });
});
