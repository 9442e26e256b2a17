// D11: a slow client cannot hold the server. Raw sockets that send headers or a
// body a byte at a time are cut off with 408, while other clients are served.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/useTestServer';
import { api, jiraRequest, snapshotDb } from '../support/http';

const server = useTestServer({
  timeouts: { headersMs: 1000, requestMs: 1500, idleMs: 3000, keepAliveMs: 500 },
});

/** No test waits longer than this for the server to act. */
const PATIENCE_MS = 8000;
const DRIP_MS = 100;

interface RawClient {
  write(text: string): void;
  /** Everything the server sent so far. */
  received(): string;
  isClosed(): boolean;
  /** True when the server closed the socket within PATIENCE_MS. */
  closedInTime(): Promise<boolean>;
}

async function rawClient(): Promise<RawClient> {
  const { port } = new URL(server.origin);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) =>
    socket.once('connect', resolve).once('error', reject),
  );
  let text = '';
  let closed = false;
  socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  socket.on('error', () => undefined);
  const closing = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  void closing.then(() => (closed = true));
  return {
    write: (chunk) => void (socket.writable && socket.write(chunk)),
    received: () => text,
    isClosed: () => closed,
    async closedInTime() {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>(
        (resolve) => (timer = setTimeout(resolve, PATIENCE_MS, false)),
      );
      const result = await Promise.race([closing.then(() => true as const), late]);
      clearTimeout(timer);
      if (!result) socket.destroy();
      return result;
    },
  };
}

/** Sends `text` one character per DRIP_MS until it is all sent or the server hangs up. */
async function drip(client: RawClient, text: string) {
  for (const char of text) {
    if (client.isClosed()) return;
    client.write(char);
    await new Promise((resolve) => setTimeout(resolve, DRIP_MS));
  }
}

/** The 408 a cut-off client reads: status line and D11's JSON `detail`. */
function expectTimeoutAnswer(received: string) {
  const [head, body] = received.split('\r\n\r\n');
  expect(head).toMatch(/^HTTP\/1\.1 408 /);
  expect(JSON.parse(body ?? '')).toEqual({ detail: expect.stringContaining('Request Timeout') });
}

describe.concurrent('D11 slow clients are cut off; others are served meanwhile', () => {
  it('headers sent a byte at a time → 408 once the headers time runs out', async () => {
    const slow = await rawClient();
    slow.write('GET /api/version HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const dripping = drip(slow, `X-Slow: ${'a'.repeat(PATIENCE_MS / DRIP_MS)}\r\n\r\n`);

    const others = await Promise.all([
      api(server, 'GET', '/version'),
      api(server, 'GET', '/manage/admin/connector'),
    ]);
    expect(others.map((response) => response.status)).toEqual([200, 200]);

    expect(await slow.closedInTime()).toBe(true);
    await dripping;
    expectTimeoutAnswer(slow.received());
  });

  it('a body sent a byte at a time → 408, and nothing is stored', async () => {
    const before = await snapshotDb(server);
    const body = JSON.stringify(jiraRequest());
    const slow = await rawClient();
    slow.write(
      `POST /api/manage/admin/connector HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Authorization: Bearer ${server.adminKey}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    const dripping = drip(slow, body);

    expect((await api(server, 'GET', '/manage/admin/credential')).status).toBe(200);

    expect(await slow.closedInTime()).toBe(true);
    await dripping;
    expectTimeoutAnswer(slow.received());
    expect(await snapshotDb(server)).toEqual(before);
  });

  it('a connection that sends nothing is closed', async () => {
    const silent = await rawClient();
    expect(await silent.closedInTime()).toBe(true);
    expect(silent.received()).toMatch(/^$|^HTTP\/1\.1 408 /);
  });

  it('a kept-alive connection is closed after its answer when no next request comes', async () => {
    const client = await rawClient();
    client.write('GET /api/version HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    expect(await client.closedInTime()).toBe(true);
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(client.received().match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });
});
