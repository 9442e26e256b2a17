// The load generator's process: autocannon's API, so that every POST can carry a
// name of its own (autocannon 8's `[<id>]` replacement sends a wrong
// Content-Length, and the server then waits for bytes that never come).
// argv[2]: JSON of CannonJob; prints autocannon's result as JSON.
import autocannon from 'autocannon';
import { createRequire } from 'node:module';

// autocannon 8 keeps every answer's body as a string (`body += chunk` per
// chunk), which only its `expectBody`, `verifyBody` and `onResponse` read;
// this process uses none of them. At connector-status's 0.5 MB of gzip that
// decoding held this process at a whole core and put its own queue into the
// latencies it reported (docs/performance.md, "The load generator's own
// limit (2026-11-29)"). The bytes are still counted and read off the socket.
const { prototype: queue } = createRequire(import.meta.url)(
  'autocannon/lib/pipelinedRequestsQueue.js',
) as { prototype: { addBody: (data: Buffer) => void } };
queue.addBody = () => {};

export interface CannonJob {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** Every `[<id>]` becomes a number unique to this run. */
  bodyTemplate?: string;
  connections: number;
  seconds: number;
  /** Requests per connection instead of `seconds` (the smoke run): every one must be answered. */
  requestsPerConnection?: number;
  warmupSeconds: number;
  /** Bearer keys taken in turn, one per request (many viewers at once); else `headers` alone. */
  keys?: string[];
}

const job = JSON.parse(process.argv[2] ?? '') as CannonJob;
let counter = 0;
const template = job.bodyTemplate;
const keys = job.keys ?? [];
let turn = 0;
const cpuBefore = process.cpuUsage();
const wallBefore = performance.now();
const result = await autocannon({
  url: job.url,
  method: job.method,
  headers: job.headers,
  connections: job.connections,
  duration: job.seconds,
  ...(job.requestsPerConnection ? { amount: job.requestsPerConnection * job.connections } : {}),
  // BENCH_WARMUP=0 (the smoke run): no warm-up at all.
  ...(job.warmupSeconds > 0
    ? { warmup: { connections: job.connections, duration: job.warmupSeconds } }
    : {}),
  requests: template
    ? [
        {
          setupRequest: (request) => ({
            ...request,
            body: template.replaceAll('[<id>]', `${process.pid}-${++counter}`),
          }),
        },
      ]
    : keys.length > 0
      ? [
          {
            setupRequest: (request) => ({
              ...request,
              headers: {
                ...request.headers,
                authorization: `Bearer ${keys[turn++ % keys.length]!}`,
              },
            }),
          },
        ]
      : [{}],
});
const cpu = process.cpuUsage(cpuBefore);
/** This process's share of one core over the run (warm-up included): near 1, it was the limit. */
const cpuShare = (cpu.user + cpu.system) / 1000 / (performance.now() - wallBefore);
process.stdout.write(`${JSON.stringify({ ...result, cpuShare })}\n`);
