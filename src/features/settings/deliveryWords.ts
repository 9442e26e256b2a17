// The last alert delivery in a sentence an admin reads at a glance.
import type { AlertDelivery } from '../../contract/alerts';
import { formatDateTime } from '../../lib/format';

const STATUS_WORDS: Record<AlertDelivery['status'], string> = {
  delivered: 'Delivered',
  pending: 'Not delivered yet: being retried',
  failed: 'Not delivered: given up',
};

export function deliveryWords(delivery: AlertDelivery): string {
  const when = formatDateTime(delivery.last_attempt_at ?? delivery.time_created);
  const tries = delivery.attempts === 1 ? '1 try' : `${delivery.attempts} tries`;
  const outcome = delivery.last_outcome ? `, last answer: ${delivery.last_outcome}` : '';
  return `${STATUS_WORDS[delivery.status]} (${when}, ${tries}${outcome}).`;
}
