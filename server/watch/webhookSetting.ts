// Where alerts go: the admins' setting in the panel (sealed in `settings`, as it
// holds the webhook's secret path), else SOURCEDESK_ALERT_WEBHOOK_URL. The panel
// wins: an admin can point alerts elsewhere without a restart, and clearing the
// setting falls back to the environment's.
import type { SecretBox } from '../crypto/secretBox';
import type { Db } from '../db/database';

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
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', KEY)
    .executeTakeFirst();
  const panel = row ? secrets.open(row.value) : null;
  if (panel) return { url: panel, from: 'panel' };
  return envUrl ? { url: envUrl, from: 'environment' } : null;
}

/** Sets (or, with null, clears) the panel's webhook. */
export async function saveWebhookUrl(db: Db, secrets: SecretBox, url: string | null) {
  await db.deleteFrom('settings').where('key', '=', KEY).execute();
  if (url !== null) {
    await db
      .insertInto('settings')
      .values({ key: KEY, value: secrets.seal(url) })
      .execute();
  }
}
