// User groups in the store (D13): the groups, their members and curators, the
// pairs each may see. Routes check who may do what; these functions only read
// and write, inside the caller's transaction.
import { groupNameKey } from '../../src/contract/groups';
import type { PairAccessType, UserGroup } from '../../src/contract/groups';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { Turns } from '../db/turns';

/** A group as a caller's membership shows it (GET /me). */
export interface MembershipView {
  id: number;
  name: string;
  is_curator: boolean;
}

const now = () => new Date().toISOString();

/** Inserts a group; its id, or null when the name is taken (the unique key decides, D13). */
/** Null when a group of that name, whatever its letter case, exists (groupNameKey). */
export async function insertGroup(db: Db, name: string): Promise<number | null> {
  const time = now();
  const row = await db
    .insertInto('user_groups')
    .values({ name, name_key: groupNameKey(name), time_created: time, time_updated: time })
    .onConflict((conflict) => conflict.column('name_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

export async function findGroupName(db: Db, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('user_groups')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.name;
}

/** Marks a group changed (members, curators or pairs). */
export async function touchGroup(db: Db, id: number): Promise<void> {
  await db.updateTable('user_groups').set({ time_updated: now() }).where('id', '=', id).execute();
}

export async function deleteGroup(db: Db, id: number): Promise<void> {
  await db.deleteFrom('user_groups').where('id', '=', id).execute();
}

/** The ids among `ids` that name no user (persons and key users alike). */
export async function unknownUserIds(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = new Set<string>();
  for (const chunk of chunks(ids)) {
    const rows = await db.selectFrom('users').select('id').where('id', 'in', chunk).execute();
    for (const row of rows) found.add(row.id);
  }
  return ids.filter((id) => !found.has(id));
}

/** The ids among `ids` that name no connector–credential pair. */
export async function unknownPairIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set<number>();
  for (const chunk of chunks(ids)) {
    const rows = await db
      .selectFrom('connector_credential_pairs')
      .select('id')
      .where('id', 'in', chunk)
      .execute();
    for (const row of rows) found.add(Number(row.id));
  }
  return ids.filter((id) => !found.has(id));
}

/** Bound parameters per statement stay well under SQLite's and PostgreSQL's limits. */
function* chunks<T>(items: readonly T[], size = 500): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

export async function memberIds(db: Db, groupId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_group_members')
    .select('user_id')
    .where('group_id', '=', groupId)
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

export async function pairIds(db: Db, groupId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('pair_groups')
    .select('pair_id')
    .where('group_id', '=', groupId)
    .orderBy('pair_id')
    .execute();
  return rows.map((row) => Number(row.pair_id));
}

/** Makes the group's members exactly `userIds` (curators who stay keep their curatorship). */
export async function replaceMembers(db: Db, groupId: number, userIds: readonly string[]) {
  const before = new Set(await memberIds(db, groupId));
  const after = new Set(userIds);
  const removed = [...before].filter((id) => !after.has(id));
  const added = [...after].filter((id) => !before.has(id));
  for (const chunk of chunks(removed)) {
    await db
      .deleteFrom('user_group_members')
      .where('group_id', '=', groupId)
      .where('user_id', 'in', chunk)
      .execute();
  }
  for (const chunk of chunks(added)) {
    await db
      .insertInto('user_group_members')
      .values(chunk.map((user_id) => ({ group_id: groupId, user_id, is_curator: 0 })))
      .onConflict((conflict) => conflict.columns(['group_id', 'user_id']).doNothing())
      .execute();
  }
  return { added, removed };
}

/** Makes the group's pairs exactly `ids`. */
export async function replacePairs(db: Db, groupId: number, ids: readonly number[]) {
  const before = new Set(await pairIds(db, groupId));
  const after = new Set(ids);
  const removed = [...before].filter((id) => !after.has(id));
  const added = [...after].filter((id) => !before.has(id));
  for (const chunk of chunks(removed)) {
    await db
      .deleteFrom('pair_groups')
      .where('group_id', '=', groupId)
      .where('pair_id', 'in', chunk)
      .execute();
  }
  for (const chunk of chunks(added)) {
    await db
      .insertInto('pair_groups')
      .values(chunk.map((pair_id) => ({ group_id: groupId, pair_id })))
      .onConflict((conflict) => conflict.columns(['pair_id', 'group_id']).doNothing())
      .execute();
  }
  return { added, removed };
}

/** Sets a member's curatorship; false when they are not a member. */
export async function setCurator(db: Db, groupId: number, userId: string, isCurator: boolean) {
  const result = await db
    .updateTable('user_group_members')
    .set({ is_curator: isCurator ? 1 : 0 })
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The groups `userId` belongs to, by name, and whether they curate each. */
export async function membershipsOf(db: Db, userId: string): Promise<MembershipView[]> {
  const rows = await db
    .selectFrom('user_group_members as m')
    .innerJoin('user_groups as g', 'g.id', 'm.group_id')
    .select(['g.id', 'g.name', 'm.is_curator'])
    .where('m.user_id', '=', userId)
    .orderBy('g.name')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    is_curator: Number(row.is_curator) === 1,
  }));
}

/** The groups of each of `userIds` (those in none: absent), by name, and whether they curate each. */
export async function membershipsOfUsers(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, MembershipView[]>> {
  const byUser = new Map<string, MembershipView[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('user_group_members as m')
    .innerJoin('user_groups as g', 'g.id', 'm.group_id')
    .select(['m.user_id', 'g.id', 'g.name', 'm.is_curator'])
    .where('m.user_id', 'in', userIds)
    .orderBy('g.name')
    .orderBy('g.id')
    .execute();
  for (const row of rows) {
    const memberships = byUser.get(row.user_id) ?? [];
    memberships.push({
      id: Number(row.id),
      name: row.name,
      is_curator: Number(row.is_curator) === 1,
    });
    byUser.set(row.user_id, memberships);
  }
  return byUser;
}

/** Whether `userId` curates any group (the role rule of D13). */
export async function curatesAny(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_group_members')
    .select('group_id')
    .where('user_id', '=', userId)
    .where('is_curator', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every group, or only those of `ids`, by name: `[{id, name}]`. */
export async function listGroupNames(db: Db, ids?: readonly number[]) {
  if (ids && ids.length === 0) return [];
  let query = db.selectFrom('user_groups').select(['id', 'name']).orderBy('name').orderBy('id');
  if (ids) query = query.where('id', 'in', ids);
  const rows = await query.execute();
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}

/** Every group's id and name, in no order (a bundle's setup). */
export const everyGroup = (db: Db) => db.selectFrom('user_groups').select(['id', 'name']).execute();

/** Every membership: its group, its user and whether they curate it, in no order. */
export const everyMembership = (db: Db) =>
  db.selectFrom('user_group_members').select(['group_id', 'user_id', 'is_curator']).execute();

/** Every pair's groups, one row a pair and group, in no order. */
export const everyPairGroup = (db: Db) =>
  db.selectFrom('pair_groups').select(['pair_id', 'group_id']).execute();

/** `%`, `_` and `\\` in a search are letters, not patterns. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of the groups of `ids` (all when undefined) whose name holds `q`
 * (letter case aside, as groupNameKey compares names), by name, and how many match.
 */
export async function listGroupPage(
  db: Db,
  { ids, q, offset, limit }: { ids?: readonly number[]; q: string; offset: number; limit: number },
): Promise<{ total: number; items: UserGroup[] }> {
  if ((ids && ids.length === 0) || q.includes('\u0000')) return { total: 0, items: [] };
  let query = db.selectFrom('user_groups');
  if (ids) query = query.where('id', 'in', ids);
  if (q)
    query = query.where(
      sql<boolean>`name_key like ${`%${likeText(groupNameKey(q))}%`} escape '\\'`,
    );
  const [{ n }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query.select('id').orderBy('name').orderBy('id').offset(offset).limit(limit).execute(),
  ]);
  const page = rows.map((row) => Number(row.id));
  return { total: Number(n), items: page.length === 0 ? [] : await listGroups(db, page) };
}

/** The groups of `ids` (all when undefined) in the UserGroup answer's shape, by name. */
export async function listGroups(db: Db, ids?: readonly number[]): Promise<UserGroup[]> {
  const groups = await listGroupNames(db, ids);
  if (groups.length === 0) return [];
  const groupIds = groups.map((group) => group.id);
  const members = await db
    .selectFrom('user_group_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.group_id', 'm.is_curator', 'u.id', 'u.email', 'u.role', 'u.is_active'])
    .where('m.group_id', 'in', groupIds)
    .orderBy('u.email_lower')
    .orderBy('u.id')
    .execute();
  const pairs = await db
    .selectFrom('pair_groups as pg')
    .innerJoin('connector_credential_pairs as p', 'p.id', 'pg.pair_id')
    .innerJoin('connectors as c', 'c.id', 'p.connector_id')
    .innerJoin('credentials as cr', 'cr.id', 'p.credential_id')
    .select([
      'pg.group_id',
      'p.id',
      'p.name',
      'p.access_type',
      'c.id as connector_id',
      'c.name as connector_name',
      'c.source as connector_source',
      'cr.id as credential_id',
      'cr.name as credential_name',
      'cr.source as credential_source',
    ])
    .where('pg.group_id', 'in', groupIds)
    .orderBy('p.id')
    .execute();
  const byId = new Map<number, UserGroup>(
    groups.map((group) => [
      group.id,
      {
        ...group,
        users: [],
        curator_ids: [],
        cc_pairs: [],
        document_sets: [],
        personas: [],
        is_up_to_date: true,
        is_up_for_deletion: false,
      },
    ]),
  );
  for (const row of members) {
    const group = byId.get(Number(row.group_id))!;
    group.users.push({
      id: row.id,
      email: row.email,
      role: row.role,
      is_active: Number(row.is_active) === 1,
    });
    if (Number(row.is_curator) === 1) group.curator_ids.push(row.id);
  }
  for (const row of pairs) {
    byId.get(Number(row.group_id))!.cc_pairs.push({
      id: Number(row.id),
      name: row.name,
      access_type: row.access_type as PairAccessType,
      connector: {
        id: Number(row.connector_id),
        name: row.connector_name,
        source: row.connector_source,
      },
      credential: {
        id: Number(row.credential_id),
        name: row.credential_name,
        source: row.credential_source,
      },
    });
  }
  return [...byId.values()];
}

/** Each pair's access and groups, for the pairs of `ids` that exist. */
export async function pairAccess(db: Db, ids: readonly number[]) {
  const access = new Map<number, { access_type: PairAccessType; groups: number[] }>();
  const turns = new Turns();
  for (const chunk of chunks(ids)) {
    // Each chunk is answered in step, without a turn of the loop: one given when due.
    await turns.ifDue();
    const rows = await db
      .selectFrom('connector_credential_pairs as p')
      .leftJoin('pair_groups as pg', 'pg.pair_id', 'p.id')
      .select(['p.id', 'p.access_type', 'pg.group_id'])
      .where('p.id', 'in', chunk)
      .execute();
    for (const row of rows) {
      const id = Number(row.id);
      const entry = access.get(id) ?? {
        access_type: row.access_type as PairAccessType,
        groups: [],
      };
      if (row.group_id !== null) entry.groups.push(Number(row.group_id));
      access.set(id, entry);
    }
  }
  return access;
}

/**
 * Gives each pair of `pairIds` exactly the groups `groups` (D13); a pair given
 * groups becomes private to them, one given none keeps its access.
 */
export async function setPairGroups(db: Db, pairIds: readonly number[], named: readonly number[]) {
  const groups = [...new Set(named)]; // a group named twice is kept once
  for (const chunk of chunks(pairIds)) {
    await db.deleteFrom('pair_groups').where('pair_id', 'in', chunk).execute();
    if (groups.length === 0) continue;
    const rows = chunk.flatMap((pair_id) => groups.map((group_id) => ({ pair_id, group_id })));
    for (const part of chunks(rows)) await db.insertInto('pair_groups').values(part).execute();
    await db
      .updateTable('connector_credential_pairs')
      .set({ access_type: 'private' })
      .where('id', 'in', chunk)
      .execute();
  }
}

/** Ends every curatorship of `userId` (their role is changed away from curator, as in Onyx). */
export async function clearCuratorships(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('user_group_members')
    .set({ is_curator: 0 })
    .where('user_id', '=', userId)
    .where('is_curator', '=', 1)
    .execute();
}

/** Which of `ids` name a group, read 500 at a time. */
export async function existingGroupIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom('user_groups')
      .select('id')
      .where('id', 'in', ids.slice(start, start + 500))
      .execute();
    for (const row of rows) found.add(Number(row.id));
  }
  return found;
}

/** The groups `userId` belongs to, and whether they curate each (what scopes a curator, D13). */
export const groupsOfMember = (db: Db, userId: string) =>
  db
    .selectFrom('user_group_members')
    .select(['group_id', 'is_curator'])
    .where('user_id', '=', userId)
    .execute();

/** Each connector (of `ids`, or every one) with its maker, and a row per pair and group of its (none: nulls). */
export function connectorPairGroups(db: Db, ids?: readonly number[]) {
  let query = db
    .selectFrom('connectors as c')
    .leftJoin('connector_credential_pairs as p', 'p.connector_id', 'c.id')
    .leftJoin('pair_groups as pg', 'pg.pair_id', 'p.id')
    .select(['c.id', 'c.creator_id', 'p.id as pair_id', 'p.access_type', 'pg.group_id']);
  if (ids) query = query.where('c.id', 'in', ids);
  return query.execute();
}

/** Every pair's access, a row per group of its (none: a null group). */
export const everyPairGroups = (db: Db) =>
  db
    .selectFrom('connector_credential_pairs as p')
    .leftJoin('pair_groups as pg', 'pg.pair_id', 'p.id')
    .select(['p.id', 'p.access_type', 'pg.group_id'])
    .execute();
