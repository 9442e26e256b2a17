// One declaration per endpoint: its method and path, what it takes
// (path, query and body, each a zod schema), what it answers, who may call it
// and the activity action it records. The server registers and validates its
// routes from these (server/routes/route.ts), the panel's client calls them
// (src/api/client.ts), and the OpenAPI document is made of them
// (server/openapi/document.ts): a path is written here and nowhere else.
import * as z from 'zod/mini';
import type { AuditAction } from './audit';
import { issueType } from './answers';
import {
  INT_PARSING_MESSAGE,
  INTEGER_TEXT_BOUNDS,
  parseIntegerText,
  type AccessLevel,
  type HttpMethod,
  type IntegerBounds,
} from './endpointPaths';

export {
  ACCESS_LEVELS,
  API_PREFIX,
  filledPath,
  HTTP_METHODS,
  INT_PARSING_MESSAGE,
  INTEGER_TEXT_BOUNDS,
  parseIntegerText,
  queryValues,
  routeUrl,
  type AccessLevel,
  type HttpMethod,
  type IntegerBounds,
} from './endpointPaths';

type Schema = z.ZodMiniType;

/**
 * What a cached answer is made of, by the tables it reads (server/db/readRevisions.ts
 * maps each table to one): a write to any other table leaves the answer kept.
 * `people`: users and invitations; `keys`: API keys and sessions; `groups`:
 * groups, their members and what they are given; `grants`: the members and
 * what groups are given, without the groups' own rows (a group made or renamed
 * empty keeps it); `connectors`: connectors, credentials, pairs, settings,
 * document sets; `sync`: workers, jobs, documents, alerts.
 */
export const READ_TOPICS = ['people', 'keys', 'groups', 'grants', 'connectors', 'sync'] as const;
export type ReadTopic = (typeof READ_TOPICS)[number];

export interface Endpoint {
  method: HttpMethod;
  /** Under /api, in OpenAPI's spelling: `/manage/admin/connector/{connector_id}`. */
  path: string;
  /** One sentence for the API reference. */
  summary: string;
  access: AccessLevel;
  /** The path's parameters: an object of integerText() fields, named as in `path`. */
  params?: Schema;
  /** The query string, after queryValues(): an object of optional text fields. */
  query?: Schema;
  /**
   * Query parameters that must be given at most once and never empty (a switch
   * such as `dry_run`, where guessing between `?x=` or `?x=true&x=false` would write): 422 otherwise.
   */
  singleQuery?: readonly string[];
  /** The JSON body. */
  body?: Schema;
  /** The body may be left out (D7's attach): the handler then gets `undefined`. */
  bodyOptional?: boolean;
  /** The success answer (200); for a stream, one record of it. */
  answer: Schema;
  /** The activity record a write makes (and a refusal of it, D2). */
  action?: AuditAction;
  /** Error statuses beyond those every endpoint that asks for a key has (401, 403, 413, 429, 503). */
  errors: readonly number[];
  /** Streamed as NDJSON (or CSV), not one JSON answer. */
  stream?: boolean;
  /** A CSV file (text/csv), not JSON: `answer` is then a string. */
  csv?: boolean;
  /** Answers 204 with no body (`answer` is then z.null()). */
  noContent?: boolean;
  /** A larger body than D11's 1 MiB, in bytes (an import's bundle). */
  bodyLimit?: number;
  /** The body is multipart/form-data, files in this field (an upload), not JSON. */
  multipartFiles?: string;
  /**
   * The answer is kept as bytes per view until a table of these topics changes
   * (server/http/cachedJson.ts): name every topic whose tables the answer reads.
   */
  cachedReads?: readonly ReadTopic[];
  /**
   * The topics an admin's answer reads, when fewer than `cachedReads`: an admin
   * sees everything, so no group or person decides what it holds, and a write
   * to the other topics (a group made or changed) keeps it.
   */
  adminCachedReads?: readonly ReadTopic[];
}

/** Checks a declaration's type while keeping its own (its schemas stay typed for the callers). */
export const endpoint = <const E extends Endpoint>(declared: E): E => declared;

type OutputOf<S> = S extends Schema ? z.output<S> : undefined;
export type ParamsOf<E extends Endpoint> = OutputOf<E['params']>;
export type QueryOf<E extends Endpoint> = OutputOf<E['query']>;
export type BodyOf<E extends Endpoint> = OutputOf<E['body']>;
export type AnswerOf<E extends Endpoint> = z.output<E['answer']>;

/** The bounds of each integer parameter, for the OpenAPI document (which may promise no more). */
export const integerParameters = z.registry<IntegerBounds>();

/** A parameter's words (the API reference), on the schema itself. */
export const described = <S extends Schema>(schema: S, description: string): S =>
  schema.check(z.describe(description)) as S;

/**
 * An integer sent as text (a path id, a query number): int_parsing when it is
 * not one, then its bounds (greater_than_equal, value_error: D3's words).
 */
export function integerText(description: string, bounds: IntegerBounds = INTEGER_TEXT_BOUNDS) {
  const schema = z.pipe(
    z.string().check(
      z.refine((text) => parseIntegerText(text) !== null, {
        message: INT_PARSING_MESSAGE,
        ...issueType('int_parsing'),
      }),
    ),
    z.pipe(
      z.transform((text: string) => Number(text)),
      z.number().check(z.gte(bounds.minimum), z.lte(bounds.maximum)),
    ),
  );
  const withWords = described(schema, description);
  integerParameters.add(withWords, bounds);
  return withWords;
}

/** Text as it is sent, with its words. */
export const queryText = (description: string) => described(z.string(), description);
