// D11, D12: on SIGTERM the server stops taking connections, answers
// the requests already in flight in full, closes the database (the WAL is
// checkpointed away) and exits 0.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, expect, test } from 'vitest';
import { startServerProcess } from '../support/process';

const dataDir = mkdtempSync(join(tmpdir(), 'sourcedesk-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const key = `sd_${randomBytes(32).toString('base64url')}`;

/**
 * A request whose headers the server has (it answered `100 Continue`) but whose
 * body is held back until finish(): in flight for as long as the test wants.
 */
function heldRequest(origin: string, method: string, path: string, body: string, agent: Agent) {
  const req = request(`${origin}/api${path}`, {
    method,
    agent,
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      expect: '100-continue',
    },
  });
  const continued = new Promise<void>((resolve, reject) => {
    req.on('continue', resolve);
    req.on('error', reject);
  });
  const answer = new Promise<{
    status: number | undefined;
    connection: string | undefined;
    json: unknown;
  }>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          connection: res.headers.connection,
          json: JSON.parse(text) as unknown,
        }),
      );
    });
  });
  req.flushHeaders();
  return { continued, answer, finish: () => req.end(body) };
}

/** Resolves true once a TCP connection to the port is refused (bounded tries). */
async function refusedWithin(port: number, tries = 100): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.on('connect', () => (socket.destroy(), resolve(false)));
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });
    if (refused) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

test('D12 SIGTERM: requests in flight get full answers, no new connection is taken, the WAL is closed, exit 0', async () => {
  const server = await startServerProcess({
    SOURCEDESK_DATA_DIR: dataDir,
    SOURCEDESK_DEMO_DATA: 'off',
    SOURCEDESK_LOG_LEVEL: 'info',
    ADMIN_API_KEY: key,
  });
  const port = Number(new URL(server.origin).port);
  const first = await fetch(`${server.origin}/api/manage/admin/connector`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Before',
      source: 'web',
      input_type: 'load_state',
      connector_specific_config: { base_url: 'https://example.com' },
    }),
  });
  const { id } = (await first.json()) as { id: number };

  const agent = new Agent({ keepAlive: true }); // as a browser would: connections kept open
  const names = ['In flight 1', 'In flight 2', 'In flight 3', 'In flight 4'];
  const held = [
    ...names.map((name) =>
      heldRequest(
        server.origin,
        'POST',
        '/manage/admin/connector',
        JSON.stringify({
          name,
          source: 'web',
          input_type: 'load_state',
          connector_specific_config: { base_url: 'https://example.com' },
        }),
        agent,
      ),
    ),
    heldRequest(server.origin, 'PUT', `/manage/admin/connector/${id}/credential/0`, '{}', agent),
  ];
  await Promise.all(held.map((h) => h.continued));

  server.child.kill('SIGTERM');
  expect(await refusedWithin(port)).toBe(true); // while five requests are still open
  held.forEach((h) => h.finish());
  const answers = await Promise.all(held.map((h) => h.answer));
  for (const answer of answers.slice(0, 4)) {
    expect(answer).toEqual({
      status: 200,
      connection: 'close', // keep-alive clients let go, so the process need not wait for them
      json: { id: expect.any(Number), credential: null },
    });
  }
  expect(answers[4]).toMatchObject({ status: 200, connection: 'close', json: { success: true } });

  expect(await server.exited).toBe(0);
  expect(server.stdout()).toContain('shutting down: finishing requests in flight');
  expect(await refusedWithin(port, 1)).toBe(true);
  agent.destroy();

  const file = join(dataDir, 'sourcedesk.sqlite');
  const wal = `${file}-wal`;
  expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const rows = db.prepare('select name from connectors order by id').all() as { name: string }[];
    expect(rows.map((row) => row.name).sort()).toEqual(['Before', ...names].sort());
    const pairs = db
      .prepare('select connector_id, credential_id from connector_credential_pairs')
      .all();
    expect(pairs).toEqual([{ connector_id: id, credential_id: 0 }]);
  } finally {
    db.close();
  }
}, 30_000);
