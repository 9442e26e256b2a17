// Migration 0036_document_trigrams (D12, D14): released, never edited; the list is ./index.ts.
import { sql, type Kysely } from 'kysely';
import type { MigrationOf } from './dialectTypes';

/**
 * The schema that holds pg_trgm in this database, installing it (in `public`,
 * shared by every schema of the database) when it is not there yet; null when
 * the database cannot have it (as 0031 does; a migration keeps its own copy).
 */
async function trigramSchema(db: Kysely<unknown>): Promise<string | null> {
  const installed = async () =>
    (
      await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema ?? null;
  const found = await installed();
  if (found !== null) return found;
  const attempt = async (trx: Kysely<unknown>) =>
    sql`create extension if not exists pg_trgm with schema public`.execute(trx);
  try {
    if (db.isTransaction) {
      await sql`savepoint pg_trgm_install`.execute(db);
      try {
        await attempt(db);
        await sql`release savepoint pg_trgm_install`.execute(db);
      } catch (error) {
        await sql`rollback to savepoint pg_trgm_install`.execute(db);
        throw error;
      }
    } else await attempt(db);
  } catch {
    // Another start may have installed it meanwhile; else the database refuses it.
  }
  return installed();
}

const migration: MigrationOf = (_t, dialect) => ({
  // The documents search of a pair ("titles holding each word", `like '%w%'`)
  // at 1,000,000 documents: a trigram index finds the titles that hold a word
  // of 3 characters or more without reading every title of the pair
  // (docs/performance.md, "Sync rows (D14)"; EXPLAINed in
  // test/api/documents-search-index.test.ts).
  //
  // SQLite: an FTS5 table of the titles' trigrams, keyed by the inventory row's
  // rowid and kept in step by triggers, whoever writes. It holds no copy of the
  // titles (contentless), no positions (detail=none) and no sizes (columnsize=0):
  // the least it can write a row; it answers "holds every
  // trigram of the word", and the search checks the title itself after it.
  // (The server never VACUUMs, which may renumber the rowids of a table without
  // an INTEGER PRIMARY KEY; `insert into pair_documents_trigrams
  // (pair_documents_trigrams) values ('delete-all')` and the fill below rebuild it.)
  //
  // PostgreSQL: a pg_trgm GIN index on the titles, which serves `like` itself;
  // a database that cannot have the extension keeps the search as it was, by
  // reading the titles. Built CONCURRENTLY on a database that holds data.
  outsideTransaction: true,
  async up(db: Kysely<unknown>) {
    if (dialect === 'sqlite') {
      // A contentless table forgets a row given the words it was indexed with.
      const forget = sql`insert into pair_documents_trigrams (pair_documents_trigrams, rowid, title_lower)
          values ('delete', old.rowid, old.title_lower);`;
      await sql`create virtual table pair_documents_trigrams using fts5(
        title_lower, content='', tokenize='trigram', detail='none', columnsize=0)`.execute(db);
      await sql`insert into pair_documents_trigrams (rowid, title_lower)
        select rowid, title_lower from pair_documents`.execute(db);
      await sql`create trigger pair_documents_trigrams_insert after insert on pair_documents
        begin insert into pair_documents_trigrams (rowid, title_lower) values (new.rowid, new.title_lower); end`.execute(
        db,
      );
      await sql`create trigger pair_documents_trigrams_delete after delete on pair_documents
        begin ${forget} end`.execute(db);
      await sql`create trigger pair_documents_trigrams_update after update of title_lower on pair_documents
        when old.title_lower is not new.title_lower
        begin
          ${forget}
          insert into pair_documents_trigrams (rowid, title_lower) values (new.rowid, new.title_lower);
        end`.execute(db);
      return;
    }
    const schema = await trigramSchema(db);
    if (schema === null) return;
    const name = 'pair_documents_title_trigram_idx';
    const columns = sql`using gin (title_lower ${sql.id(schema, 'gin_trgm_ops')})`;
    if (db.isTransaction) {
      await sql`create index ${sql.id(name)} on pair_documents ${columns}`.execute(db);
      return;
    }
    const { rows } = await sql<{ valid: boolean }>`
      select i.indisvalid as valid from pg_index i
      join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
      where c.relname = ${name} and n.nspname = current_schema()`.execute(db);
    if (rows[0]?.valid) return;
    if (rows[0]) await sql`drop index concurrently ${sql.id(name)}`.execute(db);
    await sql`create index concurrently ${sql.id(name)} on pair_documents ${columns}`.execute(db);
  },
});

export default migration;
