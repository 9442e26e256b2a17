// How a store plans a query (EXPLAIN on PostgreSQL, EXPLAIN QUERY PLAN on
// SQLite): the index tests (audit-indexes, users-directory-index) read it.
import { CompiledQuery } from 'kysely';
import type { Store } from '../../server/db/database';

/** Each plan line, as the store explains the query. */
export async function planOf(store: Store, query: CompiledQuery): Promise<string> {
  const postgres = store.dialect === 'postgres';
  const explain = CompiledQuery.raw(`${postgres ? 'explain' : 'explain query plan'} ${query.sql}`, [
    ...query.parameters,
  ]);
  const { rows } = await store.db.executeQuery<Record<string, string>>(explain);
  return rows.map((row) => (postgres ? row['QUERY PLAN'] : row.detail)).join('\n');
}
