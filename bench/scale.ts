// The scale rows (docs/performance.md), each on
// the store it is given (the bench runs them on SQLite and on PostgreSQL):
// - 100,000 people: the directory's search by an e-mail prefix and a page of 50
//   from its middle; 1,000,000 activity records: the newest page, and a page
//   filtered by a resource and by an actor (p50 of one connection: a person's
//   wait, not a queue's); then the export of them all (bench/exportWait.ts).
// - Connectors in 1,000 groups: the lists of a curator of 10 groups and of a
//   global curator in 50 against the admin's, on one server, taking turns.
import { count, scaleRows, settings } from './config';
import { measureExportWait } from './exportWait';
import { runLoad, type LoadResult } from './load';
import { startServer } from './processes';
import {
  BIG_GROUP,
  bigGroupSize,
  CURATED,
  GLOBAL_GROUPS,
  PERSON_PREFIX,
  personEmail,
  type GroupsSet,
} from './scaleSeed';
import type { DataSet } from './seed';
import { median, type Results } from './table';
import { seededActor } from '../test/support/auditRecords';

const storeLabel = (set: DataSet) => (set.postgres ? 'PostgreSQL: ' : '');

/** Each read of the people set, its path, and its p50 target in ms. */
const PEOPLE_READS = (): [string, string, number][] => {
  const people = count(scaleRows.people);
  const activity = count(scaleRows.activity);
  const middle = Math.floor(scaleRows.people / 50 / 2);
  return [
    [
      `${people} users: directory search by e-mail prefix ("${PERSON_PREFIX}"), page of 50`,
      `/api/manage/users/accepted?q=${PERSON_PREFIX}&page_size=50`,
      50,
    ],
    [
      `${people} users: directory page ${middle} of 50`,
      `/api/manage/users/accepted?page_size=50&page_num=${middle}`,
      50,
    ],
    [`${activity} activity records: the newest page (50)`, '/api/admin/audit?limit=50', 50],
    [
      `${activity} activity records: filtered by a resource (connector 8)`,
      '/api/admin/audit?limit=50&resource_type=connector&resource_id=8',
      100,
    ],
    [
      `${activity} activity records: filtered by an actor (e-mail)`,
      `/api/admin/audit?limit=50&actor=${encodeURIComponent(seededActor(3).email)}`,
      100,
    ],
  ];
};

/** The people set's reads, one connection each (a p50 is one person's wait), then its export. */
export async function measurePeople(set: DataSet, results: Results): Promise<void> {
  const server = await startServer(set);
  const headers = { authorization: `Bearer ${set.adminKey}` };
  try {
    for (const [label, path, target] of PEOPLE_READS()) {
      // Found at all: a read that answers nothing measures nothing.
      const answer = await fetch(`${server.origin}${path}`, { headers });
      const body = (await answer.json()) as { items?: unknown[] };
      if (!answer.ok || !body.items?.length)
        throw new Error(`${path} answered ${answer.status} with no items`);
      const load = await runLoad({ url: `${server.origin}${path}`, headers, connections: 1 });
      const figure = `${storeLabel(set)}${label}`;
      results.add(`${figure}: latency p50`, load.p50, 'ms', `< ${target} ms`, load.p50 < target);
      results.add(`${figure}: latency p99`, load.p99, 'ms');
      if (load.failures > 0)
        results.add(`${figure}: failed answers`, load.failures, `of ${load.total}`, '0', false);
    }
    await measureScim(server.origin, set, results);
  } finally {
    await server.stop();
  }
  await measureExportWait(set, results);
}

const SCIM_ROUNDS = 20;

/**
 * SCIM (docs/scim.md): the identity provider's `userName eq` among all the
 * people (the unique index of addresses), and a PATCH adding one member to a
 * group of 10,000 (the members named are changed, the group is not rewritten).
 */
async function measureScim(origin: string, set: DataSet, results: Results) {
  const made = await fetch(`${origin}/api/admin/enterprise-settings/scim/token`, {
    method: 'POST',
    headers: { authorization: `Bearer ${set.adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench' }),
  });
  const { token } = (await made.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' };
  const base = `${origin}/api/scim/v2`;
  const filter = encodeURIComponent(
    `userName eq "${personEmail(Math.floor(scaleRows.people / 2))}"`,
  );
  const url = `${base}/Users?filter=${filter}`;
  const found = (await (await fetch(url, { headers })).json()) as { totalResults?: number };
  if (found.totalResults !== 1) throw new Error(`${url} found ${found.totalResults} users`);
  const lookup = await runLoad({ url, headers, connections: 1 });
  const people = count(scaleRows.people);
  const label = `${storeLabel(set)}SCIM: userName eq among ${people} users`;
  results.add(`${label}: latency p50`, lookup.p50, 'ms', '< 20 ms', lookup.p50 < 20);

  const groups = `${base}/Groups?filter=${encodeURIComponent(`displayName eq "${BIG_GROUP}"`)}&excludedAttributes=members`;
  const group = (
    (await (await fetch(groups, { headers })).json()) as { Resources: { id: string }[] }
  ).Resources[0]!;
  const times: number[] = [];
  for (let round = 0; round < SCIM_ROUNDS; round++) {
    const person = `${base}/Users?filter=${encodeURIComponent(`userName eq "${personEmail(bigGroupSize() + 1 + round)}"`)}`;
    const { Resources } = (await (await fetch(person, { headers })).json()) as {
      Resources: { id: string }[];
    };
    const body = JSON.stringify({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'add', path: 'members', value: [{ value: Resources[0]!.id }] }],
    });
    const started = performance.now();
    const answer = await fetch(`${base}/Groups/${group.id}`, { method: 'PATCH', headers, body });
    times.push(performance.now() - started);
    if (answer.status !== 204) throw new Error(`SCIM PATCH answered ${answer.status}`);
  }
  const p50 = median(times);
  const members = count(bigGroupSize());
  results.add(
    `${storeLabel(set)}SCIM: PATCH adding one member to a group of ${members}: latency p50`,
    p50,
    'ms',
    '< 50 ms',
    p50 < 50,
  );
}

const LIST = '/api/manage/admin/connector';

/**
 * A curator's list is cached bytes as the admin's is, never rebuilt
 * per request. The admin, the curator and the global curator take turns on one
 * server (BENCH_ROUNDS rounds, the median run of each counts); each curator's
 * requests/s and p50 are held against the admin's of the same run.
 */
export async function measureCurators(set: GroupsSet, results: Results): Promise<void> {
  const server = await startServer(set);
  const viewers = [
    ['admin', set.adminKey],
    [`curator of ${CURATED} groups`, set.curatorKey],
    [`global curator in ${GLOBAL_GROUPS} groups`, set.globalCuratorKey],
  ] as const;
  try {
    const seen: number[] = [];
    for (const [who, key] of viewers) {
      const answer = await fetch(`${server.origin}${LIST}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const list = (await answer.json()) as unknown[];
      if (!answer.ok || !Array.isArray(list) || list.length === 0)
        throw new Error(`the ${who}'s list answered ${answer.status} with no connectors`);
      seen.push(list.length);
    }
    const runs: LoadResult[][] = viewers.map(() => []);
    for (let round = 0; round < settings.rounds; round += 1) {
      for (const [i, [, key]] of viewers.entries()) {
        const headers = { authorization: `Bearer ${key}` };
        runs[i]!.push(await runLoad({ url: `${server.origin}${LIST}`, headers }));
      }
    }
    const [admin, ...curators] = runs.map(medianRun);
    const where = `${storeLabel(set)}${count(set.connectors)} connectors in ${count(set.groups)} groups`;
    results.add(`${where}, list of the admin: requests/s`, admin!.requestsPerSecond, 'req/s');
    results.add(`${where}, list of the admin: latency p50`, admin!.p50, 'ms');
    curators.forEach((run, i) => {
      const label = `${where}, list of the ${viewers[i + 1]![0]} (${count(seen[i + 1]!)} rows)`;
      const rate = run.requestsPerSecond / admin!.requestsPerSecond;
      // autocannon's latencies are whole milliseconds: a p50 under 1 ms counts as 1,
      // and one within a millisecond of the admin's (2 ms against 3 ms) is met.
      const p50 = Math.max(run.p50, 1) / Math.max(admin!.p50, 1);
      const p50Met = p50 <= 1.3 || run.p50 - admin!.p50 <= 1;
      results.add(`${label}: requests/s`, run.requestsPerSecond, 'req/s');
      results.add(`${label}: req/s ÷ admin's`, rate, '×', '≥ 0.7×', rate >= 0.7);
      results.add(`${label}: latency p50`, run.p50, 'ms');
      results.add(`${label}: p50 ÷ admin's`, p50, '×', '≤ 1.3× (or ≤ 1 ms more)', p50Met);
    });
    await measureManyCurators(server.origin, set, where, results);
    for (const [i, run] of runs.entries()) {
      const failures = run.reduce((sum, load) => sum + load.failures, 0);
      if (failures > 0)
        results.add(
          `${where}, list of the ${viewers[i]![0]}: failed answers`,
          failures,
          `of ${run.reduce((sum, load) => sum + load.total, 0)}`,
          '0',
          false,
        );
    }
  } finally {
    await server.stop();
  }
}

/**
 * The read cache has no cliff: MANY_CURATORS curators, each with a view of its
 * own, read their lists at once (every request the next curator's key) and
 * are served within 1.3× the requests/s of the first 10 of them doing the same.
 */
async function measureManyCurators(
  origin: string,
  set: GroupsSet,
  where: string,
  results: Results,
): Promise<void> {
  const few = set.manyCuratorKeys.slice(0, 10);
  // Each curator reads once first: the figure is the steady state, not the first builds.
  for (const key of set.manyCuratorKeys) {
    const answer = await fetch(`${origin}${LIST}`, { headers: { authorization: `Bearer ${key}` } });
    if (!answer.ok) throw new Error(`a curator's list answered ${answer.status}`);
    await answer.arrayBuffer();
  }
  const runs: [LoadResult[], LoadResult[]] = [[], []];
  for (let round = 0; round < settings.rounds; round += 1) {
    for (const [i, keys] of [few, set.manyCuratorKeys].entries())
      runs[i as 0 | 1].push(await runLoad({ url: `${origin}${LIST}`, keys }));
  }
  const [ten, many] = runs.map(medianRun) as [LoadResult, LoadResult];
  const label = `${where}, lists of ${set.manyCuratorKeys.length} curators at once`;
  results.add(
    `${where}, lists of ${few.length} curators at once: requests/s`,
    ten.requestsPerSecond,
    'req/s',
  );
  results.add(`${label}: requests/s`, many.requestsPerSecond, 'req/s');
  const slower = ten.requestsPerSecond / many.requestsPerSecond;
  results.add(
    `${label}: ${few.length} curators' req/s ÷ theirs`,
    slower,
    '×',
    '≤ 1.3×',
    slower <= 1.3,
  );
  const failures = [...runs[0], ...runs[1]].reduce((sum, load) => sum + load.failures, 0);
  if (failures > 0) results.add(`${label}: failed answers`, failures, '', '0', false);
}

/** The run with the median requests/s. */
function medianRun(runs: LoadResult[]): LoadResult {
  const rate = median(runs.map((run) => run.requestsPerSecond));
  return runs.reduce((best, run) =>
    Math.abs(run.requestsPerSecond - rate) < Math.abs(best.requestsPerSecond - rate) ? run : best,
  );
}
