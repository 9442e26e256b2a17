// Runs the load generator (bench/cannon.ts, autocannon) in a process of its own,
// after a warm-up that autocannon leaves out of the figures.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Result } from 'autocannon';
import type { CannonJob } from './cannon';
import { paths, settings, smoke } from './config';
import { cpuMs } from './processes';
import type { Results } from './table';

/**
 * The smoke run counts requests instead of seconds: on a busy machine a second
 * may see no answer at all, and a load that gets every answer it asked for is
 * the proof that the bench still reaches what it measures.
 */
const SMOKE_REQUESTS_PER_CONNECTION = 5;

interface LoadRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** With `[<id>]` in it: a fresh id there in every request. */
  bodyTemplate?: string;
  /** Connections of this run (default BENCH_CONNECTIONS). */
  connections?: number;
  /** Bearer keys taken in turn, one per request: many viewers reading at once. */
  keys?: string[];
  /** The serving process: its CPU time over the run is measured (cpuMsPerRequest). */
  pid?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx plus connection errors and timeouts: should be 0. */
  failures: number;
  total: number;
  /**
   * The serving process's CPU time (every thread's, user and system) over the
   * whole load, warm-up included, per request answered after it; NaN without a pid.
   */
  cpuMsPerRequest: number;
}

/**
 * The load generator's busiest run: one process, so near a whole core it
 * counted its own queue in the latencies too (a closed loop against a fast
 * answer keeps it busy; a slow row beside a busy generator is to be read so).
 */
let busiestGenerator = { share: 0, url: '' };

/** A row for the load generator's busiest run (after every load of the bench). */
export function reportLoadGenerator(results: Results): void {
  if (!busiestGenerator.url) return;
  const { pathname } = new URL(busiestGenerator.url);
  results.add(
    `Load generator's busiest run (${pathname}): its share of one core`,
    busiestGenerator.share * 100,
    '%',
  );
}

/** What a browser sends as Accept-Encoding: readers that stand for the panel ask what it asks. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export async function runLoad(request: LoadRequest): Promise<LoadResult> {
  const job: CannonJob = {
    url: request.url,
    method: request.method ?? 'GET',
    headers: request.headers ?? {},
    bodyTemplate: request.bodyTemplate,
    connections: request.connections ?? settings.connections,
    seconds: settings.seconds,
    warmupSeconds: settings.warmupSeconds,
    ...(request.keys ? { keys: request.keys } : {}),
    ...(smoke ? { requestsPerConnection: SMOKE_REQUESTS_PER_CONNECTION } : {}),
  };
  const cpuBefore = request.pid === undefined ? NaN : cpuMs(request.pid);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', paths.cannon, JSON.stringify(job)],
    { cwd: paths.root, maxBuffer: 16 << 20 },
  );
  const result = JSON.parse(stdout.trim().split('\n').pop()!) as Result & { cpuShare: number };
  if (!(result.cpuShare <= busiestGenerator.share))
    busiestGenerator = { share: result.cpuShare, url: request.url };
  const answered = result['2xx'] + result.non2xx;
  const asked = (job.requestsPerConnection ?? 0) * job.connections;
  if (answered < asked)
    throw new Error(`${job.method} ${request.url}: ${answered} answers of ${asked} requests`);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    total: result['2xx'] + result.non2xx,
    cpuMsPerRequest:
      request.pid === undefined ? NaN : (cpuMs(request.pid) - cpuBefore) / Math.max(1, answered),
  };
}
