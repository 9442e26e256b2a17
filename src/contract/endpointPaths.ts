// The parts of an endpoint's declaration that need no zod: its method, path and
// access, and reading a path or query value as D3 and D5 say. The panel's
// client and the list's address use these on the list's path, which loads no
// schema; endpoint.ts re-exports every name.

/** Where the API lives on the server: every declared path is under it. */
export const API_PREFIX = '/api';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Who may call an endpoint (D2); the roles and the words of a refusal are the server's (auth/access.ts). */
// `worker`: a worker key only (D14); a user's key is refused there, and a worker key everywhere else.
export const ACCESS_LEVELS = ['public', 'anyRole', 'curatorOrAdmin', 'admin', 'worker'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** Fastify's spelling of a declared path: `{connector_id}` → `:connector_id`. */
export const routeUrl = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** The path with its parameters filled in (each one encoded). */
export function filledPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * D5: a query string as the declarations read it. When a parameter is
 * repeated the last one counts; an empty one is as if absent.
 */
export function queryValues(query: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, raw] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    const text: unknown = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (typeof text === 'string' && text !== '') values[name] = text;
  }
  return values;
}

const INTEGER = /^-?\d+$/;

/** D3: a path or query integer, parsed from text; null when it is not one. */
export function parseIntegerText(text: string): number | null {
  if (!INTEGER.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

export const INT_PARSING_MESSAGE =
  'Input should be a valid integer, unable to parse string as an integer';

/** An integer parameter's bounds (and default, when it has one). */
export interface IntegerBounds {
  minimum: number;
  maximum: number;
  default?: number;
}

/** What parseIntegerText accepts: every integer a double holds exactly (D3), negatives too. */
export const INTEGER_TEXT_BOUNDS: IntegerBounds = {
  minimum: -Number.MAX_SAFE_INTEGER,
  maximum: Number.MAX_SAFE_INTEGER,
};
