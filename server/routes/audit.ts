// The activity log, read by admins (every record) and curators (D13: the
// records of what they see): a page at a time (newest first, keyset
// paging on (time, id)), or all of a filter at once as NDJSON or CSV, streamed
// a chunk at a time so an export of millions of records holds one chunk in
// memory and other requests are served while it runs. No route changes or deletes a record.
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { visibleResources } from '../groups/visibility';
import type { AuditRecord } from '../../src/contract/audit';
import {
  AUDIT_LIMIT,
  encodeCursor,
  type AuditFilter as AuditQuery,
  type ExportFormat,
} from '../../src/contract/auditQuery';
import { exportAudit, listAudit as listAuditEndpoint } from '../../src/contract/endpoints/audit';
import { readingTransaction, type Db } from '../db/database';
import { csvLine } from '../http/csv';
import { listAudit, type AuditFilter } from '../repos/audit';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';

/**
 * Records per query of an export: about a millisecond of the event loop's time
 * each (read, encoded, handed to the socket), so a request that arrives meanwhile
 * waits for one chunk at most (500 held it up to 403 ms on a busy machine).
 */
const EXPORT_CHUNK = 100;
/** Said when an export ends before its last record (the client went away, or the store failed). */
export const EXPORT_STOPPED = 'activity export stopped before its last record';
/** Bytes of an export read ahead of what the client has taken. */
const EXPORT_BUFFER = 64 * 1024;

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

/**
 * The export's text, a chunk of records at a time, newest first. Between two
 * chunks the event loop serves other requests (on SQLite a chunk's query runs
 * on it: a chunk must stay small); the next chunk is read only when the client
 * has taken the last (the Readable's highWaterMark), and a client that goes
 * away ends the reading (Fastify destroys the stream, which returns the generator).
 */
async function* exportText(
  db: Db,
  filter: AuditFilter,
  format: ExportFormat,
  log: FastifyBaseLogger,
) {
  const line =
    format === 'csv' ? recordLine : (record: AuditRecord) => `${JSON.stringify(record)}\n`;
  let records = 0;
  let complete = false;
  try {
    if (format === 'csv') yield `${CSV_COLUMNS.join(',')}\r\n`;
    let after = filter.after;
    for (;;) {
      const chunk = await listAudit(db, { ...filter, after }, EXPORT_CHUNK);
      records += chunk.length;
      if (chunk.length > 0) yield chunk.map(line).join('');
      const lastRecord = chunk[chunk.length - 1];
      if (chunk.length < EXPORT_CHUNK || !lastRecord) break;
      after = { time: lastRecord.time, id: lastRecord.id };
      await nextTurn();
    }
    complete = true;
  } finally {
    if (!complete) log.info({ records_read: records }, EXPORT_STOPPED);
  }
}

/** The query's filter as the repository takes it: the cursor is where the page starts. */
const filterOf = ({ cursor, ...filter }: AuditQuery): AuditFilter => ({ ...filter, after: cursor });

export function auditRoutes(app: FastifyInstance, { db, guard }: RouteContext) {
  const route = declaredRoutes(app, guard);

  // D13: an admin reads every record; a curator those of what they see.
  const visibleTo = (request: FastifyRequest) =>
    readingTransaction(db).execute((trx) => visibleResources(trx, request.user!));

  route(
    listAuditEndpoint,
    async ({ query: { limit = AUDIT_LIMIT.default, ...query } }, request) => {
      const filter = { ...filterOf(query), visible: await visibleTo(request) };
      // One more than asked tells whether a next page exists.
      const rows = await listAudit(db, filter, limit + 1);
      const items = rows.slice(0, limit);
      const lastItem = items[items.length - 1];
      const more = rows.length > limit && lastItem;
      return { items, next_cursor: more ? encodeCursor(lastItem) : null };
    },
  );

  route(
    exportAudit,
    async ({ query: { format = 'ndjson', limit: _all, ...query } }, request, reply) => {
      const filter = { ...filterOf(query), visible: await visibleTo(request) };
      const type = format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson';
      return reply
        .type(type)
        .header('content-disposition', `attachment; filename="activity.${format}"`)
        .header('cache-control', 'no-store')
        .send(
          Readable.from(exportText(db, filter, format, request.log), {
            objectMode: false,
            highWaterMark: EXPORT_BUFFER,
          }),
        );
    },
  );
}
