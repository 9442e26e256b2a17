// Worker keys (D14): made by an admin or `npm run keys -- issue-worker`, shown
// once, stored only as a SHA-256 hash like API keys (D2). A key is found by
// its hash, so a wrong key and an unknown key take the same path.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { hashApiKey, visiblePart } from '../auth/apiKeys';

/** Told apart from a user's key by its prefix (both are 256 random bits). */
const WORKER_KEY_PREFIX = 'sdw_';

export const generateWorkerKey = () => WORKER_KEY_PREFIX + randomBytes(32).toString('base64url');

const COLUMNS = ['id', 'name', 'time_created', 'last_used_at'] as const;

export interface WorkerKeyRow {
  id: number;
  name: string;
  time_created: string;
  last_used_at: string | null;
}

/** Stores a new key; its row and the key itself (shown once). */
export async function insertWorkerKey(
  db: Db,
  name: string,
  createdBy: string | null,
  now = new Date(),
): Promise<WorkerKeyRow & { key: string }> {
  const key = generateWorkerKey();
  const row = await db
    .insertInto('worker_keys')
    .values({
      name,
      key_hash: hashApiKey(key),
      key_prefix: visiblePart(key),
      created_by: createdBy,
      time_created: now.toISOString(),
      time_revoked: null,
      last_used_at: null,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return { ...row, key };
}

export const listWorkerKeys = (db: Db): Promise<WorkerKeyRow[]> =>
  db
    .selectFrom('worker_keys')
    .select(COLUMNS)
    .where('time_revoked', 'is', null)
    .orderBy('id')
    .execute();

export const findLiveWorkerKey = (db: Db, id: number) =>
  db
    .selectFrom('worker_keys')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('time_revoked', 'is', null)
    .executeTakeFirst();

/** The live key with this hash (of a bearer key), or undefined. */
export const findWorkerKeyByHash = (db: Db, keyHash: string) =>
  db
    .selectFrom('worker_keys')
    .select(COLUMNS)
    .where('key_hash', '=', keyHash)
    .where('time_revoked', 'is', null)
    .executeTakeFirst();

export async function revokeWorkerKey(db: Db, id: number, now = new Date()) {
  await db
    .updateTable('worker_keys')
    .set({ time_revoked: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function noteWorkerKeyUse(db: Db, id: number, now = new Date()) {
  await db
    .updateTable('worker_keys')
    .set({ last_used_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}
