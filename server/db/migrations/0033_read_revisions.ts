// Migration 0033_read_revisions (D12): released, never edited; the list is ./index.ts.
import { sql, type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

/**
 * The tables each topic of cached answers reads (src/contract/endpoint.ts,
 * READ_TOPICS). A table added later that a cached answer reads gets the same
 * triggers in its own migration.
 */
const TOPIC_TABLES = {
  people: ['users', 'invited_users'],
  keys: ['api_keys', 'sessions'],
  groups: ['user_groups', 'user_group_members', 'pair_groups', 'credential_groups'],
  connectors: [
    'connectors',
    'connector_credential_pairs',
    'credentials',
    'credential_origins',
    'settings',
    'document_sets',
    'document_set_pairs',
    'document_set_groups',
  ],
  sync: [
    'worker_keys',
    'workers',
    'sync_jobs',
    'sync_job_errors',
    'sync_job_documents',
    'pair_documents',
    'alert_state',
    'alert_deliveries',
  ],
} as const;

const migration: MigrationOf = (_t, dialect) => ({
  // A revision per topic, moved by every write to one of its tables, whoever
  // writes (triggers, as 0003's revision): a cached answer is kept until a
  // topic it reads moves, not until any write at all. On PostgreSQL the
  // statement trigger runs after 0003's (triggers fire in order of name), so
  // every writer takes the revision row first and writers never wait on each
  // other in turn; the instances learn of a move from 0003's revision (pushed)
  // and then read these rows.
  async up(db: Kysely<unknown>) {
    await sql`create table read_revisions (topic text primary key, value bigint not null)`.execute(
      db,
    );
    for (const topic of Object.keys(TOPIC_TABLES)) {
      await sql`insert into read_revisions (topic, value) values (${topic}, 1)`.execute(db);
    }
    if (dialect === 'postgres') {
      await sql`create function bump_read_revision() returns trigger language plpgsql as $$
        begin update read_revisions set value = value + 1 where topic = tg_argv[0]; return null; end $$`.execute(
        db,
      );
    }
    for (const [topic, tables] of Object.entries(TOPIC_TABLES)) {
      for (const table of tables) {
        if (dialect === 'postgres') {
          await sql`create trigger ${sql.raw(`${table}_topic`)} after insert or update or delete or truncate
            on ${sql.table(table)} for each statement execute function bump_read_revision(${sql.lit(topic)})`.execute(
            db,
          );
          continue;
        }
        // SQLite has row triggers only: one small update per row written.
        for (const event of ['insert', 'update', 'delete']) {
          await sql`create trigger ${sql.raw(`${table}_topic_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
            begin update read_revisions set value = value + 1 where topic = ${sql.lit(topic)}; end`.execute(
            db,
          );
        }
      }
    }
  },
});

export default migration;
