// `npm run worker` as a child process (`node --import tsx worker/main.ts`), for
// the tests about the worker's process: start, refusal, signals, several workers.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface WorkerProcess {
  child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
  /** Resolves once the output holds `pattern` (bounded). */
  said(pattern: RegExp, timeoutMs?: number): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function startWorkerProcess(
  args: string[],
  env: Record<string, string> = {},
): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts', ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      SOURCEDESK_WORKER_KEY: '',
      SOURCEDESK_URL: '',
      SOURCEDESK_WORKER_RETRY_BASE_MS: '50',
      SOURCEDESK_WORKER_HEARTBEAT_SECONDS: '1',
      ...env,
    },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    async said(pattern, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(out + err)) {
        if (Date.now() > deadline || child.exitCode !== null) {
          throw new Error(`the worker did not say ${pattern}:\n${out}${err}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
