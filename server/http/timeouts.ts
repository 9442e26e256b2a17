// D11: a slow client cannot hold the server. Headers, the whole request and an
// idle socket each have a time limit; a cut-off client gets a JSON `detail` too.
import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions } from 'fastify';

export interface Timeouts {
  /** From connecting to the end of the request headers (Node's headersTimeout). */
  headersMs: number;
  /** From connecting to the end of the request body (Fastify's requestTimeout). */
  requestMs: number;
  /** A socket with no traffic at all for this long is closed (connectionTimeout). */
  idleMs: number;
  /** How long a keep-alive connection waits for its next request (keepAliveTimeout). */
  keepAliveMs: number;
}

const DEFAULT_TIMEOUTS: Timeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  idleMs: 60_000,
  keepAliveMs: 5_000,
};

const DETAILS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout: the request was not received in time'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
};

/** Errors Node raises before a request exists (timeouts, malformed HTTP): answered with `detail`. */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] = DETAILS[error.code ?? ''] ?? [400, 'Bad Request'];
  if (socket.writable) {
    const body = JSON.stringify({ detail });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

export function timeoutOptions(overrides: Partial<Timeouts> = {}): FastifyHttpOptions<Server> {
  const t = { ...DEFAULT_TIMEOUTS, ...overrides };
  return {
    connectionTimeout: t.idleMs,
    requestTimeout: t.requestMs,
    keepAliveTimeout: t.keepAliveMs,
    http: {
      headersTimeout: t.headersMs,
      requestTimeout: t.requestMs,
      // Node looks for expired requests this often (30 s by default): check often
      // enough that a limit is kept to within a quarter of itself.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(t.headersMs / 4))),
    },
    clientErrorHandler,
  };
}

/**
 * A request whose body is in and whose work may take longer than the idle
 * limit (an import): its socket is not closed for quiet while the server works
 * on it. Node's requestTimeout ends once the body is read; only the idle limit
 * (connectionTimeout) would cut such a request, the work still going on and
 * committing with no one told. Node sets the limit again for the connection's
 * next request (keepAliveTimeout, then connectionTimeout).
 */
export function keepWhileWorking(request: IncomingMessage) {
  request.socket.setTimeout(0);
}
