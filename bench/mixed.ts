// Reads under writes: 40 connections read the list of 1,500 connectors while
// 10 write — 8 create connectors and 2 create user groups (a group change
// moves what every curator's view reads, as the outside attack's writers did)
// — for one run, and a probe asks GET /api/version every 50 ms meanwhile; each
// write changes the list, so this is what a busy administration panel meets.
// Reported: the reads' p99 and rate, the writes' rate, and the probe's longest
// wait (< 200 ms: no rebuild holds the loop).
// The readers ask for gzip, as a browser does (server/http/gzipParts.ts);
// BENCH_MIXED_PLAIN=1: they do not (plain JSON, the A of an A/B).
import { BROWSER_ACCEPT_ENCODING, runLoad } from './load';
import type { Child } from './processes';
import type { DataSet } from './seed';
import type { Results } from './table';
import { count } from './config';

const LIST = '/api/manage/admin/connector';
const GROUPS = '/api/manage/admin/user-group';
const CONNECTOR_WRITERS = 8;
const GROUP_WRITERS = 2;

async function probe(origin: string, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true));
  let longest = 0;
  while (!done) {
    const started = performance.now();
    await fetch(`${origin}/api/version`).then((response) => response.arrayBuffer());
    longest = Math.max(longest, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return longest;
}

const plain = process.env.BENCH_MIXED_PLAIN === '1';

export async function mixedLoad(server: Child, set: DataSet, results: Results) {
  const headers = { authorization: `Bearer ${set.adminKey}` };
  const reads = runLoad({
    url: `${server.origin}${LIST}`,
    headers: plain ? headers : { ...headers, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    connections: 40,
  });
  const post = {
    method: 'POST' as const,
    headers: { ...headers, 'content-type': 'application/json' },
  };
  const creations = runLoad({
    ...post,
    url: `${server.origin}${LIST}`,
    connections: CONNECTOR_WRITERS,
    bodyTemplate: JSON.stringify({
      name: 'Mixed [<id>]',
      source: 'web',
      input_type: 'load_state',
      connector_specific_config: { base_url: 'https://www.example.com/[<id>]' },
    }),
  });
  const groupChanges = runLoad({
    ...post,
    url: `${server.origin}${GROUPS}`,
    connections: GROUP_WRITERS,
    bodyTemplate: JSON.stringify({ name: 'Mixed group [<id>]', user_ids: [], cc_pair_ids: [] }),
  });
  const writes = Promise.all([creations, groupChanges]).then(([made, grouped]) => ({
    requestsPerSecond: made.requestsPerSecond + grouped.requestsPerSecond,
    failures: made.failures + grouped.failures,
    total: made.total + grouped.total,
  }));
  const [read, write, longest] = await Promise.all([
    reads,
    writes,
    probe(server.origin, Promise.all([reads, writes])),
  ]);
  const label = `${set.postgres ? 'PostgreSQL: ' : ''}Mixed: list of ${count(set.connectors)} under writes (40 readers; ${CONNECTOR_WRITERS} creating connectors, ${GROUP_WRITERS} groups${plain ? '; plain JSON' : ''})`;
  results.add(`${label}: reads/s`, read.requestsPerSecond, 'req/s');
  results.add(`${label}: read latency p99`, read.p99, 'ms', '< 150 ms', read.p99 < 150);
  results.add(`${label}: writes/s`, write.requestsPerSecond, 'req/s');
  results.add(`${label}: GET /api/version longest wait`, longest, 'ms', '< 200 ms', longest < 200);
  const failures = read.failures + write.failures;
  results.add(
    `${label}: failed answers`,
    failures,
    `of ${read.total + write.total}`,
    '0',
    failures === 0,
  );
}
