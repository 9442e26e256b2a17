// The activity log's filters (docs/api.md, "Activity log"), as a query string: one
// schema read by the server (D3: every problem at its ["query", name]), sent by
// the panel and told by the API reference. When a parameter is repeated the
// last one counts, and an empty one is as if absent (endpoint.ts, queryValues).
import * as z from 'zod/mini';
import { AUDIT_ACTIONS, AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX, AUDIT_RESOURCE_TYPES } from './audit';
import { described, integerText, parseIntegerText } from './endpoint';
import { parseDateTime } from './rules';
import { issueType } from './schemaParts';

/** `limit`'s bounds. */
export const AUDIT_LIMIT = { minimum: 1, maximum: AUDIT_PAGE_MAX, default: AUDIT_PAGE_DEFAULT };
export const EXPORT_FORMATS = ['ndjson', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Where a page ends: the last record's (time, id). */
export interface AuditCursor {
  time: string;
  id: number;
}

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function fromBase64Url(text: string): string | null {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** A cursor is the last record's (time, id), opaque to clients. */
export const encodeCursor = ({ time, id }: AuditCursor) => toBase64Url(`${time}|${id}`);

export function decodeCursor(text: string): AuditCursor | null {
  const [time, id, extra] = (fromBase64Url(text) ?? '').split('|');
  const number = id === undefined ? null : parseIntegerText(id);
  if (extra !== undefined || !time || number === null || !parseDateTime(time)) return null;
  return { time, id: number };
}

/** A text that is checked, then read as `read` makes it. */
function checkedText<T>(
  description: string,
  read: (text: string) => T | null,
  message: string,
  type = 'value_error',
) {
  return described(
    z.pipe(
      z.string().check(z.refine((text) => read(text) !== null, { message, ...issueType(type) })),
      z.transform((text: string) => read(text)!),
    ),
    description,
  );
}

const oneOf =
  <const T extends readonly string[]>(values: T) =>
  (text: string) =>
    (values as readonly string[]).includes(text) ? (text as T[number]) : null;

const boundedText = (description: string) =>
  checkedText(
    description,
    (text) => (text.length > 512 || text.includes('\u0000') ? null : text),
    'Input should be at most 512 characters, without NUL',
  );

const dateTime = (description: string) =>
  checkedText(
    description,
    (text) => parseDateTime(text)?.toISOString() ?? null,
    'Input should be a valid date-time, such as 2026-01-31T12:00:00Z',
  );

// The order of the fields is the order of their problems (D3).
export const auditFilterSchema = z.object({
  action: z.optional(
    checkedText(
      `One action: ${AUDIT_ACTIONS.join(', ')}.`,
      oneOf(AUDIT_ACTIONS),
      `Input should be one of ${AUDIT_ACTIONS.join(', ')}`,
      'enum',
    ),
  ),
  actor: z.optional(boundedText("The actor's e-mail address (letter case ignored) or user id.")),
  resource_type: z.optional(boundedText(`One of ${AUDIT_RESOURCE_TYPES.join(', ')}.`)),
  resource_id: z.optional(boundedText("The resource's id, as text.")),
  since: z.optional(dateTime('Records at or after this ISO-8601 date-time.')),
  until: z.optional(dateTime('Records at or before this ISO-8601 date-time.')),
  cursor: z.optional(
    checkedText(
      'The next_cursor of the page before: older records.',
      decodeCursor,
      'Input should be a next_cursor this API gave',
    ),
  ),
});
/** The filters as the panel sends them (and keeps them in its address). */
export type AuditFilters = z.input<typeof auditFilterSchema>;
/** The filters' names, from the schema: the panel's address holds exactly these. */
export const AUDIT_FILTER_NAMES = Object.keys(auditFilterSchema.shape) as (keyof AuditFilters)[];
export type AuditFilter = z.output<typeof auditFilterSchema>;

export const auditPageQuerySchema = z.extend(auditFilterSchema, {
  limit: z.optional(integerText('Records a page, at most 200.', AUDIT_LIMIT)),
});

// The export checks `limit` too (a wrong one is a 422 there as well), though it sends every record.
export const auditExportQuerySchema = z.extend(auditPageQuerySchema, {
  format: z.optional(
    checkedText(
      'ndjson (the default) or csv.',
      oneOf(EXPORT_FORMATS),
      "Input should be 'ndjson' or 'csv'",
      'enum',
    ),
  ),
});
