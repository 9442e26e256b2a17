// RFC 7644 §3.12: under the SCIM path every error, whoever raised it (a route,
// the guard, a body too large, an unknown path, an outage), answers
// `{schemas, status, scimType?, detail}` as application/scim+json; and every
// answer there is application/scim+json.
import type { FastifyInstance, FastifyReply } from 'fastify';

const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
const SCIM_TYPE = 'application/scim+json; charset=utf-8';

export function scimEnvelopes(app: FastifyInstance, prefix: string) {
  // Every answer passes here: a callback, not an async function, so the others
  // pay no promise for it.
  app.addHook('onSend', (request, reply, payload, done) => {
    const path = request.url.split('?')[0]!;
    if (path !== prefix && !path.startsWith(`${prefix}/`)) return done(null, payload);
    done(null, envelope(reply, payload));
  });
}

/** A SCIM answer's payload: its type said, an error in RFC 7644's shape. */
function envelope(reply: FastifyReply, payload: unknown): unknown {
  const isJson = String(reply.getHeader('content-type') ?? '').includes('json');
  if (isJson) reply.header('content-type', SCIM_TYPE);
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return payload;
  }
  if (body === null || typeof body !== 'object' || 'schemas' in body) return payload;
  const { detail, scimType } = body as { detail?: unknown; scimType?: unknown };
  reply.header('content-type', SCIM_TYPE);
  return JSON.stringify({
    schemas: [ERROR_SCHEMA],
    status: String(reply.statusCode),
    ...(typeof scimType === 'string' && { scimType }),
    detail: typeof detail === 'string' ? detail : 'The request is not valid',
  });
}
