// Logging never stops the service: with stdout on a full disk (a small tmpfs,
// as an operator's log volume) requests are still answered and the process
// lives; lines that cannot wait are dropped and counted, and once there is room
// again the log goes on and says, once, how many it dropped.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { droppedNotice, MAX_WAITING } from '../../server/logOutput';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PATIENCE_MS = 20_000;

/** A 4 MiB tmpfs (room for what waits in memory, once freed), or why there cannot be one here (mount needs root). */
function mountSmallDisk(dir: string): string | null {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dir], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return (error as { stderr?: Buffer }).stderr?.toString().trim() || String(error);
  }
}

const disk = mkdtempSync(join(tmpdir(), 'sourcedesk-logdisk-'));
const dataDir = mkdtempSync(join(tmpdir(), 'sourcedesk-logdata-'));
const mountProblem = mountSmallDisk(disk);
afterAll(() => {
  if (!mountProblem) execFileSync('umount', ['-l', disk]);
  rmSync(disk, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const until = async (what: string, check: () => boolean) => {
  const end = Date.now() + PATIENCE_MS;
  while (!check()) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** Fills the disk to the last byte (one page at a time, then a byte at a time). */
function fill(file: string) {
  const fd = openSync(file, 'w');
  try {
    for (const size of [4096, 1]) {
      const block = Buffer.alloc(size);
      for (;;) {
        try {
          writeFileSync(fd, block);
        } catch {
          break;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}

test('stdout on a full disk: answered meanwhile, alive after, dropped lines said once', async ({
  skip,
}) => {
  if (mountProblem) {
    if (process.env.CI) throw new Error(`CI must be able to mount a tmpfs: ${mountProblem}`);
    skip(`cannot mount a small tmpfs here (${mountProblem})`);
  }
  const logFile = join(disk, 'stdout.log');
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      SOURCEDESK_PORT: '0',
      SOURCEDESK_DATA_DIR: dataDir,
      SOURCEDESK_DEMO_DATA: 'off',
      SOURCEDESK_LOG_LEVEL: 'info',
    },
    stdio: ['ignore', out, 'pipe'],
  });
  closeSync(out);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let exitCode: number | null | undefined;
  child.on('exit', (code) => (exitCode = code));
  const log = () => readFileSync(logFile, 'utf8');
  try {
    await until('the banner', () => log().includes('running at') || exitCode !== undefined);
    const origin = /running at (http:\/\/[^/\s]+)\//.exec(log())?.[1];
    expect(origin, stderr).toBeDefined();
    fill(join(disk, 'filler'));

    // Each request logs its URL: long ones outgrow what may wait in memory, so lines drop.
    const longQuery = `?pad=${'x'.repeat(8000)}`;
    const requests = Math.ceil((2 * MAX_WAITING) / longQuery.length);
    for (let i = 0; i < requests; i++) {
      const response = await fetch(`${origin}/api/version${longQuery}`, {
        signal: AbortSignal.timeout(PATIENCE_MS),
      });
      expect(response.status).toBe(200);
    }
    expect(exitCode, stderr).toBeUndefined();
    const logWhileFull = log();

    rmSync(join(disk, 'filler'));
    // The next line after the room returns takes the waiting ones out, then the notice.
    expect((await fetch(`${origin}/api/version`)).status).toBe(200);
    await until('the notice of dropped lines', () => log().includes('log lines dropped'));
    const notices = log()
      .split('\n')
      .filter((line) => line.includes('dropped while the log output was failing'));
    expect(notices).toHaveLength(1);
    const { dropped_lines: dropped, msg } = JSON.parse(notices[0]!) as {
      dropped_lines: number;
      msg: string;
    };
    expect(dropped).toBeGreaterThan(0);
    expect(msg).toBe(droppedNotice(dropped));
    expect(log().length).toBeGreaterThan(logWhileFull.length);
    expect(exitCode, stderr).toBeUndefined();
    expect(stderr).not.toContain('ENOSPC');
  } finally {
    if (exitCode === undefined) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
}, 90_000);
