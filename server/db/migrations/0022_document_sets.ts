// Migration 0022_document_sets (D12): the list is ./index.ts.
import { sql, type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = (t, dialect) => ({
  // Document sets (docs/api.md, "Document sets"): bundles of pairs, public or
  // private to groups (D13). A pair detached or deleted leaves its sets (the
  // link goes, the set stays); a group deleted leaves them too. `user_id` is
  // the maker: a private set with no group is theirs to see and change.
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('document_sets')
      .addColumn('id', t.idType, t.id)
      .addColumn('name', 'text', (c) => t.sortedText(c).notNull().unique())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('is_public', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('time_created', 'text', (c) => c.notNull())
      .addColumn('time_updated', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('document_set_pairs')
      .addColumn('set_id', t.bigInteger, (c) =>
        c.notNull().references('document_sets.id').onDelete('cascade'),
      )
      .addColumn('pair_id', t.bigInteger, (c) =>
        c.notNull().references('connector_credential_pairs.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('document_set_pairs_pk', ['set_id', 'pair_id'])
      .execute();
    await db.schema
      .createIndex('document_set_pairs_pair_idx')
      .on('document_set_pairs')
      .columns(['pair_id', 'set_id'])
      .execute();
    await db.schema
      .createTable('document_set_groups')
      .addColumn('set_id', t.bigInteger, (c) =>
        c.notNull().references('document_sets.id').onDelete('cascade'),
      )
      .addColumn('group_id', t.bigInteger, (c) =>
        c.notNull().references('user_groups.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('document_set_groups_pk', ['set_id', 'group_id'])
      .execute();
    await db.schema
      .createIndex('document_set_groups_group_idx')
      .on('document_set_groups')
      .columns(['group_id', 'set_id'])
      .execute();
    if (dialect === 'postgres') {
      for (const table of ['document_sets', 'document_set_pairs', 'document_set_groups']) {
        await sql`create trigger ${sql.raw(`${table}_revision`)} after insert or update or delete or truncate
          on ${sql.table(table)} for each statement execute function bump_revision()`.execute(db);
      }
    }
  },
});

export default migration;
