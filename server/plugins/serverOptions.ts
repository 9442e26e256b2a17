// The Fastify server's options: the logger without secrets, D11's time
// limits and body size, D3's long path ids, D11's answer before routing.
import { LogController, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { API_PREFIX } from '../../src/contract/endpoint';
import { requestForLog } from '../http/requestLog';
import { BODY_LIMIT } from '../http/problems';
import { setSecurityHeaders } from '../http/securityHeaders';
import { timeoutOptions, type Timeouts } from '../http/timeouts';

/** The logger as given, its request lines without one-time secrets (requestForLog). */
function withRequestSerializer(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const given = logger === true ? {} : logger;
  return { ...given, serializers: { req: requestForLog, ...given.serializers } };
}

/**
 * One line a request, when its answer has gone: the request (as requestForLog
 * writes it), the status and the time taken. Fastify's "incoming request" line
 * is kept at debug level; at info it doubled every request's logging (a
 * tenth of a busy server's CPU went to log lines). Every request ends, since
 * D11's limits answer one that takes too long.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(request: Parameters<LogController['incomingRequest']>[0]) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Parameters<LogController['requestCompleted']>[0],
    request: Parameters<LogController['requestCompleted']>[1],
    reply: Parameters<LogController['requestCompleted']>[2],
  ) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export function serverOptions(
  logger: FastifyServerOptions['logger'],
  timeouts: Partial<Timeouts> | undefined,
): FastifyServerOptions {
  return {
    logger: withRequestSerializer(logger),
    logController: new OneLinePerRequest(),
    ...timeoutOptions(timeouts),
    bodyLimit: BODY_LIMIT,
    // D3: a path id of any length is parsed and refused as int_parsing (422),
    // not cut off as 414; Node's 16 KiB limit on the request head still holds.
    routerOptions: { maxParamLength: 16 * 1024 },
    return503OnClosing: true,
    // D11: errors Fastify raises before routing (a path that cannot be
    // percent-decoded) answer with `detail` too.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) request.log.error({ err: error }, 'unexpected failure');
      setSecurityHeaders(request, reply as FastifyReply, API_PREFIX);
      void (reply as FastifyReply).code(status).send({
        detail: status >= 500 ? 'Internal Server Error' : 'Bad Request: the URL cannot be decoded',
      });
    },
  };
}
