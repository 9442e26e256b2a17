// SCIM's storage (docs/scim.md): the token (by SHA-256), which users and groups
// the identity provider manages, and the reads and member changes of its
// routes. Each member change touches only the members named, so adding one
// person to a group of thousands is one small statement, not a rewrite.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/database';

const now = () => new Date().toISOString();

/** Bound parameters per statement stay well under SQLite's and PostgreSQL's limits. */
function* chunks<T>(items: readonly T[], size = 500): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/**
 * One page of a SCIM list (its startIndex and count) and how many match in all
 * (totalResults): the total always, the rows only when some are asked for
 * (`count=0` asks for the total alone).
 */
async function pageOf<Row, Out>(
  limit: number,
  total: () => Promise<{ n: number | string }>,
  page: () => Promise<Row[]>,
  toRow: (row: Row) => Out,
): Promise<{ total: number; rows: Out[] }> {
  const { n } = await total();
  const rows = limit === 0 ? [] : await page();
  return { total: Number(n), rows: rows.map(toRow) };
}

// ---- the token

const TOKEN_COLUMNS = ['id', 'name', 'last_four', 'time_created', 'last_used_at'] as const;

/** Stores a new token and revokes every other, in the caller's transaction. */
export async function replaceScimToken(db: Db, name: string, hash: string, lastFour: string) {
  const time = now();
  await db
    .updateTable('scim_tokens')
    .set({ time_revoked: time })
    .where('time_revoked', 'is', null)
    .execute();
  const row = await db
    .insertInto('scim_tokens')
    .values({ name, token_hash: hash, last_four: lastFour, time_created: time, time_revoked: null })
    .returning(TOKEN_COLUMNS)
    .executeTakeFirstOrThrow();
  return { ...row, id: Number(row.id) };
}

export async function activeScimToken(db: Db) {
  const row = await db
    .selectFrom('scim_tokens')
    .select(TOKEN_COLUMNS)
    .where('time_revoked', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row && { ...row, id: Number(row.id) };
}

export async function findScimTokenByHash(db: Db, hash: string) {
  const row = await db
    .selectFrom('scim_tokens')
    .select(TOKEN_COLUMNS)
    .where('token_hash', '=', hash)
    .where('time_revoked', 'is', null)
    .executeTakeFirst();
  return row && { ...row, id: Number(row.id) };
}

export async function noteScimTokenUse(db: Db, id: number, time: string) {
  await db.updateTable('scim_tokens').set({ last_used_at: time }).where('id', '=', id).execute();
}

// ---- users

export interface ScimUserRow {
  id: string;
  email: string;
  role: string;
  is_active: boolean;
  time_created: string;
  /** Managed by the identity provider (a mapping row exists). */
  managed: boolean;
  external_id: string | null;
}

const userRows = (db: Db) =>
  db
    .selectFrom('users as u')
    .leftJoin('scim_users as su', 'su.user_id', 'u.id')
    .where('u.is_api_key', '=', 0);

const toUserRow = (row: {
  id: string;
  email: string;
  role: string;
  is_active: number | string;
  time_created: string;
  mapped: string | null;
  external_id: string | null;
}): ScimUserRow => ({
  id: row.id,
  email: row.email,
  role: row.role,
  is_active: Number(row.is_active) === 1,
  time_created: row.time_created,
  managed: row.mapped !== null,
  external_id: row.external_id,
});

const USER_SELECT = [
  'u.id',
  'u.email',
  'u.role',
  'u.is_active',
  'u.time_created',
  'su.user_id as mapped',
  'su.external_id',
] as const;

/** A page of persons matching `where`, by address, and how many match in all. */
export async function listScimUsers(
  db: Db,
  where: Expression<SqlBool>,
  offset: number,
  limit: number,
) {
  const matching = () => userRows(db).where(where);
  return pageOf(
    limit,
    () =>
      matching()
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
    () =>
      matching().select(USER_SELECT).orderBy('u.email_lower').offset(offset).limit(limit).execute(),
    toUserRow,
  );
}

/** A person by id (not a key's user). */
export async function findScimUser(db: Db, id: string): Promise<ScimUserRow | undefined> {
  if (id.includes('\u0000')) return undefined;
  const row = await userRows(db).where('u.id', '=', id).select(USER_SELECT).executeTakeFirst();
  return row && toUserRow(row);
}

/** The user (person or key's user) whose address this is, letter case ignored. */
export async function userIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email_lower', '=', email.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

export async function setUserEmail(db: Db, id: string, email: string) {
  await db
    .updateTable('users')
    .set({ email, email_lower: email.toLowerCase() })
    .where('id', '=', id)
    .execute();
}

/** Marks the user managed by the identity provider, with the id it knows them by. */
export async function mapScimUser(db: Db, userId: string, externalId: string | null) {
  await db
    .insertInto('scim_users')
    .values({ user_id: userId, external_id: externalId, time_created: now() })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ external_id: externalId }))
    .execute();
}

export async function unmapScimUser(db: Db, userId: string) {
  await db.deleteFrom('scim_users').where('user_id', '=', userId).execute();
}

/** Every person the identity provider manages (the Users page marks them). */
export async function scimManagedUserIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('scim_users').select('user_id').orderBy('user_id').execute();
  return rows.map((row) => row.user_id);
}

/** Each user's groups, for the users of a page: `{value, display}` by user id. */
export async function groupsOfUsers(db: Db, userIds: readonly string[]) {
  const byUser = new Map<string, { value: string; display: string }[]>();
  for (const chunk of chunks(userIds)) {
    const rows = await db
      .selectFrom('user_group_members as m')
      .innerJoin('user_groups as g', 'g.id', 'm.group_id')
      .select(['m.user_id', 'g.id', 'g.name'])
      .where('m.user_id', 'in', chunk)
      .orderBy('g.name')
      .execute();
    for (const row of rows) {
      const list = byUser.get(row.user_id) ?? [];
      list.push({ value: String(row.id), display: row.name });
      byUser.set(row.user_id, list);
    }
  }
  return byUser;
}

/** The ids among `ids` that name no person (unknown, or a key's user). */
export async function unknownPersonIds(db: Db, ids: readonly string[]): Promise<string[]> {
  const found = new Set<string>();
  for (const chunk of chunks(ids.filter((id) => !id.includes('\u0000')))) {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', chunk)
      .where('is_api_key', '=', 0)
      .execute();
    for (const row of rows) found.add(row.id);
  }
  return ids.filter((id) => !found.has(id));
}

// ---- groups

export interface ScimGroupRow {
  id: number;
  name: string;
  time_created: string;
  time_updated: string;
  external_id: string | null;
}

const groupRows = (db: Db) =>
  db.selectFrom('user_groups as g').leftJoin('scim_groups as sg', 'sg.group_id', 'g.id');

const GROUP_SELECT = [
  'g.id',
  'g.name',
  'g.time_created',
  'g.time_updated',
  'sg.external_id',
] as const;

const toGroupRow = (row: {
  id: number | string;
  name: string;
  time_created: string;
  time_updated: string;
  external_id: string | null;
}): ScimGroupRow => ({ ...row, id: Number(row.id) });

export async function listScimGroups(
  db: Db,
  where: Expression<SqlBool>,
  offset: number,
  limit: number,
) {
  const matching = () => groupRows(db).where(where);
  return pageOf(
    limit,
    () =>
      matching()
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
    () => matching().select(GROUP_SELECT).orderBy('g.id').offset(offset).limit(limit).execute(),
    toGroupRow,
  );
}

export async function findScimGroup(db: Db, id: number): Promise<ScimGroupRow | undefined> {
  const row = await groupRows(db).where('g.id', '=', id).select(GROUP_SELECT).executeTakeFirst();
  return row && toGroupRow(row);
}

export async function mapScimGroup(db: Db, groupId: number, externalId: string | null) {
  await db
    .insertInto('scim_groups')
    .values({ group_id: groupId, external_id: externalId, time_created: now() })
    .onConflict((conflict) => conflict.column('group_id').doUpdateSet({ external_id: externalId }))
    .execute();
}

/** Renames a group; false when another group has the name. */
export async function renameGroup(db: Db, id: number, name: string): Promise<boolean> {
  const taken = await db
    .selectFrom('user_groups')
    .select('id')
    .where('name', '=', name)
    .where('id', '!=', id)
    .executeTakeFirst();
  if (taken) return false;
  await db
    .updateTable('user_groups')
    .set({ name, time_updated: now() })
    .where('id', '=', id)
    .execute();
  return true;
}

/** Each group's members `{value, display}`, for the groups of a page. */
export async function membersOfGroups(db: Db, groupIds: readonly number[]) {
  const byGroup = new Map<number, { value: string; display: string }[]>();
  for (const chunk of chunks(groupIds)) {
    const rows = await db
      .selectFrom('user_group_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.group_id', 'u.id', 'u.email'])
      .where('m.group_id', 'in', chunk)
      .orderBy('u.email_lower')
      .execute();
    for (const row of rows) {
      const id = Number(row.group_id);
      const list = byGroup.get(id) ?? [];
      list.push({ value: row.id, display: row.email });
      byGroup.set(id, list);
    }
  }
  return byGroup;
}

/** Adds the members named (never as curators); the ids that were not members before. */
export async function addMembers(db: Db, groupId: number, userIds: readonly string[]) {
  const added: string[] = [];
  for (const chunk of chunks([...new Set(userIds)])) {
    const present = await db
      .selectFrom('user_group_members')
      .select('user_id')
      .where('group_id', '=', groupId)
      .where('user_id', 'in', chunk)
      .execute();
    const there = new Set(present.map((row) => row.user_id));
    const fresh = chunk.filter((id) => !there.has(id));
    if (fresh.length === 0) continue;
    await db
      .insertInto('user_group_members')
      .values(fresh.map((user_id) => ({ group_id: groupId, user_id, is_curator: 0 })))
      .execute();
    added.push(...fresh);
  }
  return added;
}

/** Removes the members named; those that were members, and which of them curated the group. */
export async function removeMembers(db: Db, groupId: number, userIds: readonly string[]) {
  const removed: string[] = [];
  const curators: string[] = [];
  for (const chunk of chunks([...new Set(userIds)])) {
    const rows = await db
      .selectFrom('user_group_members')
      .select(['user_id', 'is_curator'])
      .where('group_id', '=', groupId)
      .where('user_id', 'in', chunk)
      .execute();
    if (rows.length === 0) continue;
    await db
      .deleteFrom('user_group_members')
      .where('group_id', '=', groupId)
      .where(
        'user_id',
        'in',
        rows.map((row) => row.user_id),
      )
      .execute();
    for (const row of rows) {
      removed.push(row.user_id);
      if (Number(row.is_curator) === 1) curators.push(row.user_id);
    }
  }
  return { removed, curators };
}

/** Every member id of a group (a whole replacement of its members needs them). */
export async function allMemberIds(db: Db, groupId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_group_members')
    .select('user_id')
    .where('group_id', '=', groupId)
    .execute();
  return rows.map((row) => row.user_id);
}

/** The curators of a group (deleting it ends their curatorships). */
export async function curatorIds(db: Db, groupId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_group_members')
    .select('user_id')
    .where('group_id', '=', groupId)
    .where('is_curator', '=', 1)
    .execute();
  return rows.map((row) => row.user_id);
}

/** Marks a group changed. */
export async function touchScimGroup(db: Db, id: number) {
  await db.updateTable('user_groups').set({ time_updated: now() }).where('id', '=', id).execute();
}

/** Always false: a filter on a value no row can have. */
export const NOTHING = sql<SqlBool>`1 = 0`;
export const EVERYTHING = sql<SqlBool>`1 = 1`;
