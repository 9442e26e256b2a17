// Migration 0038_grants_revision (D12): released, never edited; the list is ./index.ts.
import { sql, type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

/**
 * A `grants` revision (src/contract/endpoint.ts, READ_TOPICS): what groups give
 * — who is in which group (and curates it) and which pairs and credentials each
 * holds — moved by those tables alone. A curator's connector list is kept by it
 * instead of `groups`, so a group made, renamed or deleted with nothing in it
 * rebuilds no list. `groups` (0033) still moves on all four tables.
 */
const GRANT_TABLES = ['user_group_members', 'pair_groups', 'credential_groups'] as const;

const migration: MigrationOf = (_t, dialect) => ({
  async up(db: Kysely<unknown>) {
    await sql`insert into read_revisions (topic, value) values ('grants', 1)`.execute(db);
    for (const table of GRANT_TABLES) {
      if (dialect === 'postgres') {
        // Named to sort after 0003's `_revision` trigger (triggers fire in order of name), as 0033's.
        await sql`create trigger ${sql.raw(`${table}_topic_grants`)} after insert or update or delete or truncate
          on ${sql.table(table)} for each statement execute function bump_read_revision('grants')`.execute(
          db,
        );
        continue;
      }
      for (const event of ['insert', 'update', 'delete']) {
        await sql`create trigger ${sql.raw(`${table}_grants_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
          begin update read_revisions set value = value + 1 where topic = 'grants'; end`.execute(
          db,
        );
      }
    }
  },
});

export default migration;
