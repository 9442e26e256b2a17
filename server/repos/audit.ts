// The activity log's rows. Written only inside the transaction of the change
// they tell of (server/audit/recorder.ts); read newest first by (time, id), so
// a cursor stays where it was while new records arrive at the front.
import { sql } from 'kysely';
import type { AuditRecord } from '../../src/contract/audit';
import type { AuditCursor, AuditFilter as AuditQuery } from '../../src/contract/auditQuery';
import type { Db } from '../db/database';
import type { AuditTable } from '../db/schema';
import type { VisibleResources } from '../groups/visibility';

export type AuditRow = Omit<AuditTable, 'id'>;

/**
 * The activity log's filter (src/contract/auditQuery.ts, as the query string
 * gives it), the cursor as the last record of the page before: older records follow it.
 */
export type AuditFilter = Omit<AuditQuery, 'cursor'> & {
  after?: AuditCursor;
  /** Only the records of these resources (a curator's view, D13); every record when absent. */
  visible?: VisibleResources | null;
};

export async function insertAudit(db: Db, row: AuditRow): Promise<number> {
  const inserted = await db
    .insertInto('audit_log')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Rows written many a statement, in their order (ids rise with it): an import's hundreds of records. */
export async function insertAudits(db: Db, rows: readonly AuditRow[]): Promise<void> {
  // 500 rows of 14 values: within both stores' limit of values a statement takes.
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('audit_log')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}

/** Aggregated failures: the count of a record written a moment ago grows in place. */
export async function setAuditChanges(db: Db, id: number, changes: unknown): Promise<void> {
  await db
    .updateTable('audit_log')
    .set({ changes: JSON.stringify(changes) })
    .where('id', '=', id)
    .execute();
}

/** The records of a filter, as yet unordered and unread. */
type AuditSelect = ReturnType<typeof auditRows>;

/** Every filter but the actor, each served by an index of 0004/0009 in (time, id) order. */
function auditRows(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.resource_type) query = query.where('resource_type', '=', filter.resource_type);
  if (filter.resource_id) query = query.where('resource_id', '=', filter.resource_id);
  if (filter.since) query = query.where('time', '>=', filter.since);
  if (filter.until) query = query.where('time', '<=', filter.until);
  const visible = filter.visible;
  if (visible) {
    const seen = Object.entries(visible).filter(([, ids]) => ids.length > 0);
    // Nothing seen: no record (ids start at 1).
    if (seen.length === 0) query = query.where('id', '<', 0);
    else {
      query = query.where((eb) =>
        eb.or(
          seen.map(([type, ids]) =>
            eb.and([eb('resource_type', '=', type), eb('resource_id', 'in', ids)]),
          ),
        ),
      );
    }
  }
  const after = filter.after;
  // A row value, so the index's range starts at the cursor: an OR of the two
  // columns made both stores read every newer record first, on every page.
  if (after) {
    query = query.where((eb) => eb(eb.refTuple('time', 'id'), '<', eb.tuple(after.time, after.id)));
  }
  return query;
}

const newestFirst = (query: AuditSelect, limit: number) =>
  query.orderBy('time', 'desc').orderBy('id', 'desc').limit(limit).execute();

/**
 * Up to `limit` records of the filter, newest first. The actor is an e-mail
 * address or a user id: an OR of two columns no index serves in order, so the
 * two are read apart (each through its own index) and merged.
 */
export async function listAudit(db: Db, filter: AuditFilter, limit: number) {
  const actor = filter.actor;
  if (!actor) return (await newestFirst(auditRows(db, filter), limit)).map(auditView);
  const [byId, byEmail] = await Promise.all([
    newestFirst(auditRows(db, filter).where('actor_user_id', '=', actor), limit),
    newestFirst(
      auditRows(db, filter)
        .where(sql<string>`lower(actor_email)`, '=', actor.toLowerCase())
        .where((eb) => eb.or([eb('actor_user_id', 'is', null), eb('actor_user_id', '<>', actor)])),
      limit,
    ),
  ]);
  return [...byId, ...byEmail]
    .sort((a, b) => (a.time === b.time ? b.id - a.id : a.time < b.time ? 1 : -1))
    .slice(0, limit)
    .map(auditView);
}

/** Removes the records older than `before`; how many went. */
export async function removeAuditBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('audit_log').where('time', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function auditView(row: AuditRow & { id: number }): AuditRecord {
  return {
    id: Number(row.id),
    time: row.time,
    action: row.action,
    outcome: row.outcome === 'denied' ? 'denied' : 'success',
    actor: {
      user_id: row.actor_user_id,
      email: row.actor_email,
      api_key_id: row.actor_api_key_id === null ? null : Number(row.actor_api_key_id),
    },
    resource_type: row.resource_type,
    resource_id: row.resource_id,
    resource_name: row.resource_name,
    address: row.address,
    user_agent: row.user_agent,
    request_id: row.request_id,
    changes: JSON.parse(row.changes) as Record<string, unknown>,
  };
}
