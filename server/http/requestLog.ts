// What a request log line says of the request: the query of an
// address outside the API is left out, since single sign-on's callback carries
// the provider's one-time code and state there (and a one-time sign-in link
// may carry its token). The API's queries are filters, kept for the reader.
import type { FastifyRequest } from 'fastify';

const API_PATH = /^\/api(\/|\?|$)/;

/** The URL as logged: the path alone outside /api, whatever its spelling. */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1 || API_PATH.test(url)) return url;
  return `${url.slice(0, at)}?[redacted]`;
}

/** Pino's `req` serializer: Fastify's own fields, with the URL as logged. */
export const requestForLog = (request: FastifyRequest) => ({
  method: request.method,
  url: loggedUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
