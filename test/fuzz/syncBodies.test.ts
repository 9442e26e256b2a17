// The bodies of sync jobs (D14), sent mostly well-formed with realistic ids so
// that the rules past D3's are reached too — a job this key holds (200), one
// another worker holds or none has (404), one already finished (409), a paused
// connector (409), a credential not attached (400) — and now and then broken:
// wrong types, batches past their limits, dates that are not dates, unknown
// kinds. Always 2xx or a 4xx, never a 5xx; a 4xx changes nothing (D3, D11).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINISH_STATUSES } from '../../src/contract/sync';
import { startTestServer, type TestServer } from '../support/harness';
import { api, snapshotDb } from '../support/http';
import { claim, doc, jiraPair, makeWorkerKey, runOnce } from '../support/workers';
import { FUZZ_RUNS } from './fuzzRequest';

let server: TestServer;
let workerKey: string;
let otherKey: string;
let active: { connectorId: number; credentialId: number; pairId: number };
let paused: { connectorId: number; credentialId: number; pairId: number };
/** The job this key holds now (a finish of it makes another), one finished, one another key holds. */
const jobs = { held: 0, finished: 0, others: 0 };

async function holdAJob() {
  await runOnce(server, active.connectorId);
  const job = await claim(server, workerKey, 'fuzz-worker');
  if (job) {
    jobs.held = job.id;
    return;
  }
  // Run-once makes no second open job of a kind (D14): when this key already holds
  // the pair's index run (claimed after a fuzzed run-once), that run is the one held.
  const open = await server.store.db
    .selectFrom('sync_jobs')
    .select('id')
    .where('status', '=', 'in_progress')
    .where('cc_pair_id', '=', active.pairId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!open) throw new Error('nothing to claim');
  jobs.held = Number(open.id);
}

beforeAll(async () => {
  server = await startTestServer();
  workerKey = await makeWorkerKey(server, 'fuzz worker');
  otherKey = await makeWorkerKey(server, 'another worker');
  active = await jiraPair(server, { name: 'Fuzz Jira' });
  paused = await jiraPair(server, { name: 'Fuzz Jira paused' });
  await holdAJob();
  jobs.finished = jobs.held;
  await api(server, 'PUT', `/manage/worker/jobs/${jobs.finished}/finish`, {
    key: workerKey,
    body: { status: 'success' },
  });
  await runOnce(server, paused.connectorId);
  jobs.others = (await claim(server, otherKey, 'other-worker'))!.id;
  expect(
    (
      await api(server, 'PATCH', `/manage/admin/connector/${paused.connectorId}`, {
        body: { status: 'PAUSED' },
      })
    ).status,
  ).toBe(200);
  await holdAJob();
});
afterAll(() => server.close());

const SYNC_TABLES = [
  'worker_keys',
  'workers',
  'sync_jobs',
  'sync_job_errors',
  'sync_job_documents',
  'pair_documents',
] as const;

/** Every row of the data, the sync tables' included (without a key's last use: a refused call still used it). */
async function snapshot() {
  const rows: Record<string, unknown[]> = { ...(await snapshotDb(server)) };
  for (const table of SYNC_TABLES) {
    const found = (await server.store.db.selectFrom(table).selectAll().execute()) as Record<
      string,
      unknown
    >[];
    rows[table] = found
      .map(({ last_used_at: _used, ...row }) => JSON.stringify(row))
      .sort()
      .map((row) => JSON.parse(row) as unknown);
  }
  return rows;
}

const notAnId = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.double({ noInteger: true, noNaN: true }),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.constant(2 ** 60),
);
const mostly = <T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>) =>
  fc.oneof({ arbitrary: good, weight: 5 }, { arbitrary: bad, weight: 1 });
/** Every field, or (now and then) some left out. */
const body = <T extends Record<string, unknown>>(fields: { [K in keyof T]: fc.Arbitrary<T[K]> }) =>
  mostly(fc.record(fields), fc.record(fields, { requiredKeys: [] }));
const text = (max: number) => mostly(fc.string({ minLength: 1, maxLength: max }), notAnId);
const longText = fc.oneof(
  fc.constant(''),
  fc.constant('x'.repeat(20_000)),
  fc.constant('nul \u0000 inside'),
);
const someText = (max: number) => mostly(text(max), longText);
const when = mostly(
  fc.constantFrom('2026-01-01T00:00:00Z', '2026-11-28T04:00:00.000+01:00', null),
  fc.constantFrom('yesterday', '2026-13-45T99:00:00Z', '', 1_700_000_000),
);
const count = mostly(fc.nat({ max: 50 }), fc.oneof(fc.integer({ max: -1 }), fc.double(), notAnId));
const listOf = <T>(item: fc.Arbitrary<T>, limit: number) =>
  fc.oneof(
    { arbitrary: fc.array(item, { maxLength: 4 }), weight: 6 },
    fc.constant(null).map(() => Array.from({ length: limit + 1 }, (_, n) => doc(n).document_id)),
    notAnId,
  );

// Ids read when generated: the jobs change as finishes end them.
const jobId = () =>
  fc.oneof(
    { arbitrary: fc.constant(null).map(() => jobs.held), weight: 6 },
    fc.constant(null).map(() => jobs.finished),
    fc.constant(null).map(() => jobs.others),
    fc.constantFrom(987_654, 0),
  );
const connectorId = () =>
  fc.oneof(
    { arbitrary: fc.constant(null).map(() => active.connectorId), weight: 4 },
    fc.constant(null).map(() => paused.connectorId),
    fc.constant(987_654),
    notAnId,
  );
const credentialIds = () =>
  mostly(
    fc.array(
      fc.oneof(
        fc.constant(null).map(() => active.credentialId),
        fc.constant(null).map(() => paused.credentialId),
        fc.constant(987_654),
      ),
      { maxLength: 2 },
    ),
    fc.oneof(notAnId, fc.array(notAnId, { minLength: 1, maxLength: 2 })),
  );
const pairId = () =>
  fc.oneof(
    { arbitrary: fc.constant(null).map(() => active.pairId), weight: 3 },
    fc.constant(null).map(() => paused.pairId),
    fc.constant(987_654),
  );
const sources = mostly(
  fc.array(fc.constantFrom('jira', 'web', 'confluence', 'no_such_source'), { maxLength: 3 }),
  notAnId,
);
const document = body({
  document_id: someText(40),
  semantic_identifier: someText(40),
  link: mostly(fc.constantFrom('https://acme.atlassian.net/browse/ENG-1', null), longText),
  updated_at: when,
});
const jobError = body({
  document_id: someText(20),
  document_link: mostly(fc.constant('https://acme.atlassian.net/browse/ENG-2'), longText),
  entity_id: someText(20),
  failure_message: someText(60),
  failed_time_range_start: when,
  failed_time_range_end: when,
  error_type: someText(20),
});
const checkpoint = mostly(
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  notAnId,
);

interface Sent {
  method: string;
  path: string;
  key: 'admin' | 'worker';
  body?: unknown;
}

const worker = (method: string, part: string, sent: fc.Arbitrary<unknown>) =>
  fc.tuple(jobId(), sent).map(([id, value]): Sent => ({
    method,
    path: `/manage/worker/jobs/${id}/${part}`,
    key: 'worker',
    body: value,
  }));

const requests = () =>
  fc.oneof(
    body({ worker_id: text(40), hostname: someText(40), version: text(20), sources }).map(
      (sent): Sent => ({
        method: 'PUT',
        path: '/manage/worker/check-in',
        key: 'worker',
        body: sent,
      }),
    ),
    body({
      worker_id: text(40),
      sources,
      kinds: mostly(
        fc.array(fc.constantFrom('index', 'prune', 'reindex'), { maxLength: 2 }),
        notAnId,
      ),
    }).map((sent): Sent => ({
      method: 'POST',
      path: '/manage/worker/jobs/claim',
      key: 'worker',
      body: sent,
    })),
    worker(
      'POST',
      'documents',
      body({
        upsert: fc.oneof(
          { arbitrary: fc.array(document, { maxLength: 4 }), weight: 6 },
          fc.constant(null).map(() => Array.from({ length: 1001 }, (_, n) => doc(n))),
          notAnId,
        ),
        delete: listOf(someText(20), 1000),
      }),
    ),
    worker(
      'POST',
      'errors',
      body({
        errors: fc.oneof(
          { arbitrary: fc.array(jobError, { maxLength: 3 }), weight: 6 },
          fc
            .constant(null)
            .map(() => Array.from({ length: 101 }, () => ({ failure_message: 'too many' }))),
          notAnId,
        ),
      }),
    ),
    worker(
      'PUT',
      'progress',
      body({
        checkpoint,
        completed_batches: count,
        total_batches: mostly(count, fc.constant(null)),
      }),
    ),
    worker(
      'PUT',
      'finish',
      body({
        status: mostly(
          fc.constantFrom(...FINISH_STATUSES),
          fc.constantFrom('not_started', 'done', ''),
        ),
        error_msg: someText(60),
        full_exception_trace: mostly(
          fc.string({ maxLength: 40 }),
          fc.constant('é'.repeat(9_000)), // 18,000 bytes: past 16 KiB
        ),
        validation_error: mostly(fc.boolean(), notAnId),
        checkpoint,
      }),
    ),
    body({
      connector_id: connectorId(),
      credential_ids: credentialIds(),
      from_beginning: mostly(fc.boolean(), notAnId),
    }).map((sent): Sent => ({
      method: 'POST',
      path: '/manage/admin/connector/run-once',
      key: 'admin',
      body: sent,
    })),
    pairId().map((id): Sent => ({
      method: 'POST',
      path: `/manage/admin/cc-pair/${id}/prune`,
      key: 'admin',
    })),
    body({ name: someText(60) }).map((sent): Sent => ({
      method: 'POST',
      path: '/manage/admin/worker-key',
      key: 'admin',
      body: sent,
    })),
  );

describe('D14 bodies, realistic and broken: 2xx or a 4xx, never a 5xx; a 4xx changes nothing', () => {
  it('the worker routes and the admins’ sync-job routes', { timeout: 240_000 }, async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(requests(), async (request) => {
        const before = await snapshot();
        const answer = await api(server, request.method, request.path, {
          body: request.body,
          key: request.key === 'worker' ? workerKey : server.adminKey,
        });
        seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
        expect(answer.status, `${request.method} ${request.path}: ${answer.text}`).toBeLessThan(
          500,
        );
        expect([200, 204, 400, 404, 409, 413, 422]).toContain(answer.status);
        if (answer.status >= 400) expect(await snapshot()).toEqual(before);
        // A finish ended the job this key held: hold another for the next request.
        const held = await server.store.db
          .selectFrom('sync_jobs')
          .select('status')
          .where('id', '=', jobs.held)
          .executeTakeFirstOrThrow();
        if (held.status !== 'in_progress') {
          jobs.finished = jobs.held;
          // A waiting run (queued by a fuzzed run-once) or a new one.
          const next = await claim(server, workerKey, 'fuzz-worker');
          if (next) jobs.held = next.id;
          else await holdAJob();
        }
      }),
      { numRuns: Math.max(60, Math.ceil(FUZZ_RUNS / 10)) },
    );
    // The rules past D3's were reached, not only the refusals.
    for (const status of [200, 404, 409, 422])
      expect(seen.get(status), `${status}`).toBeGreaterThan(0);
  });
});
