// An import's alert settings: the panel's webhook. A bundle holds
// only its origin (scheme and host); the address itself — whose path is the
// webhook's password — is supplied like a credential's values (the address,
// or {"env": NAME} for the command), or kept when the one held here is at the
// same origin. The address is checked by the alert settings' own schema.
import { maskedWebhookUrl, webhookOrigin, webhookUrlSchema } from '../../src/contract/alerts';
import type { ConfigBundle } from '../../src/contract/configBundle';
import { saveWebhookUrl } from '../watch/webhookSetting';
import { validate } from '../http/validation';
import type { Planner, StepTools } from './planParts';
import type { Setup } from './setup';

const REF = 'webhook';
const LOC = ['alerts', 'webhook_url'];
const shown = (url: string | null) => (url === null ? null : maskedWebhookUrl(url));

const saving =
  (before: string | null, after: string | null) =>
  async ({ trx, log, secrets }: StepTools) => {
    await saveWebhookUrl(trx, secrets, after);
    await log({
      action: 'alert_settings.update',
      resource_type: 'settings',
      resource_id: null,
      resource_name: 'Alerts',
      changes: { webhook_url: { before: shown(before), after: shown(after) } },
    });
  };

export function planAlerts(p: Planner, bundle: ConfigBundle, setup: Setup) {
  const alerts = bundle.alerts;
  if (!alerts) return;
  const held = setup.webhook;
  const { webhook_origin: origin, webhook_url: url } = alerts;

  if (url !== null && typeof url !== 'object') {
    const checked = validate(webhookUrlSchema, url);
    if (!checked.ok) return p.problemsAt(LOC, checked.errors);
    if (origin !== null && webhookOrigin(checked.value) !== origin) {
      return p.problem(LOC, `The address is not at ${origin}, the bundle's webhook_origin`);
    }
    if (checked.value === held) {
      p.plan.unchanged += 1;
      return;
    }
    const step = saving(held, checked.value);
    if (held === null) return p.create('alerts', REF, step);
    return p.update('alerts', REF, { webhook_url: [shown(held), shown(checked.value)] }, step);
  }

  // No address given: the bundle's origin says whether there is one to keep or to ask for.
  if (origin === null) {
    if (held !== null && bundle.prune?.alerts) p.remove('alerts', REF, saving(held, null));
    return;
  }
  if (held !== null && webhookOrigin(held) === origin) {
    p.plan.unchanged += 1;
    return;
  }
  p.skip(
    'alerts',
    REF,
    held === null
      ? `The webhook at ${origin} is not set: the bundle does not hold its address (its path is a secret). Give it as alerts.webhook_url.`
      : `The webhook here (${shown(held)}) is kept: the bundle's is at ${origin} and does not hold its address. Give it as alerts.webhook_url.`,
  );
}
