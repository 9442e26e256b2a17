// API keys as the panel manages them (docs/security.md, "API keys"). As in Onyx, a key
// made in the panel is a user of its own (`api-key-<id>@api-keys.invalid`,
// marked is_api_key), so its role is that user's role and D2 holds unchanged:
// a key acts with its user's current role. Keys the key command issues act as
// a person; the list shows them too, and they are revoked the same way.
import { randomUUID } from 'node:crypto';
import { SERVICE_EMAIL_DOMAIN, type ApiKey } from '../../src/contract/apiKeys';
import type { UserRole } from '../../src/contract/contract';
import type { Db } from '../db/database';
import {
  findLiveKeyRow,
  insertKeyUser,
  listLiveKeyRows,
  noteApiKeyUse,
  renameApiKey,
  replaceKeySecret,
  setKeyDetails,
  type LiveKeyRow,
} from '../repos/apiKeys';
import { generateApiKey, hashApiKey, storeApiKey, visiblePart } from './apiKeys';

export { SERVICE_EMAIL_DOMAIN };

const view = (row: LiveKeyRow): ApiKey & { is_api_key: boolean } => ({
  api_key_id: Number(row.id),
  api_key_display: row.key_prefix,
  api_key_name: row.name,
  api_key_role: row.role,
  user_id: row.user_id,
  user_email: row.user_email,
  owner: row.owner_user_id ? { user_id: row.owner_user_id, email: row.owner_email } : null,
  time_created: row.time_created,
  expires_at: row.expires_at,
  last_used_at: row.last_used_at,
  is_api_key: row.is_api_key === 1,
});

/** Every live key, by id. */
export async function listLiveKeys(db: Db) {
  return (await listLiveKeyRows(db)).map(view);
}

export async function findLiveKey(db: Db, id: number) {
  const row = await findLiveKeyRow(db, id);
  return row && view(row);
}

/** A new key and the user it acts as; the secret is returned once, never stored. */
export async function createServiceKey(
  db: Db,
  input: { name: string | null; role: UserRole; expires_at: string | null; owner: string | null },
) {
  const userId = randomUUID();
  const email = `api-key-${userId}@${SERVICE_EMAIL_DOMAIN}`;
  await insertKeyUser(db, {
    id: userId,
    email,
    role: input.role,
    time_created: new Date().toISOString(),
  });
  const key = generateApiKey();
  const id = await storeApiKey(db, userId, key);
  await setKeyDetails(db, id, {
    name: input.name,
    expires_at: input.expires_at,
    owner_user_id: input.owner,
  });
  return { id, key };
}

/** A new secret for the same key: the old one is refused from this commit on. */
export async function regenerateKey(db: Db, id: number): Promise<string> {
  const key = generateApiKey();
  await replaceKeySecret(db, id, { key_hash: hashApiKey(key), key_prefix: visiblePart(key) });
  return key;
}

export const renameKey = renameApiKey;

/** At most once a minute per key, so reads stay reads. */
export async function noteKeyUse(db: Db, id: number, now: Date) {
  const minuteAgo = new Date(now.getTime() - 60_000).toISOString();
  await noteApiKeyUse(db, id, now.toISOString(), minuteAgo);
}
