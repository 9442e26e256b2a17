// Migration 0024_group_name_key (D13): released, never edited; the list is ./index.ts.
import type { Kysely } from 'kysely';
import { groupNameKey } from '../../../src/contract/groups';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = () => ({
  // Group names are unique as people read them, whatever the letter case
  // (groupNameKey): a key column of their own, so the insert's conflict target
  // does the work on both stores. Names already equal but for case keep the
  // first; each later one gets its id appended.
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('user_groups').addColumn('name_key', 'text').execute();
    const groups = db as unknown as Kysely<{
      user_groups: { id: number; name: string; name_key: string | null };
    }>;
    const rows = await groups
      .selectFrom('user_groups')
      .select(['id', 'name'])
      .orderBy('id')
      .execute();
    const taken = new Set<string>();
    for (const row of rows) {
      let name = row.name;
      if (taken.has(groupNameKey(name))) name = `${row.name} (${row.id})`;
      taken.add(groupNameKey(name));
      await groups
        .updateTable('user_groups')
        .set({ name, name_key: groupNameKey(name) })
        .where('id', '=', row.id)
        .execute();
    }
    await db.schema
      .createIndex('user_groups_name_key_unique')
      .on('user_groups')
      .column('name_key')
      .unique()
      .execute();
  },
});

export default migration;
