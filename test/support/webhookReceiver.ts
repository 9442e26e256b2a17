// An incoming webhook on 127.0.0.1 (Slack's or Teams' in production): records
// every JSON body it is sent, and answers `status` (a test may make it fail,
// then recover).
import http from 'node:http';

export interface WebhookReceiver {
  /** http://127.0.0.1:<port>/services/<secret path> */
  url: string;
  /** The secret part of the address, to show it is never echoed. */
  secret: string;
  received: Record<string, unknown>[];
  /** Every request, its answer's status included. */
  attempts: number[];
  /** The status it answers from now on (200 unless set). */
  answer(status: number): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: Record<string, unknown>[] = [];
  const attempts: number[] = [];
  let status = 200;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      attempts.push(status);
      if (status < 300) received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const secret = `T0SECRET/B0SECRET/${Math.random().toString(36).slice(2)}`;
  return {
    url: `http://127.0.0.1:${port}/services/${secret}`,
    secret,
    received,
    attempts,
    answer: (next) => {
      status = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
