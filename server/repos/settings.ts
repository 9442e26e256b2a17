// The settings table (one row per key).
import type { Db } from '../db/database';

/**
 * A trivial read of one small table, so that SQLite touches its file: it
 * throws while the store cannot answer (readiness).
 */
export async function readAnySetting(db: Db): Promise<void> {
  await db.selectFrom('settings').select('key').limit(1).execute();
}

/** One setting's stored value; undefined when it is not set. */
export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

/** Sets one setting (or, with null, clears it). */
export async function writeSetting(db: Db, key: string, value: string | null): Promise<void> {
  await db.deleteFrom('settings').where('key', '=', key).execute();
  if (value !== null) await db.insertInto('settings').values({ key, value }).execute();
}
