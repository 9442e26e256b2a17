// Alert deliveries (docs/operations.md, "Alerts"): each alert is stored with its
// payload, then posted by the background watch, retried with back-off (doubling
// from firstRetryMs up to maxRetryMs) until it is delivered or giveUpMs has
// passed. Requests never wait for a delivery; admins see the last one.
import type { AlertDelivery, AlertEvent, AlertPayload } from '../../src/contract/alerts';
import type { Db, Store } from '../db/database';
import {
  dueDeliveries,
  insertAlertDelivery,
  newestDelivery,
  recordDeliveryAttempt,
} from '../repos/alerts';
import type { DeliverySettings } from './settings';
import { postAlert, type PostOutcome } from './webhook';

/** Stores an alert to send (in the caller's transaction: one with the change of state it tells). */
export async function enqueueAlert(db: Db, payload: AlertPayload, settings: DeliverySettings) {
  const now = Date.now();
  await insertAlertDelivery(db, {
    event: payload.event,
    payload: JSON.stringify(payload),
    time_created: new Date(now).toISOString(),
    status: 'pending',
    attempts: 0,
    next_attempt_at: new Date(now).toISOString(),
    give_up_at: new Date(now + settings.giveUpMs).toISOString(),
    last_attempt_at: null,
    last_outcome: null,
  });
}

/** When to try again after `attempts` failures. */
const backOffMs = (attempts: number, settings: DeliverySettings) =>
  Math.min(settings.firstRetryMs * 2 ** (attempts - 1), settings.maxRetryMs);

async function recordAttempt(
  store: Store,
  row: { id: number; attempts: number; give_up_at: string },
  outcome: PostOutcome,
  settings: DeliverySettings,
) {
  const now = Date.now();
  const attempts = row.attempts + 1;
  const retryAt = now + backOffMs(attempts, settings);
  const status = outcome.ok
    ? 'delivered'
    : retryAt > Date.parse(row.give_up_at)
      ? 'failed'
      : 'pending';
  await store.db.transaction().execute(async (trx) => {
    await store.beginWrite(trx);
    await recordDeliveryAttempt(trx, row.id, {
      status,
      attempts,
      last_attempt_at: new Date(now).toISOString(),
      last_outcome: outcome.words,
      next_attempt_at: status === 'pending' ? new Date(retryAt).toISOString() : null,
    });
  });
  store.wrote?.();
}

/** Posts every pending alert that is due, oldest first, to `url`; none started after `budgetMs` (the rest wait for the next round). */
export async function deliverDue(
  store: Store,
  url: string | null,
  settings: DeliverySettings,
  budgetMs = Infinity,
) {
  const until = Date.now() + budgetMs;
  const due = await dueDeliveries(store.db, new Date().toISOString());
  for (const row of due) {
    if (Date.now() > until) break;
    const outcome = url
      ? await postAlert(url, JSON.parse(row.payload) as AlertPayload, settings.timeoutMs)
      : { ok: false, words: 'no webhook is set' };
    await recordAttempt(store, row, outcome, settings);
  }
}

/** A test alert, posted by its route: kept like any other delivery, with its outcome. */
export async function recordSentNow(db: Db, payload: AlertPayload, outcome: PostOutcome) {
  const now = new Date().toISOString();
  await insertAlertDelivery(db, {
    event: payload.event,
    payload: JSON.stringify(payload),
    time_created: now,
    status: outcome.ok ? 'delivered' : 'failed',
    attempts: 1,
    next_attempt_at: null,
    give_up_at: now,
    last_attempt_at: now,
    last_outcome: outcome.words,
  });
}

export async function lastDelivery(db: Db): Promise<AlertDelivery | null> {
  const row = await newestDelivery(db);
  if (!row) return null;
  const { payload, ...rest } = row;
  return {
    ...rest,
    event: row.event as AlertEvent,
    status: row.status as AlertDelivery['status'],
    text: (JSON.parse(payload) as AlertPayload).text,
  };
}
