// The API's routes as registered: the table D11's 405 answers are made of
// (a wrong method on a known path), which the OpenAPI test holds the document to.
import type { FastifyInstance } from 'fastify';
import type { UserRole } from '../../src/contract/contract';
import { API_PREFIX } from '../../src/contract/endpoint';
import { accessOf } from '../auth/guard';

function routePattern(url: string): RegExp {
  const escaped = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/** A route of the API as registered (the OpenAPI test holds the description to these). */
export interface ApiRoute {
  method: string;
  /** Fastify's spelling: `/api/manage/admin/connector/:connector_id`. */
  url: string;
  pattern: RegExp;
  /** Who its guard lets through: the roles, null for no key needed (undefined: no guard). */
  roles: readonly UserRole[] | null | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: readonly ApiRoute[];
  }
}

/** Keeps `app.apiRoutes`, every route under /api as it is registered (before the routes are). */
export function keepRouteTable(app: FastifyInstance): readonly ApiRoute[] {
  // D11: a wrong method on a known path is a 405, not a 404.
  const apiRoutes: ApiRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    for (const method of [route.method].flat()) {
      const access = accessOf(route.onRequest);
      apiRoutes.push({
        method,
        url: route.url,
        pattern: routePattern(route.url),
        roles: access === undefined ? undefined : (access?.roles ?? null),
      });
    }
  });
  app.decorate('apiRoutes', apiRoutes);
  return apiRoutes;
}
