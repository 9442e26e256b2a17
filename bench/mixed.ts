// Reads under writes: 40 connections read the list of 1,500 connectors while
// 10 create connectors, for one run, and a probe asks GET /api/version every
// 50 ms meanwhile; each write changes the list, so this is what a busy
// administration panel meets. Reported: the reads' p99 and rate, the writes'
// rate, and the probe's longest wait.
import { runLoad } from './load';
import type { Child } from './processes';
import type { DataSet } from './seed';
import type { Results } from './table';
import { count } from './config';

const LIST = '/api/manage/admin/connector';

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

export async function mixedLoad(server: Child, set: DataSet, results: Results) {
  const headers = { authorization: `Bearer ${set.adminKey}` };
  const reads = runLoad({ url: `${server.origin}${LIST}`, headers, connections: 40 });
  const writes = runLoad({
    url: `${server.origin}${LIST}`,
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    connections: 10,
    bodyTemplate: JSON.stringify({
      name: 'Mixed [<id>]',
      source: 'web',
      input_type: 'load_state',
      connector_specific_config: { base_url: 'https://www.example.com/[<id>]' },
    }),
  });
  const [read, write, longest] = await Promise.all([
    reads,
    writes,
    probe(server.origin, Promise.all([reads, writes])),
  ]);
  const label = `${set.postgres ? 'PostgreSQL: ' : ''}Mixed: list of ${count(set.connectors)} under creations (40 + 10 connections)`;
  results.add(`${label}: reads/s`, read.requestsPerSecond, 'req/s');
  results.add(`${label}: read latency p99`, read.p99, 'ms', '< 150 ms', read.p99 < 150);
  results.add(`${label}: writes/s`, write.requestsPerSecond, 'req/s');
  results.add(`${label}: GET /api/version longest wait`, longest, 'ms');
  const failures = read.failures + write.failures;
  results.add(
    `${label}: failed answers`,
    failures,
    `of ${read.total + write.total}`,
    '0',
    failures === 0,
  );
}
