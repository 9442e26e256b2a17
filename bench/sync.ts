// The sync rows (docs/performance.md, D14), on the store they are given
// (SQLite, and PostgreSQL when one answers):
// - a schedule round over `scale.connectors` active pairs (10,000): one round
//   makes one index job each, in under a second, and a second round makes none;
// - 8 workers claiming those jobs at once through the real server: claims a
//   second (≥ 500, over at most BENCH_SECONDS), and none claimed twice;
// - the connector list and connector-status with a run open for every pair
//   (the list's job columns at scale): p99 under load (< 150 ms);
// - one pair's runs table at 100,000 runs: its first and a middle page (p50 of
//   one connection < 50 ms);
// - that pair holding 1,000,000 documents: its running job sends batches of
//   1,000 new ones (≥ 10,000 documents/s) while the list's and
//   connector-status's p99 are measured beside them (< 150 ms), then the
//   documents search (a word of a title; p50 of one connection < 50 ms).
// The lists' readers ask for gzip, as a browser does (server/http/gzipParts.ts);
// BENCH_SYNC_PLAIN=1: they do not (plain JSON, the A of an A/B).
import { Agent, request as httpRequest } from 'node:http';
import { DEFAULT_SYNC_SETTINGS } from '../server/health/syncRules';
import { scheduleRound } from '../server/watch/schedule';
import { count, settings, smoke, syncRowMeasured } from './config';
import { BROWSER_ACCEPT_ENCODING, runLoad } from './load';
import { startServer } from './processes';
import { openDataSet, type DataSet } from './seed';
import type { Results } from './table';

const WORKERS = 8;
/** Runs of the one pair whose runs table is read (a smoke run's are fewer). */
const RUNS = smoke ? 2_000 : 100_000;
/** Documents the same pair holds before its job sends more (a smoke run's are fewer). */
const DOCUMENTS = smoke ? 5_000 : 1_000_000;
/** Batches of 1,000 the job sends while the lists are read. */
const DOCUMENT_BATCHES = smoke ? 2 : 30;

/** The lists' readers' headers: a browser's Accept-Encoding (unless BENCH_SYNC_PLAIN=1). */
const readerHeaders = (set: DataSet): Record<string, string> => ({
  authorization: `Bearer ${set.adminKey}`,
  ...(process.env.BENCH_SYNC_PLAIN === '1' ? {} : { 'accept-encoding': BROWSER_ACCEPT_ENCODING }),
});

const storeLabel = (set: DataSet) => (set.postgres ? 'PostgreSQL: ' : '');

/** One schedule round in this process, on the data set's store, timed; then a second one. */
async function measureSchedule(set: DataSet, results: Results) {
  const store = await openDataSet(set);
  try {
    const started = performance.now();
    const first = await scheduleRound(store, DEFAULT_SYNC_SETTINGS, new Date());
    const ms = performance.now() - started;
    const pairs = count(set.connectors);
    const label = `${storeLabel(set)}${pairs} active pairs: one schedule round`;
    results.add(`${label}: time`, ms, 'ms', '< 1,000 ms', ms < 1000);
    results.add(
      `${label}: index jobs made`,
      first.made.length,
      `of ${pairs}`,
      pairs,
      first.made.length === set.connectors,
    );
    const second = await scheduleRound(store, DEFAULT_SYNC_SETTINGS, new Date());
    results.add(
      `${label}: jobs made by the next round`,
      second.made.length,
      '',
      '0',
      second.made.length === 0,
    );
  } finally {
    await store.close();
  }
}

/** One claim over the agent's connections: its status and body. */
const claimOnce = (agent: Agent, origin: string, key: string, workerId: string) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = httpRequest(
      `${origin}/api/manage/worker/jobs/claim`,
      {
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify({ worker_id: workerId }));
  });

/**
 * `WORKERS` loops claiming until nothing waits or BENCH_SECONDS have passed
 * (a slow claim must not hold the bench for minutes); claims a second over
 * that time, and whether any job was claimed twice. The number claimed.
 */
async function measureClaims(origin: string, set: DataSet, results: Results) {
  const made = await fetch(`${origin}/api/manage/admin/worker-key`, {
    method: 'POST',
    headers: { authorization: `Bearer ${set.adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench workers' }),
  });
  if (!made.ok) throw new Error(`worker key: ${made.status} ${await made.text()}`);
  const { key } = (await made.json()) as { key: string };
  const claimed: number[] = [];
  let failures = 0;
  const deadline = performance.now() + settings.seconds * 1000;
  // Each worker one kept-alive connection, one claim at a time (as the protocol
  // has it); node:http costs this process a third of fetch's CPU a claim, which
  // on two cores otherwise takes from the server being measured.
  const agent = new Agent({ keepAlive: true, maxSockets: WORKERS });
  const worker = async (n: number) => {
    while (performance.now() < deadline) {
      const answer = await claimOnce(agent, origin, key, `bench-${n}`);
      if (answer.status === 204) return;
      if (answer.status !== 200) {
        failures += 1;
        if (failures > 10) throw new Error(`claim: ${answer.status} ${answer.text}`);
        continue;
      }
      claimed.push((JSON.parse(answer.text) as { id: number }).id);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: WORKERS }, (_, n) => worker(n))).finally(() =>
    agent.destroy(),
  );
  const seconds = (performance.now() - started) / 1000;
  const label = `${storeLabel(set)}${WORKERS} workers claiming ${count(set.connectors)} waiting jobs at once`;
  const perSecond = claimed.length / seconds;
  results.add(`${label}: claims a second`, perSecond, '/s', '≥ 500 /s', perSecond >= 500);
  const twice = claimed.length - new Set(claimed).size;
  results.add(`${label}: jobs claimed twice`, twice, '', '0', twice === 0);
  results.add(`${label}: jobs claimed`, claimed.length, `of ${count(set.connectors)}`);
  if (failures > 0) results.add(`${label}: failed answers`, failures, '', '0', false);
  return { running: claimed.length, key };
}

/** The list's and connector-status's reads under load, every pair's run in progress. */
async function measureLists(origin: string, set: DataSet, running: number, results: Results) {
  const headers = readerHeaders(set);
  for (const [what, path] of [
    ['connector list', '/api/manage/admin/connector'],
    ['connector-status', '/api/manage/admin/connector-status'],
  ] as const) {
    const label = `${storeLabel(set)}${what} of ${count(set.connectors)}, each with a run waiting or running (${count(running)} running)`;
    // The first answer builds the whole list (every pair read): timed on its own, so
    // that the load measures the lists as kept and rebuilt by what changed, not this.
    const started = performance.now();
    const first = await fetch(`${origin}${path}`, { headers });
    await first.arrayBuffer();
    if (!first.ok) throw new Error(`${path}: ${first.status}`);
    results.add(`${label}: first answer, built whole`, performance.now() - started, 'ms');
    const load = await runLoad({ url: `${origin}${path}`, headers });
    results.add(`${label}: latency p50`, load.p50, 'ms');
    // No answer within the run (a first build longer than the warm-up and the run) is no latency of 0.
    const met = load.total > 0 && load.p99 < 150;
    results.add(`${label}: latency p99`, load.p99, 'ms', '< 150 ms', met);
    results.add(`${label}: answers`, load.total, '', '> 0', load.total > 0);
    if (load.failures > 0)
      results.add(`${label}: failed answers`, load.failures, `of ${load.total}`, '0', false);
  }
}

/** The first pair's id (the one whose runs and documents are measured). */
async function firstPair(set: DataSet): Promise<number> {
  const store = await openDataSet(set);
  try {
    const pair = await store.db
      .selectFrom('connector_credential_pairs')
      .select('id')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    return pair.id;
  } finally {
    await store.close();
  }
}

/** `RUNS` finished runs for the first pair, written straight to its store. */
async function seedRuns(set: DataSet): Promise<number> {
  const store = await openDataSet(set);
  try {
    const pair = await store.db
      .selectFrom('connector_credential_pairs')
      .select(['id', 'credential_id'])
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const start = Date.parse('2025-01-01T00:00:00Z');
    for (let from = 0; from < RUNS; from += 1000) {
      const rows = Array.from({ length: Math.min(1000, RUNS - from) }, (_, i) => {
        const at = new Date(start + (from + i) * 60_000).toISOString();
        return {
          cc_pair_id: pair.id,
          credential_id: Number(pair.credential_id),
          kind: 'index',
          trigger: 'scheduled',
          from_beginning: 0,
          status: (from + i) % 10 === 0 ? 'failed' : 'success',
          new_docs_indexed: 3,
          total_docs_indexed: 10,
          docs_removed_from_index: 0,
          error_msg: (from + i) % 10 === 0 ? 'Jira answered 500' : null,
          time_created: at,
          time_started: at,
          time_updated: at,
          time_finished: at,
          poll_range_start: at,
          poll_range_end: at,
        };
      });
      await store.db.insertInto('sync_jobs').values(rows).execute();
    }
    return pair.id;
  } finally {
    await store.close();
  }
}

async function measureRunsTable(origin: string, set: DataSet, pairId: number, results: Results) {
  const headers = { authorization: `Bearer ${set.adminKey}` };
  const middle = Math.floor(RUNS / 10 / 2);
  for (const [what, query] of [
    ['first page (10)', 'page_num=0'],
    [`page ${count(middle)} (10)`, `page_num=${middle}`],
  ] as const) {
    const url = `${origin}/api/manage/admin/cc-pair/${pairId}/index-attempts?${query}`;
    const answer = await fetch(url, { headers });
    const body = (await answer.json()) as { items?: unknown[] };
    if (!answer.ok || !body.items?.length)
      throw new Error(`${url} answered ${answer.status} with no items`);
    const load = await runLoad({ url, headers, connections: 1 });
    const label = `${storeLabel(set)}runs table of a pair with ${count(RUNS)} runs: ${what}`;
    results.add(`${label}: latency p50`, load.p50, 'ms', '< 50 ms', load.p50 < 50);
    results.add(`${label}: latency p99`, load.p99, 'ms');
    if (load.failures > 0)
      results.add(`${label}: failed answers`, load.failures, `of ${load.total}`, '0', false);
  }
}

const documentRow = (pairId: number, n: number, at: string) => ({
  cc_pair_id: pairId,
  document_id: `https://jira.example/browse/DOC-${n}`,
  semantic_identifier: `DOC-${n}: Quarterly report ${n % 997} of team ${n % 101}`,
  title_lower: `doc-${n}: quarterly report ${n % 997} of team ${n % 101}`,
  link: `https://jira.example/browse/DOC-${n}`,
  updated_at: at,
  time_last_indexed: at,
});

/** `DOCUMENTS` in the pair's inventory, written straight to its store in batches. */
async function seedDocuments(set: DataSet, pairId: number) {
  const store = await openDataSet(set);
  try {
    const at = new Date().toISOString();
    for (let from = 0; from < DOCUMENTS; from += 1000) {
      const rows = Array.from({ length: Math.min(1000, DOCUMENTS - from) }, (_, i) =>
        documentRow(pairId, from + i, at),
      );
      await store.db.insertInto('pair_documents').values(rows).execute();
    }
  } finally {
    await store.close();
  }
}

/**
 * The pair's running job (claimed above: its job was the first made) sends
 * `DOCUMENT_BATCHES` batches of 1,000 new documents through the worker route,
 * one after another as a worker does, while the list and connector-status are
 * under load; then the documents search of the pair.
 */
async function measureDocuments(
  origin: string,
  set: DataSet,
  { pairId, key }: { pairId: number; key: string },
  results: Results,
) {
  const store = await openDataSet(set);
  const job = await store.db
    .selectFrom('sync_jobs')
    .select('id')
    .where('cc_pair_id', '=', pairId)
    .where('status', '=', 'in_progress')
    .executeTakeFirst()
    .finally(() => store.close());
  if (!job) throw new Error(`pair ${pairId} has no running job to send documents`);
  const at = new Date().toISOString();
  let sent = 0;
  let sending = 0;
  const send = async () => {
    const started = performance.now();
    for (let batch = 0; batch < DOCUMENT_BATCHES; batch++) {
      const upsert = Array.from({ length: 1000 }, (_, i) => {
        const row = documentRow(pairId, DOCUMENTS + batch * 1000 + i, at);
        return {
          document_id: row.document_id,
          semantic_identifier: row.semantic_identifier,
          link: row.link,
          updated_at: at,
        };
      });
      const answer = await fetch(`${origin}/api/manage/worker/jobs/${job.id}/documents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ upsert }),
      });
      if (!answer.ok) throw new Error(`documents: ${answer.status} ${await answer.text()}`);
      await answer.text();
      sent += upsert.length;
    }
    sending = (performance.now() - started) / 1000;
  };
  const reads = async () => {
    const headers = readerHeaders(set);
    const figures = [];
    for (const path of ['/api/manage/admin/connector', '/api/manage/admin/connector-status']) {
      figures.push(await runLoad({ url: `${origin}${path}`, headers }));
    }
    return figures;
  };
  const [, [list, status]] = await Promise.all([send(), reads()]);
  const label = `${storeLabel(set)}batches of 1,000 documents into a pair holding ${count(DOCUMENTS)}`;
  const perSecond = sent / sending;
  results.add(`${label}: documents a second`, perSecond, '/s', '≥ 10,000 /s', perSecond >= 10_000);
  for (const [what, load] of [
    ['connector list', list!],
    ['connector-status', status!],
  ] as const) {
    const met = load.total > 0 && load.p99 < 150;
    results.add(`${label}: ${what} p99 beside them`, load.p99, 'ms', '< 150 ms', met);
    results.add(`${label}: ${what} answers beside them`, load.total, '', '> 0', load.total > 0);
    if (load.failures > 0)
      results.add(
        `${label}: ${what} failed answers`,
        load.failures,
        `of ${load.total}`,
        '0',
        false,
      );
  }
  const url = `${origin}/api/manage/admin/cc-pair/${pairId}/documents?q=${encodeURIComponent('report 42')}`;
  const headers = { authorization: `Bearer ${set.adminKey}` };
  const answer = await fetch(url, { headers });
  const body = (await answer.json()) as { items?: unknown[] };
  if (!answer.ok || !body.items?.length)
    throw new Error(`${url} answered ${answer.status} with no items`);
  const search = await runLoad({ url, headers, connections: 1 });
  const searchLabel = `${storeLabel(set)}documents search of a pair with ${count(DOCUMENTS + sent)} documents`;
  results.add(`${searchLabel}: latency p50`, search.p50, 'ms', '< 50 ms', search.p50 < 50);
  results.add(`${searchLabel}: latency p99`, search.p99, 'ms');
}

/** Every sync row on one seeded data set of `scale.connectors` active pairs (refresh hourly). */
export async function measureSync(set: DataSet, results: Results): Promise<void> {
  await measureSchedule(set, results);
  const pairId = syncRowMeasured('runs') ? await seedRuns(set) : await firstPair(set);
  if (syncRowMeasured('documents')) await seedDocuments(set, pairId);
  const server = await startServer(set);
  try {
    const { running, key } = await measureClaims(server.origin, set, results);
    if (syncRowMeasured('lists')) await measureLists(server.origin, set, running, results);
    if (syncRowMeasured('runs')) await measureRunsTable(server.origin, set, pairId, results);
    if (syncRowMeasured('documents'))
      await measureDocuments(server.origin, set, { pairId, key }, results);
  } finally {
    await server.stop();
  }
}
