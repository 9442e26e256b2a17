// Document sets in the store: the sets, the pairs each holds and the groups
// each is shared with. Routes check who may do what (server/groups/documentSets.ts);
// these functions only read and write, inside the caller's transaction.
import type { PairAccessType } from '../../src/contract/groups';
import type { PairSummary } from '../../src/contract/documentSets';
import type { Db } from '../db/database';

/** A set as stored, with its pairs and groups. */
export interface StoredSet {
  id: number;
  name: string;
  description: string;
  is_public: boolean;
  user_id: string | null;
  pairs: (PairSummary & { groups: number[] })[];
  groups: number[];
}

export interface SetFields {
  name: string;
  description: string;
  is_public: boolean;
}

const now = () => new Date().toISOString();

/** Bound parameters per statement stay well under SQLite's and PostgreSQL's limits. */
function* chunks<T>(items: readonly T[], size = 500): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/** Inserts a set; its id, or null when the name is taken (the unique key decides). */
export async function insertSet(
  db: Db,
  fields: SetFields,
  userId: string | null,
): Promise<number | null> {
  const time = now();
  const row = await db
    .insertInto('document_sets')
    .values({
      name: fields.name,
      description: fields.description,
      is_public: fields.is_public ? 1 : 0,
      user_id: userId,
      time_created: time,
      time_updated: time,
    })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** Changes a set's fields; false when the new name is another set's. */
export async function updateSet(db: Db, id: number, fields: SetFields): Promise<boolean> {
  const taken = await db
    .selectFrom('document_sets')
    .select('id')
    .where('name', '=', fields.name)
    .where('id', '!=', id)
    .executeTakeFirst();
  if (taken) return false;
  await db
    .updateTable('document_sets')
    .set({
      name: fields.name,
      description: fields.description,
      is_public: fields.is_public ? 1 : 0,
      time_updated: now(),
    })
    .where('id', '=', id)
    .execute();
  return true;
}

export async function deleteSet(db: Db, id: number): Promise<void> {
  await db.deleteFrom('document_sets').where('id', '=', id).execute();
}

/** Makes the set's pairs exactly `pairIds`. */
export async function replaceSetPairs(db: Db, setId: number, pairIds: readonly number[]) {
  await db.deleteFrom('document_set_pairs').where('set_id', '=', setId).execute();
  for (const chunk of chunks(pairIds)) {
    await db
      .insertInto('document_set_pairs')
      .values(chunk.map((pair_id) => ({ set_id: setId, pair_id })))
      .execute();
  }
}

/** Makes the set's groups exactly `groupIds`. */
export async function replaceSetGroups(db: Db, setId: number, groupIds: readonly number[]) {
  await db.deleteFrom('document_set_groups').where('set_id', '=', setId).execute();
  for (const chunk of chunks([...new Set(groupIds)])) {
    await db
      .insertInto('document_set_groups')
      .values(chunk.map((group_id) => ({ set_id: setId, group_id })))
      .execute();
  }
}

/** The ids of the sets shared with any of `groupIds`. */
export async function setIdsOfGroups(db: Db, groupIds: readonly number[]): Promise<number[]> {
  const ids = new Set<number>();
  for (const chunk of chunks(groupIds)) {
    const rows = await db
      .selectFrom('document_set_groups')
      .select('set_id')
      .where('group_id', 'in', chunk)
      .execute();
    for (const row of rows) ids.add(Number(row.set_id));
  }
  return [...ids];
}

/** The ids of the sets that hold any pair of `connectorId`. */
export async function setIdsOfConnector(db: Db, connectorId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('document_set_pairs as sp')
    .innerJoin('connector_credential_pairs as p', 'p.id', 'sp.pair_id')
    .select('sp.set_id')
    .where('p.connector_id', '=', connectorId)
    .distinct()
    .execute();
  return rows.map((row) => Number(row.set_id));
}

/** The sets of `ids` (every set when undefined), by name, with their pairs and groups. */
export async function loadSets(db: Db, ids?: readonly number[]): Promise<StoredSet[]> {
  if (ids && ids.length === 0) return [];
  const sets: StoredSet[] = [];
  const parts = ids ? [...chunks(ids)] : [undefined];
  for (const part of parts) {
    let query = db
      .selectFrom('document_sets')
      .select(['id', 'name', 'description', 'is_public', 'user_id']);
    if (part) query = query.where('id', 'in', part);
    for (const row of await query.execute()) {
      sets.push({
        id: Number(row.id),
        name: row.name,
        description: row.description,
        is_public: Number(row.is_public) === 1,
        user_id: row.user_id,
        pairs: [],
        groups: [],
      });
    }
  }
  if (sets.length === 0) return [];
  const byId = new Map(sets.map((set) => [set.id, set]));
  for (const part of chunks([...byId.keys()])) {
    const groups = await db
      .selectFrom('document_set_groups')
      .select(['set_id', 'group_id'])
      .where('set_id', 'in', part)
      .orderBy('group_id')
      .execute();
    for (const row of groups) byId.get(Number(row.set_id))!.groups.push(Number(row.group_id));
    const pairs = await db
      .selectFrom('document_set_pairs as sp')
      .innerJoin('connector_credential_pairs as p', 'p.id', 'sp.pair_id')
      .innerJoin('connectors as c', 'c.id', 'p.connector_id')
      .leftJoin('pair_groups as pg', 'pg.pair_id', 'p.id')
      .select(['sp.set_id', 'p.id', 'p.name', 'p.access_type', 'c.name as connector_name'])
      .select(['c.source', 'pg.group_id'])
      .where('sp.set_id', 'in', part)
      .orderBy('p.id')
      .execute();
    for (const row of pairs) {
      const set = byId.get(Number(row.set_id))!;
      const id = Number(row.id);
      let pair = set.pairs.find((item) => item.id === id);
      if (!pair) {
        pair = {
          id,
          // Onyx names a pair by its own name; one made without a name shows its connector's.
          name: row.name ?? row.connector_name,
          source: row.source,
          access_type: row.access_type as PairAccessType,
          groups: [],
        };
        set.pairs.push(pair);
      }
      if (row.group_id !== null) pair.groups.push(Number(row.group_id));
    }
  }
  return sets.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
}

/** Every set's fields as stored, in no order (a bundle's setup). */
export const everySet = (db: Db) =>
  db.selectFrom('document_sets').select(['id', 'name', 'description', 'is_public']).execute();

/** Every set's groups, one row a set and group, in no order. */
export const everySetGroup = (db: Db) =>
  db.selectFrom('document_set_groups').select(['set_id', 'group_id']).execute();

/** Every set's pairs, one row a set and pair, in no order. */
export const everySetPair = (db: Db) =>
  db.selectFrom('document_set_pairs').select(['set_id', 'pair_id']).execute();

/** Every set's id and name, for the bundle's refs. */
export async function setNames(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('document_sets').select(['id', 'name']).execute();
  return new Map(rows.map((row) => [row.name, Number(row.id)]));
}
