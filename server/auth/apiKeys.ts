// D2: keys carry 256 random bits, are shown once, and only their SHA-256 hash
// is stored. A key is looked up by its hash, so a wrong key and an unknown key
// take the same path.
import { hash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import {
  apiKeyHashExists,
  findLiveKeyUserByHash,
  insertApiKey,
  listApiKeysWithUsers,
  markApiKeyRevoked,
} from '../repos/apiKeys';
import { toUser, type User } from '../repos/users';

const KEY_PREFIX = 'sd_';

export const generateApiKey = () => KEY_PREFIX + randomBytes(32).toString('base64url');

// Every request's key is hashed: the one-shot `hash` costs a third of a Hash object's.
export const hashApiKey = (key: string) => hash('sha256', key, 'hex');

/** A short, non-secret part of the key, so a person can tell keys apart in a list. */
export const visiblePart = (key: string) => `${key.slice(0, 7)}…`;

export async function storeApiKey(db: Db, userId: string, key: string): Promise<number> {
  return insertApiKey(db, {
    user_id: userId,
    key_hash: hashApiKey(key),
    key_prefix: visiblePart(key),
    time_created: new Date().toISOString(),
  });
}

export const hasApiKey = (db: Db, key: string): Promise<boolean> =>
  apiKeyHashExists(db, hashApiKey(key));

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
  const row = await findLiveKeyUserByHash(db, keyHash);
  return row && { ...row, ...toUser(row), api_key_id: Number(row.api_key_id) };
}

/** Every key, live or revoked (the key command's list and the API's). */
export const listApiKeys = listApiKeysWithUsers;

/** Returns false when no live key has that id. */
export const revokeApiKey = (db: Db, id: number): Promise<boolean> =>
  markApiKeyRevoked(db, id, new Date().toISOString());
