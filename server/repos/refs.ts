// Giving a new connector or credential its bundle ref: the one asked for,
// or one from its name that no other row of the table holds yet.
import { nthRef, refFromName } from '../../src/contract/refs';
import type { Db } from '../db/database';

/** Candidates asked at once: the first is free unless the name is common. */
const REFS_PER_QUERY = 32;

export async function refFor(
  db: Db,
  table: 'connectors' | 'credentials',
  name: string | null,
  source: string,
): Promise<string> {
  const wanted = refFromName(name, source.replace(/_/g, '-'));
  // Asked by equality, a batch of candidates at a time: the ref's unique index
  // answers each (a `like 'x-%'` read every row of the table on each creation).
  for (let first = 1; ; first += REFS_PER_QUERY) {
    const candidates = Array.from({ length: REFS_PER_QUERY }, (_, i) => nthRef(wanted, first + i));
    const rows = await db.selectFrom(table).select('ref').where('ref', 'in', candidates).execute();
    const taken = new Set(rows.map((row) => row.ref));
    const free = candidates.find((candidate) => !taken.has(candidate));
    if (free !== undefined) return free;
  }
}
