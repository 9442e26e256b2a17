// GET /api/openapi.json: an OpenAPI 3.1 description of the API, made from the
// endpoints' declarations (src/contract/endpoints/) and the zod contract (zod 4's JSON Schema output), once.
import * as z from 'zod';
import type { ZodMiniType } from 'zod/mini';
import {
  errorDetailSchema,
  httpValidationErrorSchema,
  USER_ROLES,
  type UserRole,
} from '../../src/contract/contract';
import { SESSION_COOKIE } from '../../src/contract/session';
import { RUNNING_VERSION } from '../versions';
import type { ApiRoute } from '../plugins/routeTable';
import { ALL_ENDPOINTS } from '../../src/contract/endpoints/all';
import { ANSWER_WORDS } from '../../src/contract/answerWords';
import { API_PREFIX, routeUrl, type Endpoint } from '../../src/contract/endpoint';
import { parametersOf } from './parameters';

type Json = Record<string, unknown>;

/** A contract schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), without its own $schema. */
function jsonSchema(schema: ZodMiniType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema as unknown as z.ZodType, {
    io,
    unrepresentable: 'any',
    // An answer's fields get their words, described beside its schema (a body's come with it).
    override: ({ zodSchema, jsonSchema }) => {
      const words = ANSWER_WORDS.get(zodSchema as unknown as ZodMiniType);
      for (const [name, field] of Object.entries(jsonSchema.properties ?? {})) {
        if (words?.[name] && typeof field === 'object') field.description ??= words[name];
      }
    },
  }) as Json;
  return rest;
}

const ERROR_WORDS: Record<number, string> = {
  400: 'Refused by a rule of the interface; `detail` says which.',
  401: 'No key, or a key that is unknown or revoked.',
  403: "The key's role may not do this.",
  404: 'No such object (or path).',
  413: 'The body is over 1 MiB.',
  415: 'A body that is not application/json.',
  422: 'The request is not valid: `detail` lists every problem, each with where it is (`loc`).',
  429: 'Too many wrong keys from this address (or, for a connection test, too many tests by this user); try again after Retry-After seconds.',
  503: 'The database cannot be reached just now; try again after Retry-After seconds.',
};

const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before the next try.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
};

/** Headers an error answer carries (D2: 401 asks for a bearer key; 429 and 503 say when to come back). */
const ERROR_HEADERS: Record<number, Json> = {
  401: { 'WWW-Authenticate': { description: '`Bearer`.', schema: { const: 'Bearer' } } },
  429: RETRY_AFTER,
  503: RETRY_AFTER,
};

const errorResponse = (status: number) => ({
  description: ERROR_WORDS[status] ?? 'An error.',
  ...(ERROR_HEADERS[status] ? { headers: ERROR_HEADERS[status] } : {}),
  content: {
    'application/json': {
      schema: {
        $ref:
          status === 422
            ? '#/components/schemas/HTTPValidationError'
            : '#/components/schemas/ErrorDetail',
      },
    },
  },
});

/** The roles a registered route's guard lets through (null: no key needed). */
function rolesOf(endpoint: Endpoint, routes: readonly ApiRoute[]) {
  const url = `${API_PREFIX}${routeUrl(endpoint.path)}`;
  const route = routes.find((r) => r.url === url && r.method === endpoint.method);
  if (!route || route.roles === undefined) {
    throw new Error(`${endpoint.method} ${endpoint.path}: no guarded route is registered for it`);
  }
  return route.roles;
}

function operation(endpoint: Endpoint, roles: readonly UserRole[] | null): Json {
  const parameters = [
    ...parametersOf(endpoint.params, 'path'),
    ...parametersOf(endpoint.query, 'query'),
  ];
  const statuses = new Set(endpoint.errors);
  // A key is looked up in the database: every endpoint that asks for one may meet it unreachable.
  if (roles) for (const status of [401, 403, 413, 429, 503]) statuses.add(status);
  const responses: Json = endpoint.noContent
    ? { 204: { description: 'Done (no body).' } }
    : {
        200: {
          description: 'Done.',
          content: endpoint.csv
            ? { 'text/csv': { schema: { type: 'string' } } }
            : endpoint.stream
              ? {
                  // Each line of NDJSON is one of these; CSV holds the same, one column a field.
                  'application/x-ndjson': { schema: jsonSchema(endpoint.answer, 'output') },
                  'text/csv': { schema: { type: 'string' } },
                }
              : { 'application/json': { schema: jsonSchema(endpoint.answer, 'output') } },
        },
      };
  for (const status of [...statuses].sort()) {
    // A worker's claim answers 204 when nothing waits: no body, and no error.
    responses[status] =
      status === 204 ? { description: 'Nothing to do (no body).' } : errorResponse(status);
  }
  // D14: a worker route takes a worker key only (no user role, no session).
  const worker = endpoint.access === 'worker';
  const who = worker
    ? "A worker key only; a user's key is refused (403)."
    : roles
      ? roles.length === USER_ROLES.length
        ? 'Any role.'
        : `Roles: ${roles.map((role) => `\`${role}\``).join(', ')}.`
      : 'No key needed.';
  return {
    summary: endpoint.summary,
    description: who,
    'x-roles': worker ? ['worker_key'] : (roles ?? []),
    // A bearer key, or the panel's session cookie (docs/security.md, "Sessions").
    security: worker ? [{ bearer: [] }] : roles ? [{ bearer: [] }, { session: [] }] : [],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: !endpoint.bodyOptional,
            content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } },
          },
        }
      : {}),
    ...(endpoint.multipartFiles
      ? {
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: [endpoint.multipartFiles],
                  properties: {
                    [endpoint.multipartFiles]: {
                      type: 'array',
                      items: { type: 'string', format: 'binary' },
                    },
                  },
                },
              },
            },
          },
        }
      : {}),
    responses,
  };
}

function build(routes: readonly ApiRoute[]): Json {
  const paths: Record<string, Json> = {};
  for (const endpoint of ALL_ENDPOINTS) {
    const method = endpoint.method.toLowerCase();
    (paths[endpoint.path] ??= {})[method] = operation(endpoint, rolesOf(endpoint, routes));
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sourcedesk API',
      version: RUNNING_VERSION,
      description:
        'Connectors, credentials, users and versions of the enterprise search service. ' +
        'Every error body is JSON with `detail`; a key is sent as `Authorization: Bearer <key>` ' +
        '(the panel signs in with a session cookie instead).',
    },
    servers: [{ url: API_PREFIX }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description:
            "The panel's session (POST /auth/session). A change made with it must come from this server's own pages (Origin).",
        },
      },
      schemas: {
        ErrorDetail: jsonSchema(errorDetailSchema, 'output'),
        HTTPValidationError: jsonSchema(httpValidationErrorSchema, 'output'),
      },
    },
  };
}

const built = new WeakMap<readonly ApiRoute[], Json>();
/** The document of an app's routes, made on first use and kept (it changes only with the code). */
export function openApiDocument(routes: readonly ApiRoute[]): Json {
  let document = built.get(routes);
  if (!document) built.set(routes, (document = build(routes)));
  return document;
}
