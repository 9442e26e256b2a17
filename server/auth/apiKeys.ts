// D2: keys carry 256 random bits, are shown once, and only their SHA-256 hash
// is stored. A key is looked up by its hash, so a wrong key and an unknown key
// take the same path.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { toUser, USER_COLUMNS, type User } from '../repos/users';

const KEY_PREFIX = 'sd_';

export const generateApiKey = () => KEY_PREFIX + randomBytes(32).toString('base64url');

export const hashApiKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** A short, non-secret part of the key, so a person can tell keys apart in a list. */
export const visiblePart = (key: string) => `${key.slice(0, 7)}…`;

export async function storeApiKey(db: Db, userId: string, key: string): Promise<number> {
  const row = await db
    .insertInto('api_keys')
    .values({
      user_id: userId,
      key_hash: hashApiKey(key),
      key_prefix: visiblePart(key),
      time_created: new Date().toISOString(),
      time_revoked: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function hasApiKey(db: Db, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('api_keys')
    .select('id')
    .where('key_hash', '=', hashApiKey(key))
    .executeTakeFirst();
  return row !== undefined;
}

/** A key's user, and which key it was (the activity log names both). */
export type KeyUser = User & {
  /** False for a deactivated user: their keys are refused (docs/api.md, "Users"). */
  is_active: boolean;
  /** The key the request came with; null for a panel session (docs/security.md, "Sessions"). */
  api_key_id: number | null;
  expires_at: string | null;
  last_used_at: string | null;
};

/** The user a live key belongs to, with the user's current role. */
export async function findUserByKeyHash(db: Db, keyHash: string): Promise<KeyUser | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      ...USER_COLUMNS,
      'api_keys.id as api_key_id',
      'api_keys.expires_at',
      'api_keys.last_used_at',
    ])
    .where('api_keys.key_hash', '=', keyHash)
    .where('api_keys.time_revoked', 'is', null)
    .executeTakeFirst();
  return row && { ...row, ...toUser(row), api_key_id: Number(row.api_key_id) };
}

interface ApiKeyListing {
  id: number;
  key_prefix: string;
  email: string;
  role: string;
  /** 1 for a key made in the panel (its user is the key's own, hidden); then its name. */
  is_api_key: number;
  name: string | null;
  time_created: string;
  time_revoked: string | null;
}

export async function listApiKeys(db: Db): Promise<ApiKeyListing[]> {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      'api_keys.id',
      'api_keys.key_prefix',
      'users.email',
      'users.role',
      'users.is_api_key',
      'api_keys.name',
      'api_keys.time_created',
      'api_keys.time_revoked',
    ])
    .orderBy('api_keys.id')
    .execute();
}

/** Returns false when no live key has that id. */
export async function revokeApiKey(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ time_revoked: new Date().toISOString() })
    .where('id', '=', id)
    .where('time_revoked', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
