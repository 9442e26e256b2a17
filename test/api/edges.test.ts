// D11 at the edges of HTTP: answers Node or Fastify would give on their own
// (an empty 400 or 417, the panel's page for an odd API path, a source map) are
// JSON with `detail` and the security headers, and a body on a GET is held to
// the 1 MiB limit like any other.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness';

const dist = mkdtempSync(join(tmpdir(), 'sourcedesk-edges-'));
let server: TestServer;
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Sourcedesk</title>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'export {};');
  writeFileSync(join(dist, 'assets', 'app.js.map'), '{"sources":["secret source"]}');
  server = await startTestServer({ staticDir: dist });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

/** Sends raw bytes and resolves the answer's status line, headers and body. */
async function raw(...parts: (string | Buffer)[]) {
  const socket = connect(Number(new URL(server.origin).port), '127.0.0.1');
  await new Promise<void>((resolve, reject) =>
    socket.once('connect', resolve).once('error', reject),
  );
  let text = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  socket.on('error', () => undefined);
  for (const part of parts) socket.write(part);
  await new Promise<void>((resolve) => {
    const done = () => resolve();
    socket.once('close', done);
    // The answer is complete once its declared length has arrived.
    socket.on('data', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(head)?.[1];
      if (length !== undefined && Buffer.byteLength(body) >= Number(length)) {
        socket.destroy();
        done();
      }
    });
  });
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return {
    status: Number(head.split(' ')[1]),
    head: head.toLowerCase(),
    json: JSON.parse(body) as unknown,
  };
}

const protectedAnswer = (head: string) => {
  expect(head).toContain('content-type: application/json');
  expect(head).toContain('x-content-type-options: nosniff');
  expect(head).toContain('content-security-policy:');
};

it('HTTP/1.1 without a Host header → 400 with detail and the security headers', async () => {
  const answer = await raw('GET /api/version HTTP/1.1\r\nConnection: close\r\n\r\n');
  expect(answer.status).toBe(400);
  expect(answer.json).toEqual({ detail: 'Bad Request: an HTTP/1.1 request needs a Host header' });
  protectedAnswer(answer.head);
});

it('an Expect other than 100-continue → 417 with detail and the security headers', async () => {
  const answer = await raw(
    'GET /api/version HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: teapot\r\nConnection: close\r\n\r\n',
  );
  expect(answer.status).toBe(417);
  expect(answer.json).toEqual({
    detail: 'Expectation Failed: only Expect: 100-continue is supported',
  });
  protectedAnswer(answer.head);
});

it.each([
  '//api/unknown',
  '/api%2funknown',
  '/api%2Fmanage%2fnothing',
  // The prefix in another letter case is no panel page either (the panel has no such route).
  '/API/x',
  '/Api/manage/admin/connector',
  '/API',
  '//aPi%2Fversion',
])('%s is an API path: JSON 404, not the panel', async (path) => {
  const answer = await raw(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  expect(answer.status).toBe(404);
  expect(answer.json).toEqual({ detail: 'Not Found' });
  expect(answer.head).toContain('cache-control: no-store');
});

it('source maps are never served, even when a build left one', async () => {
  const map = await fetch(`${server.origin}/assets/app.js.map`);
  expect(map.status).toBe(404);
  expect(await map.json()).toEqual({ detail: 'Not Found' });
  expect((await fetch(`${server.origin}/assets/app.js`)).status).toBe(200);
});

it('a chunked GET body over 1 MiB → 413, after the key is checked (D2 order)', async () => {
  const chunk = Buffer.alloc(256 * 1024, 'a');
  const chunks = Array.from({ length: 5 }, () => [
    `${chunk.length.toString(16)}\r\n`,
    chunk,
    '\r\n',
  ]).flat();
  const request = (key: string) => [
    `GET /api/manage/admin/connector HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n` +
      'Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n',
    ...chunks,
    '0\r\n\r\n',
  ];
  const tooLarge = await raw(...request(server.adminKey));
  expect(tooLarge.status).toBe(413);
  expect(tooLarge.json).toEqual({ detail: expect.stringMatching(/1 MiB/) });
  expect((await raw(...request('sd_wrong'))).status).toBe(401);
});
