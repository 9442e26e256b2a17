// Alerts (docs/operations.md, "Alerts"): the admins' webhook setting,
// a test alert, and the last delivery.
import {
  alertDeliverySchema,
  alertSettingsRequestSchema,
  alertSettingsSchema,
  testAlertResultSchema,
} from '../alerts';
import * as z from 'zod/mini';
import { endpoint } from '../endpoint';

const SETTINGS = '/manage/admin/alert-settings';

export const getAlertSettings = endpoint({
  method: 'GET',
  path: SETTINGS,
  summary:
    'Where alerts go (masked: scheme and host only), whether the panel or the environment set it, and the last delivery.',
  access: 'admin',
  answer: alertSettingsSchema,
  errors: [],
});

export const putAlertSettings = endpoint({
  method: 'PUT',
  path: SETTINGS,
  summary:
    'Set the alert webhook (it wins over SOURCEDESK_ALERT_WEBHOOK_URL), or clear it with null.',
  access: 'admin',
  body: alertSettingsRequestSchema,
  answer: alertSettingsSchema,
  action: 'alert_settings.update',
  errors: [415, 422],
});

export const sendTestAlert = endpoint({
  method: 'POST',
  path: `${SETTINGS}/test`,
  summary:
    'Send a test alert to the webhook now: whether it was delivered, in words (400 when no webhook is set).',
  access: 'admin',
  answer: testAlertResultSchema,
  errors: [400],
});

export const lastAlertDelivery = endpoint({
  method: 'GET',
  path: '/manage/admin/alert-deliveries/last',
  summary: 'The last alert sent (or being retried) and its outcome; null when none was sent.',
  access: 'admin',
  answer: z.nullable(alertDeliverySchema),
  errors: [],
});
