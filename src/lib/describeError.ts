import { ApiError } from '../api/client';

/** Words a person can act on, for any failed request. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403) {
      return `Your role may not do this. ${error.message} Ask an administrator, or sign in with another key.`;
    }
    if (error.status === 0) return error.message;
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
