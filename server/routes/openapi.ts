import type { FastifyInstance } from 'fastify';
import { getOpenApiDocument } from '../../src/contract/endpoints/service';
import { openApiDocument } from '../openapi/document';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';

/** The API's own description: public, like the versions (it holds no secret). */
export function openApiRoutes(app: FastifyInstance, { guard }: RouteContext) {
  declaredRoutes(app, guard)(getOpenApiDocument, async () => openApiDocument(app.apiRoutes));
}
