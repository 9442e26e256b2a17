// The activity log keeps records for SOURCEDESK_AUDIT_RETENTION_DAYS (default
// 365; 0 keeps them for ever). The server removes older ones itself once a
// day, and the removal is itself a record (`audit.retention`), made in the
// same transaction.
import type { FastifyInstance } from 'fastify';
import type { Store } from '../db/database';
import { everyDay, type ChoreFailed } from '../daily';
import { insertAudit, removeAuditBefore } from '../repos/audit';

export const DEFAULT_AUDIT_RETENTION_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Removes the records older than `days` days; how many went (0 when days is 0). */
export async function removeExpiredAudit(store: Store, days: number, now = new Date()) {
  if (days === 0) return 0;
  const before = new Date(now.getTime() - days * DAY_MS).toISOString();
  return store.db.transaction().execute(async (trx) => {
    await store.beginWrite(trx);
    const removed = await removeAuditBefore(trx, before);
    if (removed > 0) {
      await insertAudit(trx, {
        time: now.toISOString(),
        action: 'audit.retention',
        outcome: 'success',
        actor_user_id: null,
        actor_email: null,
        actor_api_key_id: null,
        resource_type: 'audit',
        resource_id: null,
        resource_name: null,
        address: null,
        user_agent: null,
        request_id: null,
        changes: JSON.stringify({ removed, older_than: before, retention_days: days }),
      });
    }
    return removed;
  });
}

/** Once when the server is ready, then every day. */
export function keepAuditRetention(
  app: FastifyInstance,
  failed: ChoreFailed,
  store: Store,
  days: number,
) {
  if (days === 0) return;
  everyDay(app, failed, 'removing old activity records', () => removeExpiredAudit(store, days));
}
