// Where alerts go: the admins' setting in the panel (sealed in `settings`, as it
// holds the webhook's secret path), else SOURCEDESK_ALERT_WEBHOOK_URL. The panel
// wins: an admin can point alerts elsewhere without a restart, and clearing the
// setting falls back to the environment's.
import type { SecretBox } from '../crypto/secretBox';
import type { Db } from '../db/database';
import { readSetting, writeSetting } from '../repos/settings';

const KEY = 'alert_webhook_url';

export interface WebhookSetting {
  url: string;
  from: 'panel' | 'environment';
}

export async function readWebhookUrl(
  db: Db,
  secrets: SecretBox,
  envUrl: string | undefined,
): Promise<WebhookSetting | null> {
  const stored = await readSetting(db, KEY);
  const panel = stored !== undefined ? secrets.open(stored) : null;
  if (panel) return { url: panel, from: 'panel' };
  return envUrl ? { url: envUrl, from: 'environment' } : null;
}

/** Sets (or, with null, clears) the panel's webhook. */
export async function saveWebhookUrl(db: Db, secrets: SecretBox, url: string | null) {
  await writeSetting(db, KEY, url === null ? null : secrets.seal(url));
}
