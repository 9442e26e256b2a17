// Routes registered from their declarations (src/contract/endpoints/): the
// method, the path, the guard and the validation of path, query and body come
// from the one declaration, so a handler only does its work.
//
// Not fastify-type-provider-zod (which takes zod/mini since its 5th major) nor
// Fastify's own validation: D3 wants the body read raw and judged in our order
// (415 before 422, JSON errors at their offset, numbers past a double refused),
// each problem at its `loc` in the words of validation.ts, and a route's own
// rules (a source's config) in the same answer. A compiler per route would
// judge the body apart from those; this helper keeps one road for every check.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  queryValues,
  routeUrl,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
} from '../../src/contract/endpoint';
import { ACCESS } from '../auth/access';
import type { Guard } from '../auth/guard';
import { readJsonObject } from '../http/body';
import type { ValidationError } from '../../src/contract/contract';
import { validationProblem } from '../http/problems';
import { validate, type Validated } from '../http/validation';

export interface RouteInput<E extends Endpoint, B = BodyOf<E>> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: B;
}

export interface RouteOptions<E extends Endpoint, B> {
  /** Runs before the body is read (a check that D2 puts first, such as the Origin rule). */
  first?: (request: FastifyRequest) => Promise<void>;
  /** The body's check when the declared schema is not all of it (a source's own rules). */
  checkBody?: (
    json: Record<string, unknown>,
    params: ParamsOf<E>,
  ) => Validated<B> | Promise<Validated<B>>;
}

type Handler<E extends Endpoint, B> = (
  input: RouteInput<E, B>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<unknown>;

/** No body at all (an empty one counts as none): an optional body is then left out. */
const noBody = (request: FastifyRequest) =>
  !Buffer.isBuffer(request.body) || request.body.length === 0;

function checked<T>(result: Validated<T>): T {
  if (!result.ok) throw validationProblem(result.errors);
  return result.value;
}

/** D3: each of the endpoint's `singleQuery` parameters given twice or empty, at its loc. */
function singleQueryProblems(endpoint: Endpoint, query: unknown): ValidationError[] {
  const given = (query ?? {}) as Record<string, unknown>;
  return (endpoint.singleQuery ?? []).flatMap((name): ValidationError[] => {
    const value = given[name];
    if (Array.isArray(value)) {
      return [
        {
          loc: ['query', name],
          msg: `Give ${name} once, not ${value.length} times`,
          type: 'value_error',
        },
      ];
    }
    if (value === '') {
      return [
        { loc: ['query', name], msg: `${name} is empty: give true or false`, type: 'value_error' },
      ];
    }
    return [];
  });
}

/** The declared route's registrar for an app and its guard. */
export const declaredRoutes =
  (app: FastifyInstance, guard: Guard) =>
  <E extends Endpoint, B = BodyOf<E>>(
    endpoint: E,
    handler: Handler<E, B>,
    options: RouteOptions<E, B> = {},
  ) => {
    app.route({
      method: endpoint.method,
      url: routeUrl(endpoint.path),
      onRequest: guard(ACCESS[endpoint.access]),
      ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
      handler: async (request, reply) => {
        // D3's order: the path, then the query, then the body.
        const params = (
          endpoint.params ? checked(validate(endpoint.params, request.params, ['path'])) : undefined
        ) as ParamsOf<E>;
        const twice = singleQueryProblems(endpoint, request.query);
        if (twice.length > 0) throw validationProblem(twice);
        const query = (
          endpoint.query
            ? checked(validate(endpoint.query, queryValues(request.query), ['query']))
            : undefined
        ) as QueryOf<E>;
        await options.first?.(request);
        let body = undefined as B;
        if (endpoint.body && !(endpoint.bodyOptional && noBody(request))) {
          const json = readJsonObject(request);
          body = checked(
            await (options.checkBody?.(json, params) ??
              (validate(endpoint.body, json) as Validated<B>)),
          );
        }
        return handler({ params, query, body }, request, reply);
      },
    });
  };

/** The registrar `declaredRoutes` gives: for functions that register part of a group's routes. */
export type DeclaredRoute = ReturnType<typeof declaredRoutes>;
