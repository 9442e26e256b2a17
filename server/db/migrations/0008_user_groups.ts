// Migration 0008_user_groups (D12): released, never edited; the list is ./index.ts.
import { sql, type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = (t, dialect) => ({
  // User groups (D13): members and, among them, curators; the pairs a group
  // may see; the groups a credential is shared with. A pair carries its own
  // access (public unless made private to groups) and an optional name (D7).
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('user_groups')
      .addColumn('id', t.idType, t.id)
      .addColumn('name', 'text', (c) => t.sortedText(c).notNull().unique())
      .addColumn('time_created', 'text', (c) => c.notNull())
      .addColumn('time_updated', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('user_group_members')
      .addColumn('group_id', t.bigInteger, (c) =>
        c.notNull().references('user_groups.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('is_curator', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('user_group_members_pk', ['group_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('user_group_members_user_idx')
      .on('user_group_members')
      .columns(['user_id', 'group_id'])
      .execute();
    await db.schema
      .createTable('pair_groups')
      .addColumn('pair_id', t.bigInteger, (c) =>
        c.notNull().references('connector_credential_pairs.id').onDelete('cascade'),
      )
      .addColumn('group_id', t.bigInteger, (c) =>
        c.notNull().references('user_groups.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('pair_groups_pk', ['pair_id', 'group_id'])
      .execute();
    await db.schema
      .createIndex('pair_groups_group_idx')
      .on('pair_groups')
      .columns(['group_id', 'pair_id'])
      .execute();
    await db.schema
      .createTable('credential_groups')
      .addColumn('credential_id', t.bigInteger, (c) =>
        c.notNull().references('credentials.id').onDelete('cascade'),
      )
      .addColumn('group_id', t.bigInteger, (c) =>
        c.notNull().references('user_groups.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('credential_groups_pk', ['credential_id', 'group_id'])
      .execute();
    await db.schema
      .createIndex('credential_groups_group_idx')
      .on('credential_groups')
      .columns(['group_id', 'credential_id'])
      .execute();
    await db.schema
      .alterTable('connector_credential_pairs')
      .addColumn('access_type', 'text', (c) => c.notNull().defaultTo('public'))
      .execute();
    await db.schema.alterTable('connector_credential_pairs').addColumn('name', 'text').execute();
    // Like every table of the data, a write to them moves the revision (0003).
    if (dialect === 'postgres') {
      for (const table of [
        'user_groups',
        'user_group_members',
        'pair_groups',
        'credential_groups',
      ]) {
        await sql`create trigger ${sql.raw(`${table}_revision`)} after insert or update or delete or truncate
          on ${sql.table(table)} for each statement execute function bump_revision()`.execute(db);
      }
    }
  },
});

export default migration;
