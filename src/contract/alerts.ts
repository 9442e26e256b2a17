// Alerts (docs/operations.md, "Alerts"): where the server
// posts a JSON message when a source needs attention or is well again, the
// admins' setting of that address, and what became of the last delivery.
import * as z from 'zod/mini';
import { describeAnswer, TIME_CREATED } from './answerWords';

export const WEBHOOK_URL_MAX_LENGTH = 2000;

/** An incoming webhook's address: http or https, absolute. */
export const isWebhookUrl = (text: string) =>
  URL.canParse(text) && /^https?:$/.test(new URL(text).protocol);

/**
 * The address as it is shown once saved: scheme and host only. The path and
 * query of an incoming webhook (Slack's /services/T…/B…/secret) are its
 * password, so they are never echoed, nor a user:password before the host.
 */
export function maskedWebhookUrl(text: string): string {
  const url = new URL(text);
  const hidden = url.pathname !== '/' || url.search !== '' || url.username !== '';
  return `${webhookOrigin(text)}${hidden ? '/••••••••' : '/'}`;
}

/** The part of a webhook's address that is not secret: its scheme and host (and port). */
export function webhookOrigin(text: string): string {
  const url = new URL(text);
  return `${url.protocol}//${url.host}`;
}

/** What an alert is about: the `event` of its payload. */
export const ALERT_EVENTS = [
  'pair.invalid',
  'pair.recovered',
  'api_key.expiring',
  'credential.untested',
  'pair.sync_failed',
  'pair.sync_stalled',
  'pair.sync_recovered',
  'worker.offline',
  'test',
] as const;
export type AlertEvent = (typeof ALERT_EVENTS)[number];

const named = z.object({ id: z.int(), name: z.nullable(z.string()), source: z.string() });

/** The JSON the webhook receives; `text` reads on its own (Slack and Teams show it as is). */
export const alertPayloadSchema = z.object({
  event: z.enum(ALERT_EVENTS),
  text: z.string(),
  connector: z.nullable(named),
  credential: z.nullable(named),
  reason: z.nullable(z.string()),
  time: z.string(),
  url: z.nullable(z.string()),
});
export type AlertPayload = z.infer<typeof alertPayloadSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const alertDeliverySchema = z.object({
  event: z.enum(ALERT_EVENTS),
  text: z.string(),
  time_created: z.string(),
  /** pending: still being retried; delivered; failed: given up. */
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.int(),
  last_attempt_at: z.nullable(z.string()),
  /** The last attempt in words ("HTTP 200", "no answer in 10 seconds"). */
  last_outcome: z.nullable(z.string()),
});
describeAnswer(alertDeliverySchema, {
  event:
    'What it was about: `pair.invalid`, `pair.recovered`, `api_key.expiring`, `credential.untested`, `pair.sync_failed`, `pair.sync_stalled`, `pair.sync_recovered`, `worker.offline` or `test`.',
  text: 'The alert’s words, as the webhook showed them.',
  time_created: TIME_CREATED,
  status: '`pending` (being retried), `delivered` or `failed` (given up).',
  attempts: 'How many times it was posted.',
  last_attempt_at: 'When it was last posted; `null` before the first try.',
  last_outcome: 'The last try in words, such as “HTTP 200” or “the connection was refused”.',
});
export type AlertDelivery = z.infer<typeof alertDeliverySchema>;

export const alertSettingsSchema = z.object({
  /** The address in use, masked (maskedWebhookUrl); null when alerts go nowhere. */
  webhook_url: z.nullable(z.string()),
  /** Where it comes from: the panel's setting wins over SOURCEDESK_ALERT_WEBHOOK_URL. */
  webhook_url_from: z.nullable(z.enum(['panel', 'environment'])),
  last_delivery: z.nullable(alertDeliverySchema),
});
describeAnswer(alertSettingsSchema, {
  webhook_url:
    'Where alerts go, masked: scheme and host only (the rest of an incoming webhook’s address is its secret); `null` when none is set.',
  webhook_url_from:
    '`panel` (set here, it wins), `environment` (SOURCEDESK_ALERT_WEBHOOK_URL) or `null`.',
  last_delivery: 'The last alert sent or being retried; `null` when none was.',
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

/** A webhook's address as it may be saved (the panel's form checks it with the same schema). */
export const webhookUrlSchema = z
  .string()
  .check(
    z.maxLength(WEBHOOK_URL_MAX_LENGTH),
    z.refine(isWebhookUrl, 'Enter an address starting with https:// or http://'),
  );

export const alertSettingsRequestSchema = z.object({
  webhook_url: z
    .nullable(webhookUrlSchema)
    .check(
      z.describe(
        'The incoming webhook alerts are posted to (http or https); `null` clears the panel’s setting, so SOURCEDESK_ALERT_WEBHOOK_URL applies again.',
      ),
    ),
});
export type AlertSettingsRequest = z.infer<typeof alertSettingsRequestSchema>;

export const testAlertResultSchema = z.object({
  ok: z.boolean(),
  /** In words: "Delivered (HTTP 200)", "The webhook answered HTTP 404". */
  message: z.string(),
});
describeAnswer(testAlertResultSchema, {
  ok: '`true` when the webhook answered with a 2xx status.',
  message: 'What happened, in words.',
});
export type TestAlertResult = z.infer<typeof testAlertResultSchema>;
