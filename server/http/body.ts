import type { FastifyRequest } from 'fastify';
import { JSON_DEPTH_MAX, TOO_DEEP } from '../../src/contract/rules';
import { tooDeepAt } from './jsonDepth';
import { jsonErrorOffset } from './jsonOffset';
import { markUnderflows } from './jsonUnderflow';
import { problem, validationProblem } from './problems';

const isJsonMediaType = (header: string | undefined) =>
  header?.split(';')[0]?.trim().toLowerCase() === 'application/json';

/**
 * D3: the JSON object a request carries. In the order of D2: 415 for a body that
 * is not declared JSON, then 422 for no body, text that is not JSON, or JSON that
 * is not an object.
 */
export function readJsonObject(request: FastifyRequest): Record<string, unknown> {
  const raw = request.body;
  const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : '';
  if (text.length > 0 && !isJsonMediaType(request.headers['content-type'])) {
    throw problem(415, 'Unsupported Media Type');
  }
  if (text.length === 0) {
    throw validationProblem([{ loc: ['body'], msg: 'Field required', type: 'missing' }]);
  }
  // Refused before anything is built (jsonDepth.ts): at the bracket that goes too deep.
  const deep = tooDeepAt(text, JSON_DEPTH_MAX);
  if (deep >= 0) {
    const offset = Array.from(text.slice(0, deep)).length;
    throw validationProblem([{ loc: ['body', offset], msg: TOO_DEEP, type: 'json_invalid' }]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const unit = Math.max(0, jsonErrorOffset(text));
    // Characters are counted in code points, as everywhere in the contract (D3, D6).
    const offset = Array.from(text.slice(0, unit)).length;
    const msg =
      unit >= text.length
        ? 'Invalid JSON: the text ends before the JSON value does'
        : `Invalid JSON: unexpected character at offset ${offset}`;
    throw validationProblem([{ loc: ['body', offset], msg, type: 'json_invalid' }]);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw validationProblem([
      { loc: ['body'], msg: 'Input should be a valid dictionary', type: 'dict_type' },
    ]);
  }
  markUnderflows(text, value);
  return value as Record<string, unknown>;
}

const INTEGER = /^-?\d+$/;

/** What parseIntegerText accepts: every integer a double holds exactly (D3), negatives too. */
export const INTEGER_TEXT_BOUNDS = {
  minimum: -Number.MAX_SAFE_INTEGER,
  maximum: Number.MAX_SAFE_INTEGER,
} as const;

/** D3: a path or query integer, parsed from text; null when it is not one. */
export function parseIntegerText(text: string): number | null {
  if (!INTEGER.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

export const intParsingError = (loc: (string | number)[]) => ({
  loc,
  msg: 'Input should be a valid integer, unable to parse string as an integer',
  type: 'int_parsing',
});

/** D3: the named path integers, or a 422 that lists every one that is not one. */
export function pathIntegers<K extends string>(
  params: Record<K, string>,
  ...names: K[]
): Record<K, number> {
  const values = {} as Record<K, number>;
  const errors = [];
  for (const name of names) {
    const value = parseIntegerText(params[name]);
    if (value === null) errors.push(intParsingError(['path', name]));
    else values[name] = value;
  }
  if (errors.length > 0) throw validationProblem(errors);
  return values;
}
