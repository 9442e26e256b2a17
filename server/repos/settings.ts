// The settings table (one row per key).
import type { Db } from '../db/database';

/**
 * A trivial read of one small table, so that SQLite touches its file: it
 * throws while the store cannot answer (readiness).
 */
export async function readAnySetting(db: Db): Promise<void> {
  await db.selectFrom('settings').select('key').limit(1).execute();
}
