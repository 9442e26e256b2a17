// What `npm start` promises, checked on the real process: a first start on an
// empty data folder prints an address with a working key; a later start reuses
// the data and says how to get a new key; SIGTERM stops it cleanly.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { startServerProcess } from '../support/process';

const dataDir = mkdtempSync(join(tmpdir(), 'sourcedesk-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test('first start prints a signed-in address and a key that lists the demo connectors', async () => {
  const first = await startServerProcess({ SOURCEDESK_DATA_DIR: dataDir });
  const output = first.stdout();
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
  expect(await first.stop('SIGTERM')).toBe(0);

  const second = await startServerProcess({ SOURCEDESK_DATA_DIR: dataDir });
  const again = second.stdout();
  expect(again).not.toContain('#key=');
  expect(again).toContain('npm run keys -- issue admin@sourcedesk.local');
  const stillValid = await fetch(`${second.origin}/api/manage/admin/credential`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(stillValid.status).toBe(200);
  expect(await second.stop('SIGTERM')).toBe(0);
});
