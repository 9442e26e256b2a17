// The one fetch client: base URL, bearer header, parsing with the contract, and
// one ApiError that keeps the status and the 422 detail list. An endpoint is
// called by its route (routes.ts: the declaration's name, method, path and
// access); its answer is checked with the declared schema: by the validator
// the build made of it for a read before the list's first rows
// (firstRowsReads.ts), by zod, loaded on first need, for every other.
import type * as z from 'zod/mini';
import { checks, shapes } from 'virtual:answer-checks';
import { departure } from './answerShape';
import type { ValidationError } from '../contract/answers';
import type { AnswerOf, Endpoint } from '../contract/endpoint';
import { API_PREFIX, filledPath } from '../contract/endpointPaths';
import type { DeclaredBy, Route } from './routes';

let apiBase = API_PREFIX;
/** Tests point the panel at a real server on another origin. */
export const setApiBase = (base: string) => {
  apiBase = base.replace(/\/$/, '');
};
/** Where the API is, for a link to one of its documents. */
export const getApiBase = () => apiBase;

/**
 * The panel signs in with the session cookie, which the browser sends by
 * itself. A panel served from another origin than its API (the component
 * tests) cannot hold that cookie: it sends a key as any API client does.
 */
let bearerKey: string | null = null;
export const setBearerKey = (key: string | null) => {
  bearerKey = key;
};

/**
 * A `#key=` sign-in link's key, held only while its exchange for a session
 * runs, for the first reads alone (docs/security.md, "Sessions"): those reads
 * leave at once, as any API client's would, instead of after the exchange.
 * Never stored; dropped when the exchange settles, so every later request goes
 * with the session.
 */
let firstReadsKey: { key: string; routes: ReadonlySet<string> } | null = null;
export const setFirstReadsKey = (key: string | null, routeNames: readonly string[] = []) => {
  firstReadsKey = key === null ? null : { key, routes: new Set(routeNames) };
};

const authorization = (route?: Route): Record<string, string> => {
  const key =
    bearerKey ?? (route && firstReadsKey?.routes.has(route.name) ? firstReadsKey.key : null);
  return key ? { Authorization: `Bearer ${key}` } : {};
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The 422 problems, each with its `loc`; empty for other errors. */
    readonly validationErrors: ValidationError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Status 0 means no answer came (network down, server stopped). */
const NO_ANSWER = 0;

type Fields<S> = S extends z.ZodMiniType ? keyof z.input<S> & string : never;

/** What a call of a declared endpoint sends: its path's values, its query and its body. */
export type CallInput<E extends Endpoint> = {
  query?: Partial<Record<Fields<E['query']>, string | number | boolean | undefined>>;
  signal?: AbortSignal;
} & (E['params'] extends z.ZodMiniType
  ? { params: Record<Fields<E['params']>, string | number> }
  : { params?: undefined }) &
  (E['body'] extends z.ZodMiniType
    ? E['bodyOptional'] extends true
      ? { body?: z.input<E['body']> }
      : { body: z.input<E['body']> }
    : { body?: undefined });

/** The address of a declared endpoint with its path's values and query. */
function urlOf(endpoint: Route, input: Omit<CallInput<Endpoint>, 'body' | 'signal'>): URL {
  const url = new URL(
    `${apiBase}${filledPath(endpoint.path, input.params)}`,
    window.location.origin,
  );
  for (const [name, value] of Object.entries(input.query ?? {})) {
    // An empty filter is no filter (D5): it is left out of the address.
    if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
  }
  return url;
}

/** Where `json` departs from a checked shape (null: it has it); undefined when `name` has no shape. */
function checkedShape(name: string, json: unknown): string | null | undefined {
  const id = Object.hasOwn(checks, name) ? checks[name] : undefined;
  return id === undefined ? undefined : departure(json, shapes[id]!, shapes);
}

function errorFrom(status: number, json: unknown): ApiError {
  if (checkedShape('problemValidation', json) === null) {
    const { detail } = json as { detail: ValidationError[] };
    return new ApiError(status, detail[0]?.msg ?? 'The request was not valid', detail);
  }
  return new ApiError(
    status,
    checkedShape('problemDetail', json) === null
      ? (json as { detail: string }).detail
      : `The server answered ${status}`,
  );
}

/** The answer as declared, or where it is not (a dotted path; "" at the top). */
async function checkedAnswer(
  route: Route,
  json: unknown,
): Promise<{ data: unknown } | { where: string }> {
  const where = checkedShape(route.name, json);
  if (where !== undefined) return where === null ? { data: json } : { where };
  const { ENDPOINTS_BY_NAME } = await import('../contract/endpoints/all');
  const parsed = ENDPOINTS_BY_NAME[route.name]!.answer.safeParse(json);
  return parsed.success
    ? { data: parsed.data }
    : { where: parsed.error.issues[0]?.path.join('.') ?? '' };
}

/**
 * Calls a declared endpoint (src/contract/endpoints/) and parses its answer
 * with the declared schema. A public endpoint is asked without a key (D2, D9).
 */
export async function apiRequest<R extends Route, E extends Endpoint = DeclaredBy<R>>(
  endpoint: R,
  ...[input]: E['params'] extends z.ZodMiniType
    ? [CallInput<E>]
    : E['body'] extends z.ZodMiniType
      ? [CallInput<E>]
      : [CallInput<E>?]
): Promise<AnswerOf<E>> {
  const { body, signal } = (input ?? {}) as CallInput<Endpoint>;
  const { method } = endpoint;
  const url = urlOf(endpoint, (input ?? {}) as CallInput<Endpoint>);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...(endpoint.access === 'public' ? {} : authorization(endpoint)),
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(NO_ANSWER, 'The server could not be reached. Check that it is running.');
  }
  return answerOf<E>(endpoint, response);
}

/** A JSON answer checked with the route's declared schema, or its error as an ApiError. */
async function answerOf<E extends Endpoint>(
  route: Route,
  response: Response,
): Promise<AnswerOf<E>> {
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    throw new ApiError(
      response.status,
      `The server answered ${response.status} with a body that is not JSON`,
    );
  }
  if (!response.ok) throw errorFrom(response.status, json);
  const answer = await checkedAnswer(route, json);
  if ('where' in answer) {
    throw new ApiError(
      response.status,
      `The server's answer to ${route.method} ${route.path} has an unexpected shape (at ${answer.where || 'the top level'})`,
    );
  }
  return answer.data as AnswerOf<E>;
}

/**
 * Sends files to a declared upload (multipart, the files in its field), signed
 * like every call; the browser writes the body's boundary, and the answer is
 * checked as any other.
 */
export async function apiUpload<R extends Route, E extends Endpoint = DeclaredBy<R>>(
  endpoint: R,
  field: string,
  files: readonly File[],
  signal?: AbortSignal,
  query: Record<string, string> = {},
): Promise<AnswerOf<E>> {
  const body = new FormData();
  for (const file of files) body.append(field, file, file.name);
  let response: Response;
  try {
    response = await fetch(urlOf(endpoint, { query }), {
      method: endpoint.method,
      headers: { Accept: 'application/json', ...authorization() },
      body,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(NO_ANSWER, 'The server could not be reached. Check that it is running.');
  }
  return answerOf<E>(endpoint, response);
}

/** A file the API streams (the activity export): signed in the same way, the body as it comes. */
export async function apiDownload<R extends Route, E extends Endpoint = DeclaredBy<R>>(
  endpoint: R,
  input: Omit<CallInput<E>, 'body' | 'signal'> = {} as Omit<CallInput<E>, 'body' | 'signal'>,
): Promise<Blob> {
  const response = await fetch(urlOf(endpoint, input as CallInput<Endpoint>), {
    headers: authorization(),
  });
  if (!response.ok) {
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON: the status says it */
    }
    throw errorFrom(response.status, json);
  }
  return response.blob();
}
