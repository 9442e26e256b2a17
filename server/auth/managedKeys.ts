// API keys as the panel manages them (docs/security.md, "API keys"). As in Onyx, a key
// made in the panel is a user of its own (`api-key-<id>@api-keys.invalid`,
// marked is_api_key), so its role is that user's role and D2 holds unchanged:
// a key acts with its user's current role. Keys the key command issues act as
// a person; the list shows them too, and they are revoked the same way.
import { randomUUID } from 'node:crypto';
import type { ApiKey } from '../../src/contract/apiKeys';
import type { UserRole } from '../../src/contract/contract';
import type { Db } from '../db/database';
import { generateApiKey, hashApiKey, storeApiKey, visiblePart } from './apiKeys';

export const SERVICE_EMAIL_DOMAIN = 'api-keys.invalid';

const selectKeys = (db: Db) =>
  db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .leftJoin('users as owners', 'owners.id', 'api_keys.owner_user_id')
    .select([
      'api_keys.id',
      'api_keys.key_prefix',
      'api_keys.name',
      'api_keys.time_created',
      'api_keys.expires_at',
      'api_keys.last_used_at',
      'api_keys.owner_user_id',
      'users.id as user_id',
      'users.email as user_email',
      'users.role',
      'users.is_api_key',
      'owners.email as owner_email',
    ])
    .where('api_keys.time_revoked', 'is', null);

type Row = Awaited<ReturnType<ReturnType<typeof selectKeys>['execute']>>[number];

const view = (row: Row): ApiKey & { is_api_key: boolean } => ({
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
  return (await selectKeys(db).orderBy('api_keys.id').execute()).map(view);
}

export async function findLiveKey(db: Db, id: number) {
  const row = await selectKeys(db).where('api_keys.id', '=', id).executeTakeFirst();
  return row && view(row);
}

/** A new key and the user it acts as; the secret is returned once, never stored. */
export async function createServiceKey(
  db: Db,
  input: { name: string | null; role: UserRole; expires_at: string | null; owner: string | null },
) {
  const userId = randomUUID();
  const email = `api-key-${userId}@${SERVICE_EMAIL_DOMAIN}`;
  await db
    .insertInto('users')
    .values({
      id: userId,
      email,
      email_lower: email,
      role: input.role,
      time_created: new Date().toISOString(),
      is_api_key: 1,
    })
    .execute();
  const key = generateApiKey();
  const id = await storeApiKey(db, userId, key);
  await db
    .updateTable('api_keys')
    .set({ name: input.name, expires_at: input.expires_at, owner_user_id: input.owner })
    .where('id', '=', id)
    .execute();
  return { id, key };
}

/** A new secret for the same key: the old one is refused from this commit on. */
export async function regenerateKey(db: Db, id: number): Promise<string> {
  const key = generateApiKey();
  await db
    .updateTable('api_keys')
    .set({ key_hash: hashApiKey(key), key_prefix: visiblePart(key) })
    .where('id', '=', id)
    .execute();
  return key;
}

export async function renameKey(db: Db, id: number, name: string | null) {
  await db.updateTable('api_keys').set({ name }).where('id', '=', id).execute();
}

/** At most once a minute per key, so reads stay reads. */
export async function noteKeyUse(db: Db, id: number, now: Date) {
  const minuteAgo = new Date(now.getTime() - 60_000).toISOString();
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now.toISOString() })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', minuteAgo)]))
    .execute();
}

/**
 * Whether an admin could still get in once a key (`{ key }`) or every key of a
 * user (`{ user }`) is gone or no longer an admin's: some other live key, of an
 * active user who is an admin, that never expires.
 */
export async function anotherLastingAdminKey(
  db: Db,
  without: { key: number } | { user: string },
): Promise<boolean> {
  let query = db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select('api_keys.id')
    .where('api_keys.time_revoked', 'is', null)
    .where('api_keys.expires_at', 'is', null)
    .where('users.role', '=', 'admin')
    .where('users.is_active', '=', 1);
  query =
    'key' in without
      ? query.where('api_keys.id', '!=', without.key)
      : query.where('users.id', '!=', without.user);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Whether the user has a live key (a role change then changes what a key may do). */
export async function holdsLiveKey(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('api_keys')
    .select('id')
    .where('user_id', '=', userId)
    .where('time_revoked', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
