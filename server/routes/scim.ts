// SCIM 2.0 (docs/scim.md) under /api/scim/v2: discovery without a token, Users
// and Groups with the SCIM token. Its answers are RFC 7644's (scimEnvelope.ts
// gives the errors their envelope), so it is a route group of its own, listed
// once in src/contract/scim.ts (SCIM_ROUTES).
import type { FastifyInstance } from 'fastify';
import { resourceTypes, schemas, serviceProviderConfig } from '../scim/discovery';
import { scimGuard } from '../scim/guard';
import { scimGroupRoutes } from './scimGroups';
import { scimUserRoutes } from './scimUsers';
import type { RouteContext } from './context';
import type { ScimRegistrar } from './scimRequest';
import { SCIM_ROUTES } from '../../src/contract/scim';

export function scimRoutes(app: FastifyInstance, context: RouteContext) {
  const guard = scimGuard(context.db);
  const route: ScimRegistrar = (declared, handler) => {
    app.route({
      method: declared.method,
      url: declared.path,
      ...(declared.auth && { onRequest: guard }),
      handler,
    });
  };
  route(SCIM_ROUTES.serviceProviderConfig, async () => serviceProviderConfig());
  route(SCIM_ROUTES.resourceTypes, async () => resourceTypes());
  route(SCIM_ROUTES.schemas, async () => schemas());
  scimUserRoutes(route, context);
  scimGroupRoutes(route, context);
}
