import { ApiError } from '../api/client';

/** Statuses that say the server, or what it needs, did not answer: none at all, or a gateway's or the server's 502–504. */
const NO_ANSWER_STATUSES = new Set([0, 502, 503, 504]);

/**
 * Whether a failed request means the server could not be reached (no answer, or
 * a 502–504: the database or the server behind a proxy is down), as opposed to a
 * refusal or a fault of one request. The shell says these once for every page
 * (app/ServerReach.tsx), so a page does not say them again.
 */
export function isNoAnswer(error: unknown): boolean {
  return error instanceof ApiError && NO_ANSWER_STATUSES.has(error.status);
}

/**
 * The server's own words for a failure, when it sent some: the client falls back
 * to "The server answered <status>" when an error answer carries no `detail`.
 */
export function serverDetail(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === 0) return null;
  return error.message === `The server answered ${error.status}` ? null : error.message;
}

/** Words a person can act on, for any failed request. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403) {
      // The server's words may end without a full stop ("Type the secret again…").
      const words = /[.!?]$/.test(error.message) ? error.message : `${error.message}.`;
      return `Your role may not do this. ${words} Ask an administrator, or sign in with another key.`;
    }
    if (error.status === 0) return error.message;
    // A 503 says why (D11: the database cannot be reached) and when to come back.
    if (error.status === 503 && serverDetail(error)) return error.message;
    if (error.status >= 500) return `The server failed (${error.status}). Try again in a moment.`;
    return error.message;
  }
  return error instanceof Error ? error.message : 'Something went wrong.';
}

/**
 * Whether asking again could help: no answer, a server failure or too many
 * requests. A refusal (401, 403) or a request the server rejects stays so.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}
