// Migration 0015_config_refs (D12): released, never edited; the list is ./index.ts.
import { type Kysely } from 'kysely';
import type { Tables } from '../schema';
import { freeRef, refFromName } from '../../../src/contract/refs';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = () => ({
  // Configuration as code: a connector and a credential carry a
  // stable `ref` that a bundle names them by, kept through renames. Old rows
  // get one from their name in id order (the second `jira` is `jira-2`), so
  // two instances migrated from the same data agree.
  async up(db: Kysely<unknown>) {
    const typed = db as unknown as Kysely<Tables>;
    for (const table of ['connectors', 'credentials'] as const) {
      await db.schema.alterTable(table).addColumn('ref', 'text').execute();
      const rows = await typed
        .selectFrom(table)
        .select(['id', 'name', 'source'])
        .orderBy('id')
        .execute();
      const taken = new Set<string>();
      for (const row of rows) {
        const ref = freeRef(refFromName(row.name, row.source.replace(/_/g, '-')), (r) =>
          taken.has(r),
        );
        taken.add(ref);
        await typed.updateTable(table).set({ ref }).where('id', '=', row.id).execute();
      }
      await db.schema.createIndex(`${table}_ref_key`).on(table).column('ref').unique().execute();
    }
  },
});

export default migration;
