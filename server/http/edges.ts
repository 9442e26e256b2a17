// Requests that Node's HTTP server or Fastify would answer on their own, with an
// empty body or the panel's page: here they get JSON with `detail` and the
// security headers, like every other answer (D11).
import type { FastifyInstance } from 'fastify';
import { BODY_LIMIT, problem, tooLarge } from './problems';
import { EVERY_ANSWER } from './securityHeaders';

const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function answerEdgeCases(app: FastifyInstance) {
  // HTTP/1.1 without Host: Node would answer 400 with nothing in it.
  (app.server as unknown as { requireHostHeader: boolean }).requireHostHeader = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.raw.httpVersion === '1.1' && !request.headers.host) {
      done(problem(400, 'Bad Request: an HTTP/1.1 request needs a Host header'));
    } else done();
  });

  // An Expect other than 100-continue: Node would answer 417 with nothing in it.
  app.server.on('checkExpectation', (_request, response) => {
    const body = JSON.stringify({
      detail: 'Expectation Failed: only Expect: 100-continue is supported',
    });
    response.writeHead(417, {
      'content-length': Buffer.byteLength(body),
      ...EVERY_ANSWER,
      'cache-control': 'no-store',
      'content-type': 'application/json; charset=utf-8',
      connection: 'close',
    });
    response.end(body);
  });

  // A body on a request that takes none is not read by Fastify: it is still
  // held to the 1 MiB limit (413 after D2's 401 and 403: a preHandler runs
  // after the routes' own checks), and otherwise ignored.
  app.addHook('preHandler', (request, _reply, done) => {
    if (!BODILESS.has(request.method) || !request.headers['transfer-encoding']) return done();
    const drained = async () => {
      let size = 0;
      for await (const chunk of request.raw) {
        size += (chunk as Buffer).length;
        if (size > BODY_LIMIT) throw tooLarge();
      }
    };
    drained().then(() => done(), done);
  });
}
