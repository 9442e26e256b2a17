import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '../openapi/document';
import type { RouteContext } from './context';

/** The API's own description: public, like the versions (it holds no secret). */
export function openApiRoutes(app: FastifyInstance, { guard }: RouteContext) {
  app.get('/openapi.json', { onRequest: guard(null) }, async () => openApiDocument(app.apiRoutes));
}
