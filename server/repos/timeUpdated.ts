import type { Db } from '../db/database';

/**
 * The `time_updated` of a change (D4: it moves with every change): now, or one
 * millisecond past the row's last one when the clock has not moved on since
 * (two changes in one millisecond, or a clock set back).
 */
export async function nextTimeUpdated(
  db: Db,
  table: 'connectors' | 'credentials',
  id: number,
): Promise<string> {
  const row = await db
    .selectFrom(table)
    .select('time_updated')
    .where('id', '=', id)
    .executeTakeFirst();
  const last = row ? Date.parse(row.time_updated) : Number.NaN;
  const now = Date.now();
  return new Date(Number.isNaN(last) ? now : Math.max(now, last + 1)).toISOString();
}
