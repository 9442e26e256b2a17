// API keys (server/auth/apiKeys.ts and managedKeys.ts hold their rules): each
// kept by its SHA-256 hash with a short visible part, its user (a person, or a
// key's own user for a key made in the panel), and when it was revoked.
import type { UserRole } from '../../src/contract/contract';
import type { Db } from '../db/database';
import { USER_COLUMNS } from './users';

export interface NewApiKeyRow {
  user_id: string;
  key_hash: string;
  key_prefix: string;
  time_created: string;
}

/** Stores a live key; its id. */
export async function insertApiKey(db: Db, key: NewApiKeyRow): Promise<number> {
  const row = await db
    .insertInto('api_keys')
    .values({ ...key, time_revoked: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Whether any key, live or revoked, has this hash. */
export async function apiKeyHashExists(db: Db, keyHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('api_keys')
    .select('id')
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  return row !== undefined;
}

/** The user of the live key with this hash (as stored), with the key's id, end and last use. */
export async function findLiveKeyUserByHash(db: Db, keyHash: string) {
  return db
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
}

export interface ApiKeyListing {
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

/** Every key, live or revoked, with its user's e-mail and role, by id. */
export async function listApiKeysWithUsers(db: Db): Promise<ApiKeyListing[]> {
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

/** Marks a live key revoked at `at`; false when no live key has that id. */
export async function markApiKeyRevoked(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ time_revoked: at })
    .where('id', '=', id)
    .where('time_revoked', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Live keys with their user, and their owner (who made a panel key) when there is one. */
const selectLiveKeys = (db: Db) =>
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

export type LiveKeyRow = Awaited<ReturnType<ReturnType<typeof selectLiveKeys>['execute']>>[number];

/** Every live key, by id. */
export async function listLiveKeyRows(db: Db): Promise<LiveKeyRow[]> {
  return selectLiveKeys(db).orderBy('api_keys.id').execute();
}

export async function findLiveKeyRow(db: Db, id: number): Promise<LiveKeyRow | undefined> {
  return selectLiveKeys(db).where('api_keys.id', '=', id).executeTakeFirst();
}

/** The user a key made in the panel acts as (marked is_api_key): it lives and ends with its key. */
export async function insertKeyUser(
  db: Db,
  user: { id: string; email: string; role: UserRole; time_created: string },
): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: user.id,
      email: user.email,
      email_lower: user.email,
      role: user.role,
      time_created: user.time_created,
      is_api_key: 1,
    })
    .execute();
}

/** A panel key's name, end and owner (the admin who made it), written once it is stored. */
export async function setKeyDetails(
  db: Db,
  id: number,
  details: { name: string | null; expires_at: string | null; owner_user_id: string | null },
): Promise<void> {
  await db.updateTable('api_keys').set(details).where('id', '=', id).execute();
}

/** A key's new secret, by its hash and visible part. */
export async function replaceKeySecret(
  db: Db,
  id: number,
  secret: { key_hash: string; key_prefix: string },
): Promise<void> {
  await db.updateTable('api_keys').set(secret).where('id', '=', id).execute();
}

export async function renameApiKey(db: Db, id: number, name: string | null): Promise<void> {
  await db.updateTable('api_keys').set({ name }).where('id', '=', id).execute();
}

/** Notes the key's use at `at`, unless its noted last use is after `notedSince`. */
export async function noteApiKeyUse(
  db: Db,
  id: number,
  at: string,
  notedSince: string,
): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', notedSince)]))
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

/** The keys not revoked that end after `nowIso` (those with an end date only): the watch's expiry alerts. */
export const liveKeysWithEnd = (db: Db, nowIso: string) =>
  db
    .selectFrom('api_keys')
    .select(['id', 'name', 'expires_at'])
    .where('time_revoked', 'is', null)
    .where('expires_at', 'is not', null)
    .where('expires_at', '>', nowIso)
    .execute();
