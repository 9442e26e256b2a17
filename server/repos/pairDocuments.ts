// A pair's document inventory (D14) and what each job did to it: a job's
// counts are counted here, not taken on trust, and a repeated batch counts once.
import { SqliteAdapter, sql } from 'kysely';
import type { Db } from '../db/database';

export interface Batch {
  upsert: {
    document_id: string;
    semantic_identifier: string;
    link?: string | null;
    updated_at?: string | null;
  }[];
  delete: string[];
}

/** What one batch added to the job's counts, as its own documents record it. */
export interface BatchCounts {
  /** Documents this job upserted for the first time. */
  total: number;
  /** Of those, the ones the inventory did not hold. */
  fresh: number;
  /** Documents this job removed for the first time. */
  removed: number;
}

/** Whether `db` is SQLite's (its SQL differs from PostgreSQL's in a few places here). */
const onSqlite = (db: Db) => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * The elements of a JSON array sent as one parameter, as a table `j` with a
 * column `value`: texts as text (`texts`), or arrays read with `value ->> i`.
 * A batch is then a handful of small statements, whatever its size: not 7,000
 * parameters to bind, compile and prepare each time.
 */
function jsonTable(sqlite: boolean, values: readonly unknown[], texts: boolean) {
  const json = JSON.stringify(values);
  if (sqlite) return sql`json_each(${json}) as j`;
  return texts
    ? sql`jsonb_array_elements_text(${json}::jsonb) as j(value)`
    : sql`jsonb_array_elements(${json}::jsonb) as j(value)`;
}

/**
 * Folds a batch into the pair's inventory and the job's own documents, in
 * multi-row statements; what it added to the job's counts, read from the
 * rows it found and wrote (so a batch costs the same however many the job
 * already sent: the job's counts grow by these, not by summing its documents).
 */
export async function applyDocuments(
  db: Db,
  job: { id: number; cc_pair_id: number },
  batch: Batch,
  now: Date,
): Promise<BatchCounts> {
  const at = now.toISOString();
  const sqlite = onSqlite(db);
  // The last word on a document in the batch counts.
  const upserts = new Map(batch.upsert.map((doc) => [doc.document_id, doc]));
  const ids = [...new Set([...upserts.keys(), ...batch.delete])];
  if (ids.length === 0) return { total: 0, fresh: 0, removed: 0 };
  // What the inventory holds of them, and what this job already did to them.
  const { rows: found } = await sql<{
    document_id: string;
    held: number | boolean;
    upserted: number | null;
    removed: number | null;
  }>`
    select j.value as document_id,
      exists (select 1 from pair_documents p
        where p.cc_pair_id = ${job.cc_pair_id} and p.document_id = j.value) as held,
      s.upserted, s.removed
    from ${jsonTable(sqlite, ids, true)}
    left join sync_job_documents s on s.job_id = ${job.id} and s.document_id = j.value`.execute(db);
  const held = new Set(found.filter((row) => Boolean(row.held)).map((row) => row.document_id));
  const seen = new Map(
    found.filter((row) => row.upserted !== null).map((row) => [row.document_id, row]),
  );
  if (upserts.size > 0) {
    const rows = [...upserts.values()].map((doc) => [
      doc.document_id,
      doc.semantic_identifier,
      doc.semantic_identifier.toLowerCase(),
      doc.link ?? null,
      doc.updated_at ?? null,
    ]);
    // `where true`: SQLite reads `on conflict` after a bare `select … from` as a join's.
    await sql`
      insert into pair_documents
        (cc_pair_id, document_id, semantic_identifier, title_lower, link, updated_at, time_last_indexed)
      select cast(${job.cc_pair_id} as bigint), j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3,
        j.value ->> 4, ${at}
      from ${jsonTable(sqlite, rows, false)} where true
      on conflict (cc_pair_id, document_id) do update set
        semantic_identifier = excluded.semantic_identifier, title_lower = excluded.title_lower,
        link = excluded.link, updated_at = excluded.updated_at,
        time_last_indexed = excluded.time_last_indexed`.execute(db);
  }
  // The job's own record: a document counts toward the job's total the first
  // time this job upserts it, and as new when the inventory did not hold it then.
  const firsts = [...upserts.keys()].flatMap((id) => {
    const row = seen.get(id);
    if (row && Number(row.upserted) === 1) return [];
    return [[id, held.has(id) ? 0 : 1, row ? Number(row.removed) : 0] as const];
  });
  if (firsts.length > 0) {
    await sql`
      insert into sync_job_documents (job_id, document_id, upserted, was_new, removed)
      select cast(${job.id} as bigint), j.value ->> 0, 1, cast(j.value ->> 1 as integer),
        cast(j.value ->> 2 as integer)
      from ${jsonTable(sqlite, firsts, false)} where true
      on conflict (job_id, document_id) do update set
        upserted = excluded.upserted, was_new = excluded.was_new`.execute(db);
  }
  const gone = [...new Set(batch.delete)].filter((id) => held.has(id) || upserts.has(id));
  if (gone.length > 0) {
    await sql`
      delete from pair_documents where cc_pair_id = ${job.cc_pair_id}
        and document_id in (select j.value from ${jsonTable(sqlite, gone, true)})`.execute(db);
    await sql`
      insert into sync_job_documents (job_id, document_id, removed)
      select cast(${job.id} as bigint), j.value, 1 from ${jsonTable(sqlite, gone, true)} where true
      on conflict (job_id, document_id) do update set removed = 1`.execute(db);
  }
  return {
    total: firsts.length,
    fresh: firsts.filter((row) => row[1] === 1).length,
    removed: gone.filter((id) => Number(seen.get(id)?.removed ?? 0) !== 1).length,
  };
}

/** The inventory's size per pair. */
export async function inventorySizes(db: Db, pairIds: readonly number[]) {
  if (pairIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('pair_documents')
    .select(['cc_pair_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('cc_pair_id', 'in', pairIds)
    .groupBy('cc_pair_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.cc_pair_id), Number(row.n)]));
}

/**
 * At most this many titles (of every pair) holding a search's trigrams, and
 * SQLite's search reads those titles alone; more, and reading the pair's
 * titles in order is the cheaper way (a word in most titles, say).
 */
const TRIGRAM_CANDIDATES_MAX = 50_000;
/** PostgreSQL: the index when fewer than 1 in TRIGRAM_SAMPLE_SHARE of the first TRIGRAM_SAMPLE titles hold the words. */
const TRIGRAM_SAMPLE = 2_000;
const TRIGRAM_SAMPLE_SHARE = 20;

/**
 * SQLite's full-text query for titles holding every trigram of each word (of 3
 * characters or more): a superset of the titles holding the words, which the
 * search then checks one by one. Each trigram a quoted FTS5 string.
 */
function trigramQuery(words: readonly string[]) {
  const grams = new Set<string>();
  for (const word of words) {
    const chars = Array.from(word);
    for (let at = 0; at + 3 <= chars.length; at++) grams.add(chars.slice(at, at + 3).join(''));
  }
  return [...grams].map((gram) => `"${gram.replaceAll('"', '""')}"`).join(' AND ');
}

/** How a search finds its titles: SQLite's FTS5 table, PostgreSQL's trigram index, or the titles in order. */
type Way = 'fts' | 'trigrams' | 'titles';

/** A search's remembered total and way, good while the pair's inventory version stays `version`. */
interface Remembered {
  version: string;
  total: number;
  way: Way;
}

/** At most this many searches' totals are remembered (of every pair); the least recently asked go first. */
const REMEMBERED_SEARCHES = 500;

/**
 * The totals of a server's recent searches, per pair and words, each kept
 * with the pair's inventory version (0034's `pair_sync_versions`, moved by
 * every write to the pair's documents or jobs, whoever writes) it was
 * counted at: a search asked again before the version moves is answered its
 * total without counting the matching titles again. Bounded: the least
 * recently asked go first (a Map keeps its keys in the order they were set).
 */
export class SearchTotals {
  private readonly entries = new Map<string, Remembered>();
  constructor(private readonly max = REMEMBERED_SEARCHES) {}

  get(key: string, version: string): Remembered | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) return undefined;
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: Remembered) {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  get size() {
    return this.entries.size;
  }
}

/** The pair's inventory version now (moves with every write to its documents or jobs). */
async function inventoryVersion(db: Db, pairId: number): Promise<string> {
  const row = await db
    .selectFrom('pair_sync_versions')
    .select('version')
    .where('cc_pair_id', '=', pairId)
    .executeTakeFirst();
  return row ? String(row.version) : 'none';
}

/**
 * A page of the inventory, by title; `q`: titles holding each of its words
 * (letter case ignored), and how many there are in all. Words of 3
 * characters or more are looked up in the titles' trigram index (0036) when
 * it names few titles (SQLite: at most TRIGRAM_CANDIDATES_MAX; PostgreSQL:
 * a sample of the titles finds the words rare): on SQLite the FTS5 table
 * names the titles to read, on PostgreSQL pg_trgm serves the `like` itself.
 * Words of 1 or 2 characters have no trigram: the titles found for the longer
 * words are checked for them. Otherwise (short words alone, or words most
 * titles hold) the pair's titles are read in order through
 * `pair_documents_title_idx` and each checked, so the page stops after its
 * matches; the test is a plain substring search (`instr`, `strpos`), which
 * no trigram index serves, so PostgreSQL does not take one for a word most
 * titles hold.
 *
 * `totals`: the total (always exact) and the way are remembered per pair and
 * words until the pair's inventory version moves; the version is read
 * before the count, so a write committed meanwhile only makes the next
 * search count again.
 */
export async function documentsPage(
  db: Db,
  pairId: number,
  q: string | undefined,
  pageNum: number,
  pageSize: number,
  totals?: SearchTotals,
) {
  const sqlite = onSqlite(db);
  const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
  const key = JSON.stringify([pairId, words]);
  const version = totals ? await inventoryVersion(db, pairId) : '';
  const remembered = totals?.get(key, version);
  const escape = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);
  const like = (word: string, title = sql.ref('title_lower')) =>
    sql<boolean>`${title} like ${`%${escape(word)}%`} escape '\\'`;
  // The same test as `like`: the titles are lowercased as the words are.
  const within = (word: string, title = sql.ref('title_lower')) =>
    sqlite
      ? sql<boolean>`instr(${title}, ${word}) > 0`
      : sql<boolean>`strpos(${title}, ${word}) > 0`;
  const long = words.filter((word) => Array.from(word).length >= 3);
  const short = words.filter((word) => Array.from(word).length < 3);
  const way = remembered?.way ?? (await wayOf(db, sqlite, pairId, long, within));
  const count = async (counted: () => Promise<number>) => {
    if (remembered) return remembered.total;
    const total = await counted();
    totals?.set(key, { version, total, way });
    return total;
  };
  if (way === 'fts') {
    const match = trigramQuery(long);
    // The index's titles first (CROSS JOIN keeps that order), each read by its rowid.
    const found = sql`pair_documents_trigrams(${match}) as f cross join pair_documents d
      where d.rowid = f.rowid and d.cc_pair_id = ${pairId}
        and ${sql.join(
          words.map((word) => within(word, sql.ref('d.title_lower'))),
          sql` and `,
        )}`;
    const { rows: items } = await sql<PairDocumentRow>`
      select d.document_id, d.semantic_identifier, d.link, d.updated_at, d.time_last_indexed
      from ${found} order by d.title_lower, d.document_id
      limit ${pageSize} offset ${pageNum * pageSize}`.execute(db);
    const total_items = await count(async () => {
      const { rows } = await sql<{ n: number }>`select count(*) as n from ${found}`.execute(db);
      return Number(rows[0]!.n);
    });
    return { items, total_items };
  }
  const indexed = way === 'trigrams';
  let query = db.selectFrom('pair_documents').where('cc_pair_id', '=', pairId);
  for (const word of indexed ? long : words)
    query = query.where(indexed ? like(word) : within(word));
  if (indexed) for (const word of short) query = query.where(within(word));
  const items = await query
    .select(['document_id', 'semantic_identifier', 'link', 'updated_at', 'time_last_indexed'])
    .orderBy('title_lower')
    .orderBy('document_id')
    .limit(pageSize)
    .offset(pageNum * pageSize)
    .execute();
  const total_items = await count(async () => {
    const total = await query
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(total.n);
  });
  return { items, total_items };
}

/** Which way a search takes (documentsPage): asked of the store, never the answer itself. */
async function wayOf(
  db: Db,
  sqlite: boolean,
  pairId: number,
  long: readonly string[],
  within: (word: string) => ReturnType<typeof sql<boolean>>,
): Promise<Way> {
  if (long.length === 0) return 'titles';
  if (sqlite) {
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from (select rowid from pair_documents_trigrams
        where pair_documents_trigrams match ${trigramQuery(long)} limit ${TRIGRAM_CANDIDATES_MAX + 1})`.execute(
      db,
    );
    return Number(rows[0]!.n) <= TRIGRAM_CANDIDATES_MAX ? 'fts' : 'titles';
  }
  // PostgreSQL's estimate for a word most titles hold is far too low (it took the
  // index for all 1,000,000 titles): the first titles in order say how common
  // the longer words are (a guess that only decides the way, never the answer).
  const { rows } = await sql<{ n: number | string }>`
    select count(*) as n from (select title_lower from pair_documents
      where cc_pair_id = ${pairId} order by title_lower, document_id limit ${TRIGRAM_SAMPLE}) as s
    where ${sql.join(
      long.map((word) => within(word)),
      sql` and `,
    )}`.execute(db);
  return Number(rows[0]!.n) * TRIGRAM_SAMPLE_SHARE < TRIGRAM_SAMPLE ? 'trigrams' : 'titles';
}

interface PairDocumentRow {
  document_id: string;
  semantic_identifier: string;
  link: string | null;
  updated_at: string | null;
  time_last_indexed: string;
}

/**
 * A prune's end (D14, "a prune removes what the source no longer has"): the
 * worker lists, as upserts, every document the source still has; what the
 * pair's inventory holds beyond that list goes, counted as removed by the job.
 * Only a prune that finished `success` listed everything, so only it sweeps.
 */
export async function removeUnlisted(db: Db, job: { id: number; cc_pair_id: number }) {
  const listed = db
    .selectFrom('sync_job_documents')
    .select('document_id')
    .where('job_id', '=', job.id)
    .where('upserted', '=', 1);
  const gone = (
    await db
      .selectFrom('pair_documents')
      .select('document_id')
      .where('cc_pair_id', '=', job.cc_pair_id)
      .where('document_id', 'not in', listed)
      .execute()
  ).map((row) => row.document_id);
  for (let at = 0; at < gone.length; at += 500) {
    await applyDocuments(db, job, { upsert: [], delete: gone.slice(at, at + 500) }, new Date());
  }
}
