// SCIM 2.0 (docs/scim.md) under /api/scim/v2: discovery without a token, Users
// and Groups with the SCIM token. Its answers are RFC 7644's (scimEnvelope.ts
// gives the errors their envelope), so it is a route group of its own, listed
// once in src/contract/scim.ts (SCIM_ROUTES).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../src/contract/endpoint';
import {
  SCIM_BASE_PATH,
  SCIM_DEFAULT_COUNT,
  SCIM_MAX_COUNT,
  type ScimRoute,
} from '../../src/contract/scim';
import { ownOrigin } from '../auth/sessionCookie';
import { resourceTypes, schemas, serviceProviderConfig } from '../scim/discovery';
import { badRequest } from '../scim/errors';
import { scimGuard } from '../scim/guard';
import { scimGroupRoutes } from './scimGroups';
import { scimUserRoutes } from './scimUsers';
import type { RouteContext } from './context';
import { SCIM_ROUTES } from '../../src/contract/scim';

export type ScimHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
export type ScimRegistrar = (route: ScimRoute, handler: ScimHandler) => void;

/** The base URL the identity provider is given (and each resource's `meta.location`). */
export const scimBase = (request: FastifyRequest, context: RouteContext) =>
  `${ownOrigin(request, context.address)}${API_PREFIX}${SCIM_BASE_PATH}`;

/** A query integer (startIndex, count); undefined when absent, 400 when not an integer. */
function queryInteger(value: unknown, name: string): number | undefined {
  const text = Array.isArray(value) ? value.at(-1) : value;
  if (text === undefined || text === '') return undefined;
  if (typeof text !== 'string' || !/^-?\d{1,15}$/.test(text)) {
    throw badRequest(`'${name}' must be an integer`);
  }
  return Number(text);
}

const queryText = (value: unknown): string | undefined => {
  const text = Array.isArray(value) ? value.at(-1) : value;
  return typeof text === 'string' && text !== '' ? text : undefined;
};

/** RFC 7644 §3.4.2: startIndex from 1 (less counts as 1), count 0…500 (100 unless asked). */
export function listQuery(request: FastifyRequest) {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const startIndex = Math.max(1, queryInteger(query.startIndex, 'startIndex') ?? 1);
  const asked = queryInteger(query.count, 'count') ?? SCIM_DEFAULT_COUNT;
  return {
    startIndex,
    count: Math.min(SCIM_MAX_COUNT, Math.max(0, asked)),
    filter: queryText(query.filter),
    excludedAttributes: queryText(query.excludedAttributes),
  };
}

export const excludedOf = (request: FastifyRequest) =>
  queryText(((request.query ?? {}) as Record<string, unknown>).excludedAttributes);

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
  route(SCIM_ROUTES.serviceProviderConfig, async (request) =>
    serviceProviderConfig(`${ownOrigin(request, context.address)}/docs/scim.md`),
  );
  route(SCIM_ROUTES.resourceTypes, async () => resourceTypes());
  route(SCIM_ROUTES.schemas, async () => schemas());
  scimUserRoutes(route, context);
  scimGroupRoutes(route, context);
}
