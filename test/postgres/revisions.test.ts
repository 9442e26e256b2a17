// PostgreSQL's revision, pushed: an instance listens for the notice
// every commit sends and reads no row per request; a write through A counts at
// B at B's first request after the notice; while B's listening connection is
// down it reads the row per request (nothing missed), and on reconnecting it
// reads the row once. (Runs in `api-pg` only.)
import pg from 'pg';
import { expect, it, vi } from 'vitest';
import { heardEverything, TEST_DATABASE_URL, type TestServer } from '../support/harness';
import { createConnector, plainRequest } from '../support/http';
import { useTwoInstances } from '../support/useTestServer';
import { listenForRevisions, REVISION_CHANNEL } from '../../server/db/revisionListener';

const { a, b } = useTwoInstances();

/** The names B lists, asked at once (api() would first wait for every notice). */
const names = async (server: TestServer) => {
  const response = await fetch(`${server.apiUrl}/manage/admin/connector`, {
    headers: { authorization: `Bearer ${server.adminKey}` },
  });
  return ((await response.json()) as { name: string }[]).map((connector) => connector.name);
};
const pushed = (server: TestServer) => server.store.revisionPushed?.() ?? false;

/** Ends B's listening connection on the database's side, as a network cut or a restart would. */
async function cutListener(server: TestServer) {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`,
      [`sourcedesk-revisions:${server.schema}`],
    );
  } finally {
    await admin.end();
  }
}

it('both instances hear the revision; reads ask no row of the database', async () => {
  await vi.waitFor(() => expect(pushed(a) && pushed(b)).toBe(true), { timeout: 3_000 });
  const reads = vi.spyOn(pg.Pool.prototype, 'query');
  for (let i = 0; i < 20; i++) await b.store.revision();
  const revisionReads = reads.mock.calls.filter(([query]) =>
    JSON.stringify(query).includes('select value from revision'),
  );
  reads.mockRestore();
  expect(revisionReads).toEqual([]);
});

it('a write through A counts at B at its first request after the notice', async () => {
  const before = await names(b); // cached at B
  await createConnector(a, plainRequest('zulip', { name: 'Pushed to B' }));
  await heardEverything(b);
  expect(await names(b)).toEqual([...before, 'Pushed to B']);
});

it('a write of its own counts at once, notice or not', async () => {
  const before = await names(b);
  await createConnector(b, plainRequest('zulip', { name: 'Written at B' }));
  expect(await names(b)).toEqual([...before, 'Written at B']);
});

it('while B cannot hear, it reads the row per request; on reconnecting it listens again, and misses nothing', async () => {
  await cutListener(b);
  await vi.waitFor(() => expect(pushed(b)).toBe(false), { timeout: 3_000 });
  const before = await names(b);
  await createConnector(a, plainRequest('zulip', { name: 'Made while B was deaf' }));
  // No notice reaches B now: its next request reads the row, and sees the change.
  expect(await names(b)).toEqual([...before, 'Made while B was deaf']);
  await vi.waitFor(() => expect(pushed(b)).toBe(true), { timeout: 5_000 });
  await createConnector(a, plainRequest('zulip', { name: 'Made after B came back' }));
  await heardEverything(b);
  expect(await names(b)).toEqual([...before, 'Made while B was deaf', 'Made after B came back']);
});

it('a notice that arrives while the first read of the row is on its way is not dropped', async () => {
  const schema = `race_${Date.now()}`;
  const notifier = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await notifier.connect();
  // Known when the listener's own connection (named after the schema; other
  // instances listen on the channel too) has handled the notice (its handler
  // runs inside emit), so the read below ends only after it.
  const emit = pg.Client.prototype.emit;
  let handled: () => void = () => {};
  const noticeHandled = new Promise<void>((resolve) => (handled = resolve));
  const spy = vi.spyOn(pg.Client.prototype, 'emit').mockImplementation(function (
    this: pg.Client,
    event: string | symbol,
    ...args: unknown[]
  ) {
    const result = emit.call(this, event, ...args);
    const payload = (args[0] as { payload?: string } | undefined)?.payload;
    if (event === 'notification' && payload === `${schema} 42`) handled();
    return result;
  });
  // The read sees revision 10; meanwhile a commit moves it to 42 and says so.
  const read = async () => {
    await notifier.query(`select pg_notify($1, $2)`, [REVISION_CHANNEL, `${schema} 42`]);
    await noticeHandled;
    return '10';
  };
  const listener = listenForRevisions(
    { connectionString: TEST_DATABASE_URL, application_name: schema },
    schema,
    read,
  );
  try {
    await vi.waitFor(() => expect(listener.listening()).toBe(true), { timeout: 3_000 });
    expect(await listener.current()).toBe('42');
  } finally {
    spy.mockRestore();
    await listener.close();
    await notifier.end();
  }
});
