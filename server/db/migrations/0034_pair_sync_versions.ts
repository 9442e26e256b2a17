// Migration 0034_pair_sync_versions (D12): released, never edited; the list is ./index.ts.
import { sql, type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

const migration: MigrationOf = (_t, dialect) => ({
  // connector-status is rebuilt by the pairs whose sync facts changed
  // (server/health/statusPieces.ts): each pair's version moves with every
  // write to its jobs or its inventory, whoever writes (triggers, as 0018's
  // row version), and the inventory's size is counted here as rows come and
  // go, so a batch into a pair of 1,000,000 documents is not followed by a
  // count of them all.
  async up(db: Kysely<unknown>) {
    await sql`create table pair_sync_versions (cc_pair_id integer primary key,
      version bigint not null, documents bigint not null)`.execute(db);
    await sql`insert into pair_sync_versions (cc_pair_id, version, documents)
      select p.id, 1, (select count(*) from pair_documents d where d.cc_pair_id = p.id)
      from connector_credential_pairs p`.execute(db);
    if (dialect === 'postgres') {
      // Statement triggers over the rows written (transition tables), named to
      // fire after 0033's `<table>_topic`: every writer takes the topic's row
      // first, so writers of different pairs never wait on each other in turn.
      await sql`create function bump_pair_sync_versions() returns trigger language plpgsql as $$
        begin
          insert into pair_sync_versions as v (cc_pair_id, version, documents)
            select cc_pair_id, 1, case tg_argv[0] when 'added' then count(*)
              when 'removed' then -count(*) else 0 end
            from changed_rows group by cc_pair_id
          on conflict (cc_pair_id) do update
            set version = v.version + 1, documents = v.documents + excluded.documents;
          return null;
        end $$`.execute(db);
      const triggers: [string, string, 'new' | 'old', string][] = [
        ['sync_jobs', 'insert', 'new', 'job'],
        ['sync_jobs', 'update', 'new', 'job'],
        ['sync_jobs', 'delete', 'old', 'job'],
        ['pair_documents', 'insert', 'new', 'added'],
        ['pair_documents', 'delete', 'old', 'removed'],
      ];
      for (const [table, event, side, what] of triggers) {
        await sql`create trigger ${sql.raw(`${table}_topic_pairs_${event}`)} after ${sql.raw(event)}
          on ${sql.table(table)} referencing ${sql.raw(side)} table as changed_rows
          for each statement execute function bump_pair_sync_versions(${sql.lit(what)})`.execute(
          db,
        );
      }
      return;
    }
    const bump = (pair: string, documents: number) =>
      sql.raw(`insert or ignore into pair_sync_versions (cc_pair_id, version, documents) values (${pair}, 0, 0);
        update pair_sync_versions set version = version + 1, documents = documents + ${documents}
        where cc_pair_id = ${pair};`);
    const triggers: [string, string, string, number][] = [
      ['sync_jobs', 'insert', 'new.cc_pair_id', 0],
      ['sync_jobs', 'update', 'new.cc_pair_id', 0],
      ['sync_jobs', 'delete', 'old.cc_pair_id', 0],
      ['pair_documents', 'insert', 'new.cc_pair_id', 1],
      ['pair_documents', 'delete', 'old.cc_pair_id', -1],
    ];
    for (const [table, event, pair, documents] of triggers) {
      await sql`create trigger ${sql.raw(`${table}_topic_pairs_${event}`)} after ${sql.raw(event)}
        on ${sql.table(table)} begin ${bump(pair, documents)} end`.execute(db);
    }
  },
});

export default migration;
