// The one error handler: D3's and D11's problems as they are thrown, an
// outage's 503, a full disk's, and a 500 that says nothing of the failure.
import type { FastifyInstance } from 'fastify';
import type { Store } from '../db/database';
import { DISK_FULL_DETAIL, isDiskFull, isUnavailable } from '../db/storageErrors';
import type { Outage } from '../http/outage';
import { Problem, tooLarge } from '../http/problems';
import { fitProblems } from '../http/problemSize';

export function answerErrors(app: FastifyInstance, outage: Outage, store: Store) {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof Problem) {
      const { detail } = error.body;
      const body = Array.isArray(detail)
        ? { detail: fitProblems(detail, Buffer.isBuffer(request.body) ? request.body.length : 0) }
        : error.body;
      return reply.code(error.status).headers(error.headers).send(body);
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) return reply.code(413).send(tooLarge(request.routeOptions.bodyLimit).body);
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(status).send({ detail: (error as Error).message });
    }
    if (isUnavailable(error)) {
      outage.failed(error);
      const answer = outage.problem();
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    }
    if (isDiskFull(error)) {
      request.log.error(
        { file: store.file },
        'disk full: the database cannot grow; nothing was changed',
      );
      return reply.code(503).send({ detail: DISK_FULL_DETAIL });
    }
    request.log.error({ err: error }, 'unexpected failure');
    return reply.code(500).send({ detail: 'Internal Server Error' });
  });
}
