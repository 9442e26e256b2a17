// Giving a new connector or credential its ref (issue 26): the one asked for,
// or one from its name that no other row of the table holds yet.
import { freeRef, refFromName } from '../../src/contract/refs';
import type { Db } from '../db/database';

export async function refFor(
  db: Db,
  table: 'connectors' | 'credentials',
  name: string | null,
  source: string,
): Promise<string> {
  const wanted = refFromName(name, source.replace(/_/g, '-'));
  const rows = await db
    .selectFrom(table)
    .select('ref')
    .where((eb) => eb.or([eb('ref', '=', wanted), eb('ref', 'like', `${wanted}-%`)]))
    .execute();
  const taken = new Set(rows.map((row) => row.ref));
  return freeRef(wanted, (candidate) => taken.has(candidate));
}
