// A pair's document inventory (D14) and what each job did to it: a job's
// counts are counted here, not taken on trust, and a repeated batch counts once.
import { sql } from 'kysely';
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
  // The last word on a document in the batch counts.
  const upserts = new Map(batch.upsert.map((doc) => [doc.document_id, doc]));
  const ids = [...new Set([...upserts.keys(), ...batch.delete])];
  if (ids.length === 0) return { total: 0, fresh: 0, removed: 0 };
  const held = new Set(
    (
      await db
        .selectFrom('pair_documents')
        .select('document_id')
        .where('cc_pair_id', '=', job.cc_pair_id)
        .where('document_id', 'in', ids)
        .execute()
    ).map((row) => row.document_id),
  );
  const seen = new Map(
    (
      await db
        .selectFrom('sync_job_documents')
        .selectAll()
        .where('job_id', '=', job.id)
        .where('document_id', 'in', ids)
        .execute()
    ).map((row) => [row.document_id, row]),
  );
  if (upserts.size > 0) {
    await db
      .insertInto('pair_documents')
      .values(
        [...upserts.values()].map((doc) => ({
          cc_pair_id: job.cc_pair_id,
          document_id: doc.document_id,
          semantic_identifier: doc.semantic_identifier,
          title_lower: doc.semantic_identifier.toLowerCase(),
          link: doc.link ?? null,
          updated_at: doc.updated_at ?? null,
          time_last_indexed: at,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['cc_pair_id', 'document_id']).doUpdateSet((eb) => ({
          semantic_identifier: eb.ref('excluded.semantic_identifier'),
          title_lower: eb.ref('excluded.title_lower'),
          link: eb.ref('excluded.link'),
          updated_at: eb.ref('excluded.updated_at'),
          time_last_indexed: eb.ref('excluded.time_last_indexed'),
        })),
      )
      .execute();
  }
  // The job's own record: a document counts toward the job's total the first
  // time this job upserts it, and as new when the inventory did not hold it then.
  const firsts = [...upserts.keys()].flatMap((id) => {
    const row = seen.get(id);
    if (row && Number(row.upserted) === 1) return [];
    return [
      {
        job_id: job.id,
        document_id: id,
        upserted: 1,
        was_new: held.has(id) ? 0 : 1,
        removed: row ? Number(row.removed) : 0,
      },
    ];
  });
  if (firsts.length > 0) {
    await db
      .insertInto('sync_job_documents')
      .values(firsts)
      .onConflict((conflict) =>
        conflict.columns(['job_id', 'document_id']).doUpdateSet((eb) => ({
          upserted: eb.ref('excluded.upserted'),
          was_new: eb.ref('excluded.was_new'),
        })),
      )
      .execute();
  }
  const gone = batch.delete.filter((id) => held.has(id) || upserts.has(id));
  if (gone.length > 0) {
    await db
      .deleteFrom('pair_documents')
      .where('cc_pair_id', '=', job.cc_pair_id)
      .where('document_id', 'in', gone)
      .execute();
    await db
      .insertInto('sync_job_documents')
      .values(gone.map((id) => ({ job_id: job.id, document_id: id, removed: 1 })))
      .onConflict((conflict) =>
        conflict.columns(['job_id', 'document_id']).doUpdateSet({ removed: 1 }),
      )
      .execute();
  }
  return {
    total: firsts.length,
    fresh: firsts.filter((row) => row.was_new === 1).length,
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

/** A page of the inventory, by title; `q`: titles holding each of its words (letter case ignored). */
export async function documentsPage(
  db: Db,
  pairId: number,
  q: string | undefined,
  pageNum: number,
  pageSize: number,
) {
  const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
  const escape = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);
  let query = db.selectFrom('pair_documents').where('cc_pair_id', '=', pairId);
  for (const word of words) {
    query = query.where(sql<boolean>`title_lower like ${`%${escape(word)}%`} escape '\\'`);
  }
  const items = await query
    .select(['document_id', 'semantic_identifier', 'link', 'updated_at', 'time_last_indexed'])
    .orderBy('title_lower')
    .orderBy('document_id')
    .limit(pageSize)
    .offset(pageNum * pageSize)
    .execute();
  const total = await query
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { items, total_items: Number(total.n) };
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
