// The worker's one client of the server, as the panel's (src/api/client.ts):
// an endpoint is called by its declaration (src/contract/endpoints/worker.ts),
// its path filled from the declaration, the worker key as Bearer, and its
// answer checked with the declared schema. It reaches only the worker routes
// (D14): it has no other way to the server, and never the database.
import type * as z from 'zod/mini';
import { API_PREFIX, filledPath, type AnswerOf, type Endpoint } from '../src/contract/endpoint';

type Fields<S> = S extends z.ZodMiniType ? keyof z.input<S> & string : never;

export type CallInput<E extends Endpoint> = (E['params'] extends z.ZodMiniType
  ? { params: Record<Fields<E['params']>, string | number> }
  : { params?: undefined }) &
  (E['body'] extends z.ZodMiniType ? { body: z.input<E['body']> } : { body?: undefined });

/** An answer other than success; `status` 0: no answer at all (the server is down). */
export class ServerError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ServerError';
  }

  /** Worth asking again: no answer, the server busy or failing (its restart, an outage's 503). */
  get retryable() {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

/** The words of a problem answer (D3: a detail string, or 422's list). */
function problemWords(status: number, json: unknown): string {
  const detail = (json as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail) && typeof detail[0]?.msg === 'string') {
    const first = detail[0] as { msg: string; loc?: unknown[] };
    return `${first.msg} (at ${(first.loc ?? []).join('.')})`;
  }
  return `The server answered ${status}`;
}

export class WorkerClient {
  constructor(
    /** The server's address, e.g. http://127.0.0.1:8080 (without /api). */
    readonly server: string,
    private readonly key: string,
    private readonly timeoutMs = 30_000,
  ) {}

  /** Calls a declared endpoint; null for a 204 (no job waits). */
  async call<E extends Endpoint>(
    endpoint: E,
    ...[input]: E['params'] extends z.ZodMiniType
      ? [CallInput<E>]
      : E['body'] extends z.ZodMiniType
        ? [CallInput<E>]
        : [CallInput<E>?]
  ): Promise<AnswerOf<E> | null> {
    const { params, body } = (input ?? {}) as {
      params?: Record<string, string | number>;
      body?: unknown;
    };
    const url = `${this.server.replace(/\/+$/, '')}${API_PREFIX}${filledPath(endpoint.path, params)}`;
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${this.key}`,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(url, {
        method: endpoint.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new ServerError(0, `The server at ${this.server} could not be reached`);
    }
    if (response.status === 204) return null;
    const text = await response.text().catch(() => '');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      throw new ServerError(
        response.status,
        `The server answered ${response.status} with a body that is not JSON`,
      );
    }
    if (!response.ok) throw new ServerError(response.status, problemWords(response.status, json));
    const parsed = endpoint.answer.safeParse(json);
    if (!parsed.success) {
      const where = parsed.error.issues[0]?.path.join('.') || 'the top level';
      throw new ServerError(
        response.status,
        `The server's answer to ${endpoint.method} ${endpoint.path} has an unexpected shape (at ${where})`,
      );
    }
    return parsed.data as AnswerOf<E>;
  }
}
