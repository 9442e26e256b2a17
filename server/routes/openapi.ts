import type { FastifyInstance } from 'fastify';
import { PUBLIC } from '../auth/access';
import { openApiDocument } from '../openapi/document';
import type { RouteContext } from './context';

/** The API's own description: public, like the versions (it holds no secret). */
export function openApiRoutes(app: FastifyInstance, { guard }: RouteContext) {
  app.get('/openapi.json', { onRequest: guard(PUBLIC) }, async () =>
    openApiDocument(app.apiRoutes),
  );
}
