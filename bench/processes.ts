// Child processes of the bench: the real server as `npm start` runs it (the
// compiled dist-server/main.js) and the bare server (tsx); each is ready once it
// prints its port, and is stopped with SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paths, settings } from './config';
import type { DataSet } from './seed';

export interface Child {
  origin: string;
  pid: number;
  /** Peak resident set size so far (VmHWM), in MB. */
  peakRssMb(): number;
  stop(): Promise<void>;
}

/** Children still running when the bench exits (it failed) are stopped with it. */
const running = new Set<ChildProcess>();
process.on('exit', () => running.forEach((child) => child.kill('SIGTERM')));

export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmHWM for process ${pid}`);
  return Number(kb) / 1024;
}

/**
 * A process's CPU time so far, in ms: every thread's time on a CPU, in
 * nanoseconds (/proc/<pid>/task/<tid>/schedstat), so that even a short load's
 * is measured (/proc's stat counts 10 ms ticks).
 */
export function cpuMs(pid: number): number {
  if (!existsSync(`/proc/${pid}/schedstat`)) {
    // A kernel without scheduler statistics: utime and stime, in ticks of USER_HZ (100).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  }
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended meanwhile
    }
  }
  return ns / 1e6;
}

function startChild(
  args: string[],
  env: Record<string, string>,
  ready: RegExp = /listening (\d+)/,
): Promise<Child> {
  const script = args.join(' ');
  const child = spawn(process.execPath, args, {
    cwd: paths.root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.resume();
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = ready.exec(output)?.[1];
      if (!port) return;
      child.stderr.off('data', onData);
      child.stdout.off('data', onData);
      child.stderr.on('data', (more: Buffer) => process.stderr.write(more));
      const pid = child.pid!;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        pid,
        peakRssMb: () => peakRssMb(pid),
        async stop() {
          if (child.exitCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stderr.on('data', onData);
    child.stdout.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`${script} exited (${code}) before listening:\n${output}`)),
    );
  });
}

/**
 * Node's flags as `npm start` and `npm run serve` run the server (package.json's
 * `serve` script: source maps, the young generation's size), read from there so
 * the bench's server is the operator's.
 */
export const SERVER_NODE_FLAGS: readonly string[] = (
  JSON.parse(readFileSync(join(paths.root, 'package.json'), 'utf8')) as {
    scripts: { serve: string };
  }
).scripts.serve
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));

/** The real server on a seeded data set (its folder, or its PostgreSQL database), at the production settings. */
export function startServer(set: DataSet, staticDir?: string): Promise<Child> {
  // BENCH_CPU_PROFILE_DIR: the server writes a V8 CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_CPU_PROFILE_DIR;
  return startChild(
    [
      ...SERVER_NODE_FLAGS,
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
      paths.server,
    ],
    {
      SOURCEDESK_DATA_DIR: set.dataDir,
      ...(set.postgres
        ? {
            SOURCEDESK_DATABASE_URL: set.postgres.url,
            SOURCEDESK_SECRET_KEY: set.postgres.secretKey,
          }
        : {}),
      SOURCEDESK_PORT: '0',
      SOURCEDESK_DEMO_DATA: 'off',
      // The seeded credentials are made up: a background re-test would send them
      // to the vendors' real hosts (slack.com, …), and no bench reaches the internet.
      SOURCEDESK_RETEST_HOURS: '0',
      SOURCEDESK_LOG_LEVEL: settings.logLevel,
      ...(staticDir ? { SOURCEDESK_STATIC_DIR: staticDir } : {}),
    },
    /running at http:\/\/127\.0\.0\.1:(\d+)\//,
  );
}

/** The bare node:http server answering with the bytes of `bodyFile`. */
export const startBareServer = (bodyFile: string) =>
  startChild(['--import', 'tsx', paths.bare, bodyFile], {});
