// What `npm start` promises, checked on the real process: a first start on an
// empty data folder prints an address with a working key; a later start reuses
// the data and says how to get a new key; SIGTERM stops it cleanly.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';

const dataDir = mkdtempSync(join(tmpdir(), 'sourcedesk-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      SOURCEDESK_DATA_DIR: dataDir,
      SOURCEDESK_PORT: '0',
      SOURCEDESK_LOG_LEVEL: 'silent',
    },
  });
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/\n\n$/.test(output)) resolve(output);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, ready, exited };
}

test('first start prints a signed-in address and a key that lists the demo connectors', async () => {
  const first = startServer();
  const output = await first.ready;
  const origin = /running at (http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1];
  const key = /#key=(sd_[\w-]+)/.exec(output)?.[1];
  expect(origin).toBeDefined();
  expect(output).toContain(`API key for API clients (Authorization: Bearer <key>):\n  ${key}`);

  const response = await fetch(`${origin}/api/manage/admin/connector`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(response.status).toBe(200);
  expect(((await response.json()) as unknown[]).length).toBeGreaterThanOrEqual(10);
  expect(await (await fetch(`${origin}/`)).text()).toMatch(/<title>Sourcedesk<\/title>/);

  first.child.kill('SIGTERM');
  expect(await first.exited).toBe(0);

  const second = startServer();
  const again = await second.ready;
  expect(again).not.toContain('#key=');
  expect(again).toContain('npm run keys -- issue admin@sourcedesk.local');
  const secondOrigin = /running at (http:\/\/127\.0\.0\.1:\d+)\//.exec(again)?.[1];
  const stillValid = await fetch(`${secondOrigin}/api/manage/admin/credential`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(stillValid.status).toBe(200);
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
});
