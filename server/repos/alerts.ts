// Alerts in the store (docs/operations.md, "Alerts"): the deliveries to post
// (`alert_deliveries`) and the state each subject was last alerted in
// (`alert_state`). The watch decides what changed and when to try again;
// these functions only read and write, inside the caller's transaction.
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { AlertDeliveryTable } from '../db/schema';

/** Stores one delivery: one to send, or one already sent (a test alert, with its outcome). */
export async function insertAlertDelivery(db: Db, delivery: Insertable<AlertDeliveryTable>) {
  await db.insertInto('alert_deliveries').values(delivery).execute();
}

/** Records an attempt at delivery `id`: its status, attempts, outcome and next try. */
export async function recordDeliveryAttempt(
  db: Db,
  id: number,
  attempt: Updateable<AlertDeliveryTable>,
) {
  await db.updateTable('alert_deliveries').set(attempt).where('id', '=', id).execute();
}

/** The pending deliveries due by `nowIso`, oldest first. */
export const dueDeliveries = (db: Db, nowIso: string) =>
  db
    .selectFrom('alert_deliveries')
    .select(['id', 'payload', 'attempts', 'give_up_at'])
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', nowIso)
    .orderBy('id')
    .execute();

/** The newest delivery (the one admins see), or undefined when none was stored. */
export const newestDelivery = (db: Db) =>
  db
    .selectFrom('alert_deliveries')
    .select([
      'event',
      'payload',
      'time_created',
      'status',
      'attempts',
      'last_attempt_at',
      'last_outcome',
    ])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Each subject's last alerted state. */
export const alertStates = (db: Db) =>
  db.selectFrom('alert_state').select(['subject', 'state']).execute();

/** Stores a subject's state, first seen `since`. */
export async function insertAlertState(db: Db, subject: string, state: string, since: string) {
  await db.insertInto('alert_state').values({ subject, state, since }).execute();
}

/** A subject's changed state, since `since`. */
export async function updateAlertState(db: Db, subject: string, state: string, since: string) {
  await db
    .updateTable('alert_state')
    .set({ state, since })
    .where('subject', '=', subject)
    .execute();
}
