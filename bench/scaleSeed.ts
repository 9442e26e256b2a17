// The scale rows' data (docs/performance.md),
// written straight through Kysely in batches (the API would take hours): a
// directory of 100,000 people with a year of activity (1,000,000 records), and
// connectors in 1,000 groups of 5 members with a curator and a global curator.
import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { generateApiKey, storeApiKey } from '../server/auth/apiKeys';
import type { Db, Store } from '../server/db/database';
import type { UserRole } from '../src/contract/contract';
import { seedAuditRecords } from '../test/support/auditRecords';
import { scaleRows } from './config';
import { openDataSet, openNewDataSet, seedDataSet, type DataSet } from './seed';

/** Rows per INSERT: a few columns each, far under both stores' limits on parameters. */
const BATCH = 1_000;

/** Person n of the directory (1-based): person000001@… */
export const personEmail = (n: number) =>
  `person${String(n).padStart(6, '0')}@example${n % 20}.com`;

/** An e-mail prefix the directory's search is timed with: 100 people (person0500… of 100,000). */
export const PERSON_PREFIX = personEmail(Math.floor(scaleRows.people / 2)).slice(
  0,
  'person'.length + 4,
);

async function insertUsers(db: Db, count: number, email: (n: number) => string, role: UserRole) {
  const time = new Date().toISOString();
  const ids: string[] = [];
  for (let start = 1; start <= count; start += BATCH) {
    const rows = [];
    for (let n = start; n < Math.min(count + 1, start + BATCH); n += 1) {
      const id = randomUUID();
      ids.push(id);
      rows.push({ id, email: email(n), email_lower: email(n), role, time_created: time });
    }
    await db.insertInto('users').values(rows).execute();
  }
  return ids;
}

/** PostgreSQL plans from statistics a freshly filled table lacks until autovacuum comes by. */
async function analyze(store: Store) {
  if (store.dialect === 'postgres') await store.db.executeQuery(CompiledQuery.raw('analyze'));
}

/** SCIM's large group (docs/scim.md): its name, and how many of the people are its members. */
export const BIG_GROUP = 'Everyone (SCIM)';
export const bigGroupSize = () => Math.min(10_000, Math.floor(scaleRows.people / 2));

/** The first bigGroupSize() people in one group, for SCIM's "add one member" row. */
async function insertBigGroup(db: Db, userIds: readonly string[]) {
  const time = new Date().toISOString();
  const group = await db
    .insertInto('user_groups')
    .values({ name: BIG_GROUP, time_created: time, time_updated: time })
    .returning('id')
    .executeTakeFirstOrThrow();
  const members = userIds.slice(0, bigGroupSize());
  for (let start = 0; start < members.length; start += BATCH) {
    const rows = members
      .slice(start, start + BATCH)
      .map((user_id) => ({ group_id: Number(group.id), user_id, is_curator: 0 }));
    await db.insertInto('user_group_members').values(rows).execute();
  }
}

/**
 * 100,000 people and 1,000,000 activity records (the smoke run: a few hundred and
 * thousand), and SCIM's group of 10,000 of them.
 */
export async function seedPeopleSet(postgresUrl?: string): Promise<DataSet> {
  const { set, store } = await openNewDataSet(postgresUrl);
  try {
    await store.db.transaction().execute(async (trx) => {
      const ids = await insertUsers(trx, scaleRows.people, personEmail, 'basic');
      await insertBigGroup(trx, ids);
    });
    await seedAuditRecords(store.db, scaleRows.activity);
    await analyze(store);
  } finally {
    await store.close();
  }
  return set;
}

export interface GroupsSet extends DataSet {
  groups: number;
  /** Keys of the curator of CURATED groups and of the global curator in GLOBAL_GROUPS groups. */
  curatorKey: string;
  globalCuratorKey: string;
  /** MANY_CURATORS keys, each of a curator of one group of its own (groups CURATED + 1 on). */
  manyCuratorKeys: string[];
}

/** A curator of 10 groups and a global curator in 50. */
export const CURATED = 10;
export const GLOBAL_GROUPS = 50;
/** Curators reading at once, each with a view of its own: 100 against the first 10 of them. */
export const MANY_CURATORS = 100;
/** Every tenth connector's pair is private to one group (round the groups); the rest are public. */
const PRIVATE_EVERY = 10;

/**
 * `connectors` connectors (as seedDataSet makes them) in scaleRows.groups
 * groups of scaleRows.groupMembers / groups members each: the pair of every
 * tenth connector is private to a group, in turn, so with 10,000 connectors each of
 * the 1,000 groups has one; a curator of the first CURATED groups and a global
 * curator in the first GLOBAL_GROUPS see the public nine tenths and their groups' own.
 */
export async function seedGroupsSet(
  connectors: number,
  credentials: number,
  postgresUrl?: string,
): Promise<GroupsSet> {
  const set = await seedDataSet(connectors, credentials, postgresUrl);
  const { groups, groupMembers } = scaleRows;
  const store = await openDataSet(set);
  const curatorKey = generateApiKey();
  const globalCuratorKey = generateApiKey();
  const manyCuratorKeys = Array.from({ length: MANY_CURATORS }, () => generateApiKey());
  try {
    await store.db.transaction().execute(async (db) => {
      const members = await insertUsers(
        db,
        groupMembers,
        (n) => `member${String(n).padStart(5, '0')}@groups.example.com`,
        'basic',
      );
      const time = new Date().toISOString();
      const groupIds: number[] = [];
      for (let start = 0; start < groups; start += BATCH) {
        const rows = [];
        for (let g = start; g < Math.min(groups, start + BATCH); g += 1) {
          rows.push({
            name: `Bench group ${String(g + 1).padStart(4, '0')}`,
            time_created: time,
            time_updated: time,
          });
        }
        const made = await db.insertInto('user_groups').values(rows).returning('id').execute();
        groupIds.push(...made.map((row) => Number(row.id)));
      }
      const perGroup = Math.floor(groupMembers / groups);
      for (let start = 0; start < groupMembers; start += BATCH) {
        const rows = members.slice(start, start + BATCH).map((user_id, i) => ({
          group_id: groupIds[Math.floor((start + i) / perGroup) % groups]!,
          user_id,
          is_curator: 0,
        }));
        await db.insertInto('user_group_members').values(rows).execute();
      }
      const pairs = await db
        .selectFrom('connector_credential_pairs')
        .select(['id', 'connector_id'])
        .orderBy('connector_id')
        .execute();
      const privatePairs = pairs.filter((_, index) => (index + 1) % PRIVATE_EVERY === 0);
      for (let start = 0; start < privatePairs.length; start += BATCH) {
        const chunk = privatePairs.slice(start, start + BATCH);
        await db
          .updateTable('connector_credential_pairs')
          .set({ access_type: 'private' })
          .where(
            'id',
            'in',
            chunk.map((pair) => pair.id),
          )
          .execute();
        await db
          .insertInto('pair_groups')
          .values(
            chunk.map((pair, i) => ({
              pair_id: pair.id,
              group_id: groupIds[(start + i) % groups]!,
            })),
          )
          .execute();
      }
      const [curator] = await insertUsers(db, 1, () => 'curator@groups.example.com', 'curator');
      const [global] = await insertUsers(
        db,
        1,
        () => 'global-curator@groups.example.com',
        'global_curator',
      );
      await db
        .insertInto('user_group_members')
        .values([
          ...groupIds
            .slice(0, CURATED)
            .map((group_id) => ({ group_id, user_id: curator!, is_curator: 1 })),
          ...groupIds
            .slice(0, GLOBAL_GROUPS)
            .map((group_id) => ({ group_id, user_id: global!, is_curator: 0 })),
        ])
        .execute();
      await storeApiKey(db, curator!, curatorKey);
      await storeApiKey(db, global!, globalCuratorKey);
      const many = await insertUsers(
        db,
        MANY_CURATORS,
        (n) => `curator${String(n).padStart(3, '0')}@groups.example.com`,
        'curator',
      );
      await db
        .insertInto('user_group_members')
        .values(
          many.map((user_id, i) => ({
            group_id: groupIds[(CURATED + i) % groups]!,
            user_id,
            is_curator: 1,
          })),
        )
        .execute();
      for (const [i, user] of many.entries()) await storeApiKey(db, user, manyCuratorKeys[i]!);
    });
    await analyze(store);
  } finally {
    await store.close();
  }
  return { ...set, groups, curatorKey, globalCuratorKey, manyCuratorKeys };
}
