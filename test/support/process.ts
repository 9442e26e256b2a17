// The real server as a child process (`node --import tsx server/main.ts`), for
// tests and scripts about the process itself: start, signals, crashes, logs.
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const READY = /running at (http:\/\/[^/\s]+)\/ \(API at [^)]*\)\n[\s\S]*?\n\n/;

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  /** The address the server printed, e.g. http://127.0.0.1:41234 */
  origin: string;
  /** What the process has written so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Sends the signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the server with these settings over the current environment and
 * resolves once it prints its banner. Rejects if it exits first or takes longer
 * than `timeoutMs`.
 */
export function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 20_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, SOURCEDESK_PORT: '0', SOURCEDESK_LOG_LEVEL: 'silent', ...env },
  });
  let out = '';
  let err = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${out}${err}`));
    }, timeoutMs);
    const fail = () => {
      clearTimeout(timer);
      reject(new Error(`server exited before it was ready:\n${out}${err}`));
    };
    child.on('exit', fail);
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const origin = READY.exec(out)?.[1];
      if (origin === undefined) return;
      clearTimeout(timer);
      child.off('exit', fail);
      resolve({
        child,
        origin,
        stdout: () => out,
        stderr: () => err,
        exited,
        stop(signal = 'SIGTERM') {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return exited;
        },
      });
    });
  });
}

/** `npm run keys -- …` on a data folder, as its own process: its exit code and output. */
export const runKeys = (dataDir: string, ...args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/keys.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, SOURCEDESK_DATA_DIR: dataDir },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
