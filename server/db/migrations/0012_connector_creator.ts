// Migration 0012_connector_creator (D12): released, never edited; the list is ./index.ts.
import { sql, type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = () => ({
  // D13: a curator sees a connector with no pair that they made, and changes
  // one they made whose pairs are all public: the connector keeps its maker
  // (null for connectors made before, and when the maker is deleted). A
  // credential's groups move from 0001's JSON text to credential_groups
  // (0008), where the foreign keys keep them true; ids that name no group
  // were never groups and are dropped.
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('connectors')
      .addColumn('creator_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    const rows = await sql<{ id: number; groups: string }>`
      select id, groups from credentials where groups <> '[]'`.execute(db);
    for (const row of rows.rows) {
      const ids: unknown = JSON.parse(row.groups);
      for (const groupId of Array.isArray(ids) ? ids : []) {
        if (!Number.isSafeInteger(groupId)) continue;
        await sql`insert into credential_groups (credential_id, group_id)
          select ${row.id}, id from user_groups where id = ${groupId}
          on conflict do nothing`.execute(db);
      }
    }
  },
});

export default migration;
