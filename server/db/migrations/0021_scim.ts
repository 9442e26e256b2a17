// Migration 0021_scim (D12); the list is ./index.ts.
import { sql, type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = (t, dialect) => ({
  // SCIM 2.0 (docs/scim.md): the identity provider's token (only its SHA-256),
  // and which users and groups it manages, with the ids it knows them by.
  // A mapping row is what "managed by your identity provider" means.
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('scim_tokens')
      .addColumn('id', t.idType, t.id)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('last_four', 'text', (c) => c.notNull())
      .addColumn('time_created', 'text', (c) => c.notNull())
      .addColumn('time_revoked', 'text')
      .addColumn('last_used_at', 'text')
      .execute();
    await db.schema
      .createTable('scim_users')
      .addColumn('user_id', 'text', (c) =>
        c.primaryKey().references('users.id').onDelete('cascade'),
      )
      .addColumn('external_id', 'text')
      .addColumn('time_created', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('scim_groups')
      .addColumn('group_id', t.bigInteger, (c) =>
        c.primaryKey().references('user_groups.id').onDelete('cascade'),
      )
      .addColumn('external_id', 'text')
      .addColumn('time_created', 'text', (c) => c.notNull())
      .execute();
    if (dialect === 'postgres') {
      for (const table of ['scim_tokens', 'scim_users', 'scim_groups']) {
        await sql`create trigger ${sql.raw(`${table}_revision`)} after insert or update or delete or truncate
          on ${sql.table(table)} for each statement execute function bump_revision()`.execute(db);
      }
    }
  },
});

export default migration;
