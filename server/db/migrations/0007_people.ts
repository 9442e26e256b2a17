// Migration 0007_people (D12): released, never edited; the list is ./index.ts.
import { sql, type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = (t, dialect) => ({
  // The life of a user (docs/api.md, "Users"): a user may be deactivated (every key
  // and session refused at once) or invited before their first sign-in; the
  // panel signs in with a server-side session in a cookie (docs/security.md, "Sessions").
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createTable('invited_users')
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('email_lower', 'text', (c) => t.sortedText(c).primaryKey())
      .addColumn('invited_by_user_id', 'text')
      .addColumn('time_invited', 'text', (c) => c.notNull())
      .execute();
    // A session is known by the hash of its token (the cookie holds the token).
    await db.schema
      .createTable('sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('time_created', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('how', 'text', (c) => c.notNull())
      .addColumn('address', 'text')
      .addColumn('user_agent', 'text')
      .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
    // Like every table of the data, a write to them moves the revision (0003), so
    // an instance that remembers a session's user hears of its end at once.
    if (dialect === 'postgres') {
      for (const table of ['invited_users', 'sessions']) {
        await sql`create trigger ${sql.raw(`${table}_revision`)} after insert or update or delete or truncate
          on ${sql.table(table)} for each statement execute function bump_revision()`.execute(db);
      }
    }
  },
});

export default migration;
