// One instance at a time for a piece of background work: on PostgreSQL a
// session advisory lock held while it runs (another instance skips it and
// tries at its next turn), named after the schema so that deployments sharing
// a database do not wait on each other; on SQLite the one process's work
// never overlaps, so it simply runs.
import { sql } from 'kysely';
import type { Store } from './database';

/** Runs `work` when this instance holds the lock named `what` (PostgreSQL); skips it otherwise. */
export async function whenAlone(store: Store, what: string, work: () => Promise<void>) {
  if (store.dialect !== 'postgres') return work();
  await store.db.connection().execute(async (connection) => {
    const lock = sql`hashtext(current_schema() || ${` sourcedesk ${what}`})`;
    const { rows } = await sql<{
      held: boolean;
    }>`select pg_try_advisory_lock(${lock}) as held`.execute(connection);
    if (!rows[0]?.held) return;
    try {
      await work();
    } finally {
      await sql`select pg_advisory_unlock(${lock})`.execute(connection);
    }
  });
}
