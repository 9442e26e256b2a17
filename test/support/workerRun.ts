// A worker of worker/ in the test's own process, against a test server (its
// key from test/support/workers.ts), its settings short (a check-in each
// second, quick back-offs), its log kept for the assertions.
import { expect } from 'vitest';
import { DEFAULT_SOURCE_API_HOSTS, type SourceApiHosts } from '../../server/connectionCheck/hosts';
import { WorkerClient } from '../../worker/client';
import type { Log } from '../../worker/log';
import type { WorkerSettings } from '../../worker/settings';
import { READABLE_SOURCES } from '../../worker/sources/all';
import { Worker } from '../../worker/worker';
import type { TestServer } from './harness';
import { api } from './http';
import { FAST_HTTP } from './readSource';

export interface RunningWorker {
  lines: string[];
  worker: Worker;
  /** Stops the worker (as SIGTERM does) and waits until its jobs have reported. */
  stop(): Promise<void>;
}

export function startWorker(
  server: TestServer,
  key: string,
  options: Partial<Omit<WorkerSettings, 'hosts'>> & { hosts?: Partial<SourceApiHosts> } = {},
): RunningWorker {
  const lines: string[] = [];
  const log: Log = { info: (line) => lines.push(line), error: (line) => lines.push(line) };
  const settings: WorkerSettings = {
    server: server.origin,
    key,
    workerId: `test-worker-${Math.random().toString(36).slice(2, 8)}`,
    hostname: 'test-host',
    concurrency: 2,
    sources: READABLE_SOURCES,
    batchSize: 100,
    heartbeatMs: 1000,
    progressLogMs: 60_000,
    webMaxPages: 1000,
    http: FAST_HTTP,
    shutdownPatienceMs: 2000,
    ...options,
    hosts: { ...DEFAULT_SOURCE_API_HOSTS, ...options.hosts },
  };
  const worker = new Worker(new WorkerClient(server.origin, key), settings, log);
  const running = worker.run();
  return {
    lines,
    worker,
    stop: async () => {
      worker.stop();
      await running;
    },
  };
}

export interface Attempt {
  id: number;
  status: string;
  kind: string;
  new_docs_indexed: number;
  total_docs_indexed: number;
  docs_removed_from_index: number;
  error_msg: string | null;
  error_count: number;
}

export async function attemptsOf(server: TestServer, pairId: number): Promise<Attempt[]> {
  const answer = await api(
    server,
    'GET',
    `/manage/admin/cc-pair/${pairId}/index-attempts?page_size=100`,
  );
  expect(answer.status).toBe(200);
  return (answer.json as { items: Attempt[] }).items;
}

/** Waits (boundedly) until job `id` of the pair has finished, and returns it. */
export async function finished(server: TestServer, pairId: number, id: number, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await attemptsOf(server, pairId)).find((attempt) => attempt.id === id);
    if (job && !['not_started', 'in_progress'].includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} did not finish: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
