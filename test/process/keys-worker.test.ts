// `npm run keys -- issue-worker NAME` beside a running server (D14): the key it
// prints checks in on the worker routes at once, and opens nothing else.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { runKeys, startServerProcess } from '../support/process';

let dataDir = '';
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

test('issue-worker prints a worker key once: it checks in, and is unknown elsewhere', async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sourcedesk-worker-key-'));
  const server = await startServerProcess({
    SOURCEDESK_DATA_DIR: dataDir,
    SOURCEDESK_DEMO_DATA: 'off',
  });
  try {
    const issued = await runKeys(dataDir, 'issue-worker', 'Build box');
    expect(issued.code).toBe(0);
    expect(issued.stdout).toContain('“Build box”');
    const key = /^(sdw_[\w-]+)$/m.exec(issued.stdout)![1]!;
    const call = (method: string, path: string, body?: object) =>
      fetch(`${server.origin}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: body && JSON.stringify(body),
      });
    expect((await call('PUT', '/manage/worker/check-in', { worker_id: 'box-1' })).status).toBe(200);
    expect((await call('GET', '/me')).status).toBe(401);
  } finally {
    await server.stop();
  }
}, 40_000);
