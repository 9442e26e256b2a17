// Every error answer is JSON with `detail` (D11). Handlers throw a Problem;
// the app's error handler sends it.
import type { ValidationError } from '../../src/contract/contract';

export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly body: { detail: string | ValidationError[] },
    readonly headers: Record<string, string | string[]> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : 'Request failed validation');
  }
}

export const problem = (
  status: number,
  detail: string,
  headers?: Record<string, string | string[]>,
) => new Problem(status, { detail }, headers);

export const validationProblem = (errors: ValidationError[]) =>
  new Problem(422, { detail: errors });

export const BODY_LIMIT = 1024 * 1024;
/** D11's 413; a route with a larger limit (an import's bundle) names its own. */
export const tooLarge = (limit: number = BODY_LIMIT) =>
  problem(
    413,
    `Request body is too large: the limit is ${limit / (1024 * 1024)} MiB (${limit} bytes).`,
  );
