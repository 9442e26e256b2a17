// Transport for every request, before any route: the security headers, the
// connections closed on close, the edges Node and Fastify would answer on
// their own, an empty id segment's 404 and bodies read raw (D3); SCIM's
// envelopes.
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../src/contract/endpoint';
import { closeConnectionsOnClose } from '../http/drain';
import { answerEdgeCases } from '../http/edges';
import { problem } from '../http/problems';
import { securityHeaders } from '../http/securityHeaders';
import { scimEnvelopes } from '../http/scimEnvelope';
import { SCIM_BASE_PATH } from '../../src/contract/scim';

export function transport(app: FastifyInstance) {
  securityHeaders(app, API_PREFIX);
  // SCIM's answers and errors are RFC 7644's (docs/scim.md).
  scimEnvelopes(app, `${API_PREFIX}${SCIM_BASE_PATH}`);
  closeConnectionsOnClose(app);
  answerEdgeCases(app);
  // A request gets its log line when its answer has gone (serverOptions.ts); one
  // whose client went away first gets this one instead.
  app.addHook('onRequestAbort', (request, done) => {
    request.log.info({ req: request }, 'request aborted');
    done();
  });
  // A path whose id segment is empty (`/manage/admin/connector/`) names no
  // resource: 404 like any unknown path (D11), before the key is asked for.
  app.addHook('onRequest', (request, _reply, done) => {
    const params = request.params as Record<string, string> | undefined;
    if (params && Object.values(params).some((value) => value === '')) {
      done(problem(404, 'Not Found'));
    } else done();
  });

  // D3: bodies are read raw and parsed by the routes, so that the order of
  // answers (415 before 422) and the shape of JSON errors are ours.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
}
