// The load generator's process: autocannon's API, so that every POST can carry a
// name of its own (autocannon 8's `[<id>]` replacement sends a wrong
// Content-Length, and the server then waits for bytes that never come).
// argv[2]: JSON of CannonJob; prints autocannon's result as JSON.
import autocannon from 'autocannon';

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
process.stdout.write(`${JSON.stringify(result)}\n`);
