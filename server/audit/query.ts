// The activity log's filters, from the query string (D3: every problem is
// reported, each at its `["query", name]`).
import { AUDIT_ACTIONS, AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX } from '../../src/contract/audit';
import { parseDateTime } from '../../src/contract/rules';
import type { ValidationError } from '../../src/contract/contract';
import { intParsingError, parseIntegerText } from '../http/body';
import { validationProblem } from '../http/problems';
import type { AuditFilter } from '../repos/audit';

/** `limit`'s bounds (the OpenAPI document says the same). */
export const AUDIT_LIMIT = { minimum: 1, maximum: AUDIT_PAGE_MAX, default: AUDIT_PAGE_DEFAULT };
export const EXPORT_FORMATS = ['ndjson', 'csv'] as const;

type Query = Record<string, string | string[] | undefined>;

/** When a parameter is repeated, the last one counts (as D5 reads `credential`). */
const last = (query: Query, name: string) => {
  const raw = query[name];
  const text = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  return text === '' ? undefined : text;
};

/** A cursor is the last record's (time, id), opaque to clients. */
export const encodeCursor = (time: string, id: number) =>
  Buffer.from(`${time}|${id}`, 'utf8').toString('base64url');

function decodeCursor(text: string): { time: string; id: number } | null {
  const [time, id, extra] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const number = id === undefined ? null : parseIntegerText(id);
  if (extra !== undefined || !time || number === null || !parseDateTime(time)) return null;
  return { time, id: number };
}

const problemAt = (name: string, msg: string, type = 'value_error'): ValidationError => ({
  loc: ['query', name],
  msg,
  type,
});

export function parseAuditQuery(query: Query, forExport = false) {
  const errors: ValidationError[] = [];
  const filter: AuditFilter = {};
  const action = last(query, 'action');
  if (action !== undefined) {
    if ((AUDIT_ACTIONS as readonly string[]).includes(action)) filter.action = action;
    else
      errors.push(
        problemAt('action', `Input should be one of ${AUDIT_ACTIONS.join(', ')}`, 'enum'),
      );
  }
  for (const name of ['actor', 'resource_type', 'resource_id'] as const) {
    const value = last(query, name);
    if (value === undefined) continue;
    if (value.length > 512 || value.includes('\u0000')) {
      errors.push(problemAt(name, 'Input should be at most 512 characters, without NUL'));
    } else filter[name] = value;
  }
  for (const name of ['since', 'until'] as const) {
    const value = last(query, name);
    if (value === undefined) continue;
    const date = parseDateTime(value);
    if (date) filter[name] = date.toISOString();
    else
      errors.push(
        problemAt(name, 'Input should be a valid date-time, such as 2026-01-31T12:00:00Z'),
      );
  }
  const cursor = last(query, 'cursor');
  if (cursor !== undefined) {
    const after = decodeCursor(cursor);
    if (after) filter.after = after;
    else errors.push(problemAt('cursor', 'Input should be a next_cursor this API gave'));
  }
  let limit = AUDIT_LIMIT.default;
  const limitText = last(query, 'limit');
  if (limitText !== undefined) {
    const value = parseIntegerText(limitText);
    if (value === null) errors.push(intParsingError(['query', 'limit']));
    else if (value < AUDIT_LIMIT.minimum) {
      errors.push(
        problemAt('limit', 'Input should be greater than or equal to 1', 'greater_than_equal'),
      );
    } else if (value > AUDIT_LIMIT.maximum) {
      errors.push(
        problemAt('limit', `Input should be less than or equal to ${AUDIT_LIMIT.maximum}`),
      );
    } else limit = value;
  }
  let format: (typeof EXPORT_FORMATS)[number] = 'ndjson';
  const formatText = last(query, 'format');
  if (forExport && formatText !== undefined) {
    if (formatText === 'csv' || formatText === 'ndjson') format = formatText;
    else errors.push(problemAt('format', "Input should be 'ndjson' or 'csv'", 'enum'));
  }
  if (errors.length > 0) throw validationProblem(errors);
  return { filter, limit, format };
}
