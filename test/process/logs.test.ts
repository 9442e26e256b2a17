// D2, D6: the log of the real process at its default level (info).
// The key appears only in the startup banner, printed on purpose for the
// operator; no JSON log line holds a key, a wrong key or a credential secret.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
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
  // A client that goes away before its answer: its request still has a line.
  await new Promise<void>((resolve, reject) => {
    const socket = connect(Number(new URL(server.origin).port), '127.0.0.1', () => {
      socket.write(
        'POST /api/manage/admin/connector HTTP/1.1\r\nHost: x\r\n' +
          `Authorization: Bearer ${key}\r\nContent-Type: application/json\r\n` +
          'Content-Length: 100\r\n\r\n{"na',
        () => setTimeout(() => socket.destroy(), 200),
      );
    });
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(await server.stop()).toBe(0);

  const lines = server.stdout().split('\n');
  const logLines = lines.filter((line) => line.startsWith('{'));
  const banner = lines.filter((line) => !line.startsWith('{'));
  // One line a request, when it has been answered: what was asked, and how it went.
  const completed = logLines
    .map(
      (line) =>
        JSON.parse(line) as {
          msg?: string;
          req?: { method: string; url: string };
          res?: { statusCode: number };
          responseTime?: number;
        },
    )
    .filter((line) => line.msg === 'request completed');
  expect(completed.map(({ req, res }) => `${req?.method} ${req?.url} ${res?.statusCode}`)).toEqual(
    expect.arrayContaining([
      'GET /api/manage/admin/credential 200',
      'GET /api/manage/admin/connector 401',
      'POST /api/manage/admin/connector 422',
      'PATCH /api/manage/set-user-role 404',
    ]),
  );
  expect(completed.every(({ responseTime }) => typeof responseTime === 'number')).toBe(true);
  expect(logLines.join('\n')).not.toContain('"incoming request"');
  const aborted = logLines.filter((line) => line.includes('"request aborted"'));
  expect(aborted).toHaveLength(1);
  expect(aborted[0]).toContain('"url":"/api/manage/admin/connector"');
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
