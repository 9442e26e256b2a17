// The read cache under a stream of writes (docs/performance.md, "What holds
// back each missed row"): one build of a key at a time, shared by everyone who asks while it
// runs, and never an answer older than the caller's revision.
import { expect, test, vi } from 'vitest';
import type { Store } from '../db/database';
import { JsonCache, type CachedEndpoint } from './cachedJson';

const VIEWS: CachedEndpoint = { method: 'GET', path: '/views', cachedReads: ['connectors'] };

/** A store whose revision the test moves, and builds the test finishes one by one. */
function setUp() {
  let revision = 1;
  const store = { revisions: async () => String(revision) } as unknown as Store;
  const cache = new JsonCache(store);
  const waiting: (() => void)[] = [];
  let builds = 0;
  const produce = () =>
    new Promise<Buffer>((resolve) => {
      builds += 1;
      const seen = revision;
      waiting.push(() => resolve(Buffer.from(JSON.stringify({ seen }))));
    });
  const settle = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  return {
    cache,
    produce,
    write: () => (revision += 1),
    revision: () => String(revision),
    builds: () => builds,
    finishNext: async () => {
      await settle();
      waiting.shift()!();
      await settle();
    },
  };
}

test('callers at newer revisions while a build runs share one next build, begun after it', async () => {
  const t = setUp();
  const first = t.cache.getBytes(VIEWS, 'list', t.produce);
  for (let i = 0; i < 10; i++) await Promise.resolve(); // the build runs
  t.write();
  const later = [1, 2, 3, 4, 5].map(() => t.cache.getBytes(VIEWS, 'list', t.produce));
  t.write();
  const last = t.cache.getBytes(VIEWS, 'list', t.produce);
  await t.finishNext();
  expect(JSON.parse((await first).body.toString())).toEqual({ seen: 1 });
  await t.finishNext();
  const answers = await Promise.all([...later, last]);
  // Two builds for seven callers at three revisions; each answer is as new as its caller's revision.
  expect(t.builds()).toBe(2);
  for (const answer of answers) expect(JSON.parse(answer.body.toString())).toEqual({ seen: 3 });
});

test('a caller at the running build’s own revision joins it; a kept answer is served without a build', async () => {
  const t = setUp();
  const first = t.cache.getBytes(VIEWS, 'list', t.produce);
  const same = t.cache.getBytes(VIEWS, 'list', t.produce);
  await t.finishNext();
  expect((await same).etag).toBe((await first).etag);
  expect(t.builds()).toBe(1);
  await t.cache.getBytes(VIEWS, 'list', t.produce);
  expect(t.builds()).toBe(1);
  t.write();
  const after = t.cache.getBytes(VIEWS, 'list', t.produce);
  await t.finishNext();
  expect(JSON.parse((await after).body.toString())).toEqual({ seen: 2 });
  expect(t.builds()).toBe(2);
});

test('an answer the clock changes is built again once its moment has passed, the data unchanged', async () => {
  const t = setUp();
  let builds = 0;
  const until = Date.now() + 60_000;
  const produce = async () => {
    builds += 1;
    return { body: Buffer.from(JSON.stringify({ builds })), until };
  };
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    await t.cache.getBytesTimed(VIEWS, 'status', produce);
    await t.cache.getBytesTimed(VIEWS, 'status', produce);
    expect(builds).toBe(1);
    vi.setSystemTime(until + 1);
    const later = await t.cache.getBytesTimed(VIEWS, 'status', produce);
    expect(builds).toBe(2);
    expect(JSON.parse(later.body.toString())).toEqual({ builds: 2 });
  } finally {
    vi.useRealTimers();
  }
});

test('a hundred views read in turn stay kept: no rebuild while nothing changes', async () => {
  let revision = 1;
  const store = { revisions: async () => String(revision) } as unknown as Store;
  const cache = new JsonCache(store);
  let builds = 0;
  const produce = (view: number) => async () => {
    builds += 1;
    return Buffer.from(JSON.stringify({ view, rows: 'x'.repeat(2_000) }));
  };
  for (let round = 0; round < 3; round++)
    for (let view = 0; view < 100; view++)
      await cache.getBytes(VIEWS, `curator-${view}`, produce(view));
  expect(builds).toBe(100);
  revision += 1;
  await cache.getBytes(VIEWS, 'curator-0', produce(0));
  expect(builds).toBe(101);
});

test('the budget is bytes: the least recently read answer goes first, one larger than it all is not kept', async () => {
  const store = { revisions: async () => '1' } as unknown as Store;
  const cache = new JsonCache(store, 300);
  const built: string[] = [];
  const produce = (key: string, bytes: number) => async () => {
    built.push(key);
    return Buffer.alloc(bytes, 32);
  };
  await cache.getBytes(VIEWS, 'a', produce('a', 100));
  await cache.getBytes(VIEWS, 'b', produce('b', 100));
  await cache.getBytes(VIEWS, 'c', produce('c', 100));
  await cache.getBytes(VIEWS, 'a', produce('a', 100)); // read again: now the most recent
  await cache.getBytes(VIEWS, 'd', produce('d', 100)); // b, the least recently read, goes
  expect(cache.size).toEqual({ entries: 3, bytes: 300 });
  await cache.getBytes(VIEWS, 'a', produce('a', 100));
  await cache.getBytes(VIEWS, 'b', produce('b', 100));
  expect(built).toEqual(['a', 'b', 'c', 'd', 'b']);
  await cache.getBytes(VIEWS, 'huge', produce('huge', 301));
  await cache.getBytes(VIEWS, 'huge', produce('huge', 301));
  expect(built.filter((key) => key === 'huge')).toHaveLength(2);
  expect(cache.size.bytes).toBeLessThanOrEqual(300);
});

test('a write to a topic the endpoint does not read keeps its answers; one it reads rebuilds them', async () => {
  const moved = new Map<string, number>([
    ['connectors', 1],
    ['groups', 1],
  ]);
  const store = {
    revisions: async (topics: readonly string[]) => topics.map((t) => moved.get(t)).join('.'),
  } as unknown as Store;
  const cache = new JsonCache(store);
  let builds = 0;
  const produce = async () => Buffer.from(String((builds += 1)));
  await cache.getBytes(VIEWS, 'admin', produce);
  moved.set('groups', 2);
  expect((await cache.getBytes(VIEWS, 'admin', produce)).body.toString()).toBe('1');
  moved.set('connectors', 2);
  expect((await cache.getBytes(VIEWS, 'admin', produce)).body.toString()).toBe('2');
});
