// What every SCIM route reads from its request: the base URL its resources
// live at, a list's paging and filter (RFC 7644 §3.4.2), excludedAttributes.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../src/contract/endpoint';
import {
  SCIM_BASE_PATH,
  SCIM_DEFAULT_COUNT,
  SCIM_MAX_COUNT,
  type ScimRoute,
} from '../../src/contract/scim';
import { ownOrigin } from '../auth/sessionCookie';
import { badRequest } from '../scim/errors';
import type { RouteContext } from './context';

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
