// The activity log, read by admins: a page at a time (newest first, keyset
// paging on (time, id)), or all of a filter at once as NDJSON or CSV, streamed
// a chunk at a time so an export of millions of records holds one chunk in
// memory. No route changes or deletes a record.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AuditRecord } from '../../src/contract/audit';
import { encodeCursor, parseAuditQuery } from '../audit/query';
import type { Db } from '../db/database';
import { ADMIN } from '../auth/access';
import { csvLine } from '../http/csv';
import { listAudit, type AuditFilter } from '../repos/audit';
import type { RouteContext } from './context';

const EXPORT_CHUNK = 500;

const CSV_COLUMNS = [
  'id',
  'time',
  'action',
  'outcome',
  'actor_user_id',
  'actor_email',
  'actor_api_key_id',
  'resource_type',
  'resource_id',
  'resource_name',
  'address',
  'user_agent',
  'request_id',
  'changes',
] as const;

function recordLine(record: AuditRecord): string {
  const flat: Record<(typeof CSV_COLUMNS)[number], unknown> = {
    ...record,
    actor_user_id: record.actor.user_id,
    actor_email: record.actor.email,
    actor_api_key_id: record.actor.api_key_id,
  };
  return csvLine(CSV_COLUMNS.map((column) => flat[column]));
}

/** Every record of the filter, newest first, read a chunk at a time. */
async function* allRecords(db: Db, filter: AuditFilter) {
  let after = filter.after;
  for (;;) {
    const page = await listAudit(db, { ...filter, after }, EXPORT_CHUNK);
    yield* page;
    const lastRecord = page[page.length - 1];
    if (page.length < EXPORT_CHUNK || !lastRecord) return;
    after = { time: lastRecord.time, id: lastRecord.id };
  }
}

async function* exportLines(db: Db, filter: AuditFilter, format: 'ndjson' | 'csv') {
  if (format === 'csv') yield `${CSV_COLUMNS.join(',')}\r\n`;
  for await (const record of allRecords(db, filter)) {
    yield format === 'csv' ? recordLine(record) : `${JSON.stringify(record)}\n`;
  }
}

export function auditRoutes(app: FastifyInstance, { db, guard }: RouteContext) {
  const onRequest = guard(ADMIN);

  app.get('/admin/audit', { onRequest }, async (request) => {
    const { filter, limit } = parseAuditQuery(request.query as Record<string, string>);
    // One more than asked tells whether a next page exists.
    const rows = await listAudit(db, filter, limit + 1);
    const items = rows.slice(0, limit);
    const lastItem = items[items.length - 1];
    const more = rows.length > limit && lastItem;
    return { items, next_cursor: more ? encodeCursor(lastItem.time, lastItem.id) : null };
  });

  app.get('/admin/audit/export', { onRequest }, async (request, reply) => {
    const { filter, format } = parseAuditQuery(request.query as Record<string, string>, true);
    const type = format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson';
    return reply
      .type(type)
      .header('content-disposition', `attachment; filename="activity.${format}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(exportLines(db, filter, format)));
  });
}
