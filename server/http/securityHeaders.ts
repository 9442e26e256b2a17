// Every answer tells the browser not to sniff types, send referrers or
// frame the panel; pages may run only the build's own scripts (no inline ones);
// API answers are never cached, since they carry the administrator's data.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from './paths';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const EVERY_ANSWER = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

export function setSecurityHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  apiPrefix: string,
) {
  reply.headers(EVERY_ANSWER);
  if (isApiPath(request.url, apiPrefix)) reply.header('cache-control', 'no-store');
}

/**
 * onSend runs for every routed answer, errors and 404s included; answers to
 * requests Fastify refuses before routing call setSecurityHeaders themselves.
 */
export function securityHeaders(app: FastifyInstance, apiPrefix: string) {
  // Callback hooks (here and in drain.ts, edges.ts): on every request an async one costs a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    setSecurityHeaders(request, reply, apiPrefix);
    done(null, payload);
  });
}
