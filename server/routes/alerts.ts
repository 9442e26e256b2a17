// The admins' alert settings (docs/operations.md, "Alerts"): where alerts go,
// masked once saved; a test alert sent now with its outcome in words; the last
// delivery. The webhook's address is sealed in the database like a credential.
import type { FastifyInstance } from 'fastify';
import { maskedWebhookUrl, type AlertSettings } from '../../src/contract/alerts';
import {
  getAlertSettings,
  lastAlertDelivery,
  putAlertSettings,
  sendTestAlert,
} from '../../src/contract/endpoints/alerts';
import { lastDelivery, recordSentNow } from '../watch/alertDeliveries';
import { testAlert } from '../alerts/messages';
import { postAlert } from '../watch/webhook';
import { readWebhookUrl, saveWebhookUrl } from '../watch/webhookSetting';
import type { Db } from '../db/database';
import type { HealthWatchSettings } from '../watch/settings';
import { problem } from '../http/problems';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';

export const NO_WEBHOOK =
  'No alert webhook is set: save its address first (or set SOURCEDESK_ALERT_WEBHOOK_URL).';

export function alertRoutes(
  app: FastifyInstance,
  { db, guard, write, secrets }: RouteContext,
  settings: HealthWatchSettings,
  publicUrl: string | undefined,
) {
  const route = declaredRoutes(app, guard);
  const current = async (trx: Db): Promise<AlertSettings> => {
    const webhook = await readWebhookUrl(trx, secrets, settings.envWebhookUrl);
    return {
      webhook_url: webhook && maskedWebhookUrl(webhook.url),
      webhook_url_from: webhook?.from ?? null,
      last_delivery: await lastDelivery(trx),
    };
  };

  route(getAlertSettings, async () => current(db));

  route(putAlertSettings, async ({ body }, request) =>
    write(request, async (trx, log) => {
      const before = await current(trx);
      await saveWebhookUrl(trx, secrets, body.webhook_url);
      const after = await current(trx);
      await log({
        resource_type: 'settings',
        resource_id: null,
        resource_name: 'Alerts',
        changes: { webhook_url: { before: before.webhook_url, after: after.webhook_url } },
      });
      return after;
    }),
  );

  route(sendTestAlert, async (_input, request) => {
    const webhook = await readWebhookUrl(db, secrets, settings.envWebhookUrl);
    if (!webhook) throw problem(400, NO_WEBHOOK);
    const payload = testAlert(request.user!.email, publicUrl);
    const outcome = await postAlert(webhook.url, payload, settings.delivery.timeoutMs);
    await write(request, (trx) => recordSentNow(trx, payload, outcome));
    return {
      ok: outcome.ok,
      message: outcome.ok
        ? `Test alert delivered: the webhook answered ${outcome.words}.`
        : `Test alert not delivered: ${outcome.words.startsWith('HTTP') ? `the webhook answered ${outcome.words}` : outcome.words}.`,
    };
  });

  route(lastAlertDelivery, async () => lastDelivery(db));
}
