// D11 on PostgreSQL: while the database cannot be reached, requests that need
// it get 503 with Retry-After and words (never a 500 with a stack trace), the
// readiness check says so too, GET /version still answers (the process lives),
// and the log holds one line when the outage begins and one when it ends, not
// one per request. A proxy between the server and PostgreSQL is cut and opened
// again; PostgreSQL itself keeps running. (Runs in `api-pg` only.)
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_DETAIL } from '../../server/db/storageErrors';
import { startTestServer, TEST_DATABASE_URL, type TestServer } from '../support/harness';
import { api, plainRequest } from '../support/http';
import { startTcpProxy, type TcpProxy } from '../support/tcpProxy';

let proxy: TcpProxy;
let server: TestServer;
const lines: { level: number; msg: string; err?: unknown }[] = [];

beforeAll(async () => {
  const url = new URL(TEST_DATABASE_URL!);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as (typeof lines)[number]);
      done();
    },
  });
  server = await startTestServer({
    databaseUrl: Object.assign(new URL(url), { hostname: '127.0.0.1', port: String(proxy.port) })
      .href,
    logger: { level: 'info', stream },
  });
});
afterAll(async () => {
  await proxy.restore().catch(() => {}); // open, so the test's schema can be dropped
  await server.close();
});

const outageLines = () =>
  lines.filter((line) => line.msg.startsWith('the database cannot be reached'));
const recoveryLines = () =>
  lines.filter((line) => line.msg.startsWith('the database answers again'));

/** Requests of every kind a client sends while the database is away. */
const traffic = () =>
  Promise.all([
    api(server, 'GET', '/manage/admin/connector'),
    api(server, 'GET', '/manage/admin/credential'),
    api(server, 'POST', '/manage/admin/connector', { body: plainRequest('web') }),
    api(server, 'GET', '/me'),
    api(server, 'GET', '/health', { key: null }),
    api(server, 'PATCH', '/manage/set-user-role', {
      body: { user_email: 'nobody@example.com', new_role: 'basic' },
    }),
  ]);

it('an outage: 503 with Retry-After and words on every request that needs the database, one log line; then 200 again', async () => {
  expect((await api(server, 'GET', '/health', { key: null })).json).toEqual({ status: 'ok' });
  expect(
    (await api(server, 'POST', '/manage/admin/connector', { body: plainRequest('web') })).status,
  ).toBe(200);

  await proxy.cut();
  for (let round = 0; round < 3; round++) {
    for (const answer of await traffic()) {
      expect(answer.status, answer.text).toBe(503);
      expect(answer.json).toEqual({ detail: UNAVAILABLE_DETAIL });
      expect(answer.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  }
  // The process lives: liveness answers, and needs no database.
  expect((await api(server, 'GET', '/version', { key: null })).status).toBe(200);
  expect(outageLines()).toHaveLength(1);
  expect(outageLines()[0]).toMatchObject({ level: 50 });
  expect(recoveryLines()).toHaveLength(0);
  // No error line per request, nor one per background chore (the watch, the daily chores).
  expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([
    outageLines()[0]!.msg,
  ]);
  expect(JSON.stringify(lines)).not.toMatch(/\bat .*\.js:\d+/); // and no stack trace

  await proxy.restore();
  expect((await api(server, 'GET', '/health', { key: null })).status).toBe(200);
  for (const answer of await traffic()) expect(answer.status).not.toBe(503);
  expect(recoveryLines()).toHaveLength(1);

  // A second outage is a second pair of lines.
  await proxy.cut();
  expect((await api(server, 'GET', '/health', { key: null })).status).toBe(503);
  expect((await api(server, 'GET', '/manage/admin/connector')).status).toBe(503);
  await proxy.restore();
  expect((await api(server, 'GET', '/manage/admin/connector')).status).toBe(200);
  expect([outageLines().length, recoveryLines().length]).toEqual([2, 2]);
});
