// Migration 0037_use_notes_keep_revisions (D12): released, never edited; the list is ./index.ts.
import { sql, type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

/**
 * A key's or session's note of its last use (once a minute each) no longer
 * moves the `keys` revision (0033): it changed no one's access, yet dropped
 * every remembered key and session, so many callers starting at once (100
 * curators, each key's first use in a minute) sent each other back to the
 * database. An update of any other column still moves it. A column added to
 * these tables later is named in its own migration's triggers.
 */
const WATCHED = {
  api_keys: [
    'id',
    'user_id',
    'key_hash',
    'key_prefix',
    'time_created',
    'time_revoked',
    'name',
    'owner_user_id',
    'expires_at',
  ],
  sessions: ['token_hash', 'user_id', 'time_created', 'expires_at', 'how', 'address', 'user_agent'],
} as const;

const migration: MigrationOf = (_t, dialect) => ({
  async up(db: Kysely<unknown>) {
    for (const [table, columns] of Object.entries(WATCHED)) {
      const of = sql.raw(columns.join(', '));
      if (dialect === 'postgres') {
        await sql`drop trigger ${sql.raw(`${table}_topic`)} on ${sql.table(table)}`.execute(db);
        await sql`create trigger ${sql.raw(`${table}_topic`)} after insert or update of ${of} or delete or truncate
          on ${sql.table(table)} for each statement execute function bump_read_revision('keys')`.execute(
          db,
        );
        continue;
      }
      await sql`drop trigger ${sql.raw(`${table}_topic_update`)}`.execute(db);
      await sql`create trigger ${sql.raw(`${table}_topic_update`)} after update of ${of} on ${sql.table(table)}
        begin update read_revisions set value = value + 1 where topic = 'keys'; end`.execute(db);
    }
  },
});

export default migration;
