// The contract's pure rules (decisions.md, D4–D7): limits, predicates and
// parsers that the schemas in contract.ts use, and that the server's routes and
// the panel's forms call directly, so each rule is written once.
import type { DocumentSource } from './contract';

/**
 * D3 reports every problem of a request, up to this many: a list of a million
 * wrong items gets its first hundred problems, not an answer larger than the request.
 */
export const MAX_PROBLEMS = 100;

/** D4: a connector's trimmed name is 1–200 characters. */
export const CONNECTOR_NAME_MAX_LENGTH = 200;
// The schedules' minimums and which credential fits which source live in
// pairRules.ts (the connectors list's path reads them without the rest).
export {
  CREDENTIAL_FREE_SOURCES,
  credentialFitsSource,
  EMPTY_CREDENTIAL_ID,
  PRUNE_FREQ_MIN,
  REFRESH_FREQ_MIN,
} from './pairRules';

/** D4: two connectors are duplicates when their trimmed names (letter case counts) and sources are equal. */
export const isDuplicateConnector = (
  a: { name: string; source: DocumentSource },
  b: { name: string; source: DocumentSource },
) => a.source === b.source && a.name.trim() === b.name.trim();

export const EMAIL_MAX_LENGTH = 254;
// No white space, control character or half a surrogate pair anywhere (PostgreSQL
// refuses NUL in text, and would store half a pair as U+FFFD).
const EMAIL_PATTERN = /^[^\s@\p{Cc}\p{Cs}]+@[^\s@.\p{Cc}\p{Cs}]+(?:\.[^\s@.\p{Cc}\p{Cs}]+)+$/u;
export const isEmailAddress = (value: string) =>
  value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);

/**
 * A key made in the panel is a user of its own, `api-key-<id>@` this domain:
 * such an address is never a person's (not signed in, invited nor imported).
 */
export const SERVICE_EMAIL_DOMAIN = 'api-keys.invalid';
export const isKeyAddress = (email: string) =>
  email.toLowerCase().endsWith(`@${SERVICE_EMAIL_DOMAIN}`);
export const KEY_ADDRESS_PROBLEM = 'it belongs to an API key, not to a person';

/** D4: an absolute http or https address. */
export function urlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Input should be a valid URL, for example https://example.atlassian.net';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return "URL scheme should be 'http' or 'https'";
  }
  return url.hostname ? null : 'Input should be a valid URL with a host';
}

/** How deep a per-source config may nest; deeper is refused, not stored (D11). */
export const CONFIG_MAX_DEPTH = 32;

/**
 * D3: a JSON body nests at most this many arrays and objects deep, refused
 * before it is parsed: the deepest thing a body holds is a config, and no body
 * puts one more than eight levels down (a bundle's connector: bundle,
 * connectors, connector, config).
 */
export const JSON_DEPTH_MAX = CONFIG_MAX_DEPTH + 8;

/** The words of that refusal. */
export const TOO_DEEP = `Invalid JSON: nested deeper than ${JSON_DEPTH_MAX} arrays and objects`;
/** How long a per-source config may be, as JSON text in UTF-8; longer is refused (D11). */
export const CONFIG_MAX_BYTES = 64 * 1024;

export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Levels of objects and lists, counted level by level (no recursion), up to the limit + 1. */
export function depthOf(value: unknown): number {
  let depth = 0;
  let level: unknown[] = [value];
  while (depth <= CONFIG_MAX_DEPTH) {
    const next: unknown[] = [];
    for (const item of level) {
      if (item === null || typeof item !== 'object') continue;
      // One at a time: spreading a list of a million items would overflow the stack.
      for (const child of Object.values(item)) next.push(child);
    }
    if (next.length === 0 && !level.some((item) => item !== null && typeof item === 'object'))
      break;
    depth++;
    level = next;
  }
  return depth;
}

/** D11: why a per-source config is refused for its size, or null when it is within the limits. */
export function configLimitProblem(config: unknown): string | null {
  // Depth first: JSON.stringify recurses, and is safe only on what nests a little.
  if (depthOf(config) > CONFIG_MAX_DEPTH) {
    return `Input should nest at most ${CONFIG_MAX_DEPTH} levels of objects and lists`;
  }
  if (new TextEncoder().encode(JSON.stringify(config)).length > CONFIG_MAX_BYTES) {
    return `Input should be at most 64 KiB (${CONFIG_MAX_BYTES} bytes) as JSON text`;
  }
  return null;
}

/** D4: ISO-8601 date-time; no offset means UTC; a bare date is refused. */
export function parseDateTime(value: string): Date | null {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(
      value,
    );
  if (!match) return null;
  // Date would roll 2026-02-30 over into March: a day the month lacks is refused.
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (daysInMonth === undefined || day < 1 || day > daysInMonth) return null;
  const text = value.replace(' ', 'T').replace(/(\.\d{3})\d+/, '$1');
  const date = new Date(match[4] ? text : `${text}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Text no store keeps as sent: half of a UTF-16 pair without its other half,
 * or the NUL character (PostgreSQL text cannot hold it; SQLite would). Refused
 * alike on both stores, so they answer the same.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\u0000/;
export const hasUnstorableText = (value: string) => UNSTORABLE.test(value);

/**
 * D4: why a number in a config cannot be stored and returned as sent, or null.
 * JSON text is kept as JavaScript numbers: an overflow would come back as null,
 * -0 as 0, and an integer past 2^53 with other digits, so they are refused.
 * NaN, which JSON cannot hold, is how the server's parser marks a number whose
 * text is not zero but that parsed to 0 (an underflow such as 1e-400).
 */
export function numberProblem(value: number): string | null {
  if (Number.isNaN(value)) return 'Number is too small to be kept: it would be stored as 0';
  if (!Number.isFinite(value)) return 'Number is too large to be kept: it would be stored as null';
  if (Object.is(value, -0)) return 'Number -0 cannot be kept as sent: it would be stored as 0';
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
    return 'Integers must lie between -(2^53 - 1) and 2^53 - 1: larger ones would lose digits';
  }
  return null;
}

/** The paths of the numbers in `value` that cannot be kept (numberProblem), the first `limit` of them. */
export function unkeepableNumbers(
  value: unknown,
  limit = MAX_PROBLEMS,
): { path: (string | number)[]; problem: string }[] {
  const found: { path: (string | number)[]; problem: string }[] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0 && found.length < limit) {
    const next = stack.pop()!;
    if (typeof next.value === 'number') {
      const problem = numberProblem(next.value);
      if (problem) found.push({ path: next.path, problem });
    } else if (next.value !== null && typeof next.value === 'object') {
      const entries = Array.isArray(next.value)
        ? next.value.map((item, index) => [index, item] as const)
        : Object.entries(next.value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        stack.push({ value: item, path: [...next.path, key] });
      }
    }
  }
  return found;
}
