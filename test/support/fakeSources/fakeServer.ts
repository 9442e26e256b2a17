// A fake source as a real HTTP server on 127.0.0.1 and an ephemeral port: it
// answers through `handle`, records every request, and plays the faults a
// test queues (a status such as 429 with Retry-After or 500, a slow answer),
// each on the next request whose path it matches.
import http from 'node:http';

export interface FakeAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** JSON unless a string (then sent as is). */
  body?: unknown;
}

export interface Fault {
  /** Only requests whose path matches (any by default). */
  path?: RegExp;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Answer only once this settles (a test holds the source mid-run until it has looked). */
  hold?: Promise<unknown>;
  /** Answer this status (with `headers`) instead of the real answer. */
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface Seen {
  method: string;
  url: URL;
  authorization: string | undefined;
  at: number;
}

export interface FakeServer {
  origin: string;
  host: string;
  seen: Seen[];
  faults: Fault[];
  close(): Promise<void>;
}

export const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

function send(response: http.ServerResponse, answer: FakeAnswer) {
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {});
  const type = typeof answer.body === 'string' ? 'text/html; charset=utf-8' : 'application/json';
  if (response.destroyed) return;
  response.writeHead(answer.status ?? 200, { 'content-type': type, ...answer.headers }).end(text);
}

export async function startFake(
  handle: (request: http.IncomingMessage, url: URL) => FakeAnswer,
): Promise<FakeServer> {
  const seen: Seen[] = [];
  const faults: Fault[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    seen.push({
      method: request.method ?? 'GET',
      url,
      authorization: request.headers.authorization,
      at: Date.now(),
    });
    const index = faults.findIndex((fault) => !fault.path || fault.path.test(url.pathname));
    const fault = index >= 0 ? faults.splice(index, 1)[0] : undefined;
    const answer = () =>
      fault?.status
        ? send(response, {
            status: fault.status,
            headers: fault.headers,
            body: fault.body ?? { message: `Fault ${fault.status}` },
          })
        : send(response, handle(request, url));
    const delayed = () => (fault?.delayMs ? setTimeout(answer, fault.delayMs) : answer());
    if (fault?.hold) void fault.hold.then(delayed, delayed);
    else delayed();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const host = `127.0.0.1:${port}`;
  return {
    origin: `http://${host}`,
    host,
    seen,
    faults,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `yyyy-MM-dd HH:mm` (JQL's and CQL's dates, UTC here) as a Date. */
export function minuteDate(text: string): Date {
  return new Date(`${text.replace(' ', 'T')}:00Z`);
}
