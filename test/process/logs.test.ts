// D2, D6: the log of the real process at its default level (info).
// The key appears only in the startup banner, printed on purpose for the
// operator; no JSON log line holds a key, a wrong key or a credential secret.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { openStore } from '../../server/db/database';
import { createCredential } from '../../server/repos/credentials';
import { startServerProcess } from '../support/process';

const dataDir = mkdtempSync(join(tmpdir(), 'sourcedesk-logs-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test('D2/D6 at info level, keys and secrets stay out of every log line of npm start', async () => {
  const secret = `ATATT3xFfGF0${randomBytes(24).toString('base64url')}`;
  const store = await openStore(dataDir);
  await createCredential(store.db, store.secrets, {
    source: 'jira',
    name: 'Jira',
    credential_json: { jira_api_token: secret },
  });
  await store.close();

  const key = `sd_${randomBytes(32).toString('base64url')}`;
  const wrongKey = `sd_${randomBytes(32).toString('base64url')}`;
  const server = await startServerProcess({
    SOURCEDESK_DATA_DIR: dataDir,
    SOURCEDESK_DEMO_DATA: 'off',
    SOURCEDESK_LOG_LEVEL: 'info',
    ADMIN_API_KEY: key,
  });
  const call = (path: string, bearer: string, init: RequestInit = {}) =>
    fetch(`${server.origin}/api${path}`, {
      ...init,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    }).then((response) => response.status);
  expect(await call('/manage/admin/credential', key)).toBe(200);
  expect(await call('/manage/admin/connector', wrongKey)).toBe(401);
  expect(
    await call('/manage/admin/connector', key, { method: 'POST', body: `{"name": "${secret}` }),
  ).toBe(422);
  expect(
    await call('/manage/set-user-role', key, {
      method: 'PATCH',
      body: JSON.stringify({ user_email: 'nobody@example.com', new_role: 'basic' }),
    }),
  ).toBe(404);
  expect(await server.stop()).toBe(0);

  const lines = server.stdout().split('\n');
  const logLines = lines.filter((line) => line.startsWith('{'));
  const banner = lines.filter((line) => !line.startsWith('{'));
  expect(
    logLines.filter((line) => line.includes('"request completed"')).length,
  ).toBeGreaterThanOrEqual(4);
  expect(logLines.join('\n')).toContain('shutting down');
  for (const text of [key, wrongKey, secret, secret.slice(4, -4)]) {
    expect(logLines.join('\n')).not.toContain(text);
    expect(server.stderr()).not.toContain(text);
  }
  // A key from ADMIN_API_KEY is the operator's: the banner says where it is, never what.
  expect(banner.join('\n')).toContain('with the key in ADMIN_API_KEY (not printed)');
  expect(banner.join('\n')).not.toContain(key);
  expect(banner.join('\n')).not.toContain(secret);
}, 30_000);
