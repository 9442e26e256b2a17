// The one fetch client: base URL, bearer header, parsing with the contract, and
// one ApiError that keeps the status and the 422 detail list.
import type * as z from 'zod/mini';
import {
  errorDetailSchema,
  httpValidationErrorSchema,
  type ValidationError,
} from '../contract/answers';

let apiBase = '/api';
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
const authorization = (): Record<string, string> =>
  bearerKey ? { Authorization: `Bearer ${bearerKey}` } : {};

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

interface RequestOptions<S extends z.ZodMiniType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** The contract schema the answer must match. */
  schema: S;
  /** false for the endpoints that take no credentials (D2: /versions, /version). */
  authenticated?: boolean;
  signal?: AbortSignal;
}

function errorFrom(status: number, json: unknown): ApiError {
  const validation = httpValidationErrorSchema.safeParse(json);
  if (validation.success) {
    const first = validation.data.detail[0];
    return new ApiError(status, first?.msg ?? 'The request was not valid', validation.data.detail);
  }
  const plain = errorDetailSchema.safeParse(json);
  return new ApiError(status, plain.success ? plain.data.detail : `The server answered ${status}`);
}

export async function apiRequest<S extends z.ZodMiniType>(
  options: RequestOptions<S>,
): Promise<z.output<S>> {
  const { method = 'GET', path, query, body, schema, authenticated = true, signal } = options;
  const url = new URL(`${apiBase}${path}`, window.location.origin);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...(authenticated ? authorization() : {}),
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
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || 'the top level';
    throw new ApiError(
      response.status,
      `The server's answer to ${method} ${path} has an unexpected shape (at ${where})`,
    );
  }
  return parsed.data;
}

/** A file the API streams (the activity export): signed in the same way, the body as it comes. */
export async function apiDownload(path: string): Promise<Blob> {
  const response = await fetch(new URL(`${apiBase}${path}`, window.location.origin), {
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
