// The data folder's files (D12, docs/configuration.md, and docs/operations.md, "Storage"): only
// their owner may read them; a lost key file is not replaced by a wrong one;
// the folder's lock is one the operating system holds, not a process id to trust.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { openStore } from '../../server/db/database';
import { startServerProcess } from '../support/process';

const folders: string[] = [];
const freshFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sourcedesk-folder-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const startFailure = (env: Record<string, string>) =>
  startServerProcess({ SOURCEDESK_DEMO_DATA: 'off', ...env }).then(
    async (server) => {
      await server.stop();
      throw new Error('the server started');
    },
    (error: Error) => error.message,
  );

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

test('a new data folder is 700; the database, its WAL and shared memory, and the key file 600', async () => {
  const dataDir = join(freshFolder(), 'made', 'here');
  const store = await openStore(dataDir);
  try {
    await store.db.insertInto('settings').values({ key: 'touch', value: 'x' }).execute();
    const file = join(dataDir, 'sourcedesk.sqlite');
    expect({
      folder: mode(dataDir),
      database: mode(file),
      wal: mode(`${file}-wal`),
      shm: mode(`${file}-shm`),
      key: mode(join(dataDir, 'secret.key')),
    }).toEqual({ folder: '700', database: '600', wal: '600', shm: '600', key: '600' });
  } finally {
    await store.close();
  }
});

test('a key file that others may read is refused, with the command that fixes it', async () => {
  const dataDir = freshFolder();
  await (await openStore(dataDir)).close();
  const keyFile = join(dataDir, 'secret.key');
  chmodSync(keyFile, 0o644);
  await expect(openStore(dataDir)).rejects.toThrow(
    `The key file ${keyFile} is open to other users (mode 644): chmod 600 ${keyFile}`,
  );
  chmodSync(keyFile, 0o600);
  await (await openStore(dataDir)).close();
});

test('a missing key file beside a database holding sealed secrets: no new key is made, and the start stops', async () => {
  const dataDir = freshFolder();
  await (await openStore(dataDir)).close();
  const keyFile = join(dataDir, 'secret.key');
  rmSync(keyFile);
  const message = await startFailure({ SOURCEDESK_DATA_DIR: dataDir });
  expect(message).toContain(`The key file ${keyFile} is missing`);
  expect(message).toContain('SOURCEDESK_SECRET_KEY');
  expect(message).not.toMatch(/\n\s+at /);
  expect(existsSync(keyFile)).toBe(false); // nothing left behind: a wrong key would hide the loss
}, 30_000);

test('a lock file naming another live process does not block the start; a second server is still refused', async () => {
  const dataDir = freshFolder();
  // A process that is alive but is no Sourcedesk server (pids are reused after a reboot).
  const bystander = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
  try {
    writeFileSync(join(dataDir, 'sourcedesk.lock'), `${bystander.pid}\n`);
    const first = await startServerProcess({
      SOURCEDESK_DATA_DIR: dataDir,
      SOURCEDESK_DEMO_DATA: 'off',
    });
    try {
      const message = await startFailure({ SOURCEDESK_DATA_DIR: dataDir });
      expect(message).toContain(
        `Another Sourcedesk server (process ${first.child.pid}) is using the data folder ${dataDir}.`,
      );
      expect(message).not.toMatch(/\n\s+at /);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    // Killed outright, the holder leaves its lock file; the lock goes with the process.
    const killed = await startServerProcess({ SOURCEDESK_DATA_DIR: dataDir });
    expect(await killed.stop('SIGKILL')).toBeNull();
    const again = await startServerProcess({ SOURCEDESK_DATA_DIR: dataDir });
    expect(await again.stop()).toBe(0);
  } finally {
    bystander.kill('SIGKILL');
  }
}, 60_000);
