// The data folder's files (D12, README "Configuration" and "Storage"): only
// their owner may read them; a lost key file is not replaced by a wrong one;
// the folder's lock is one the operating system holds, not a process id to trust.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
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
