import type {
  ConnectorCreate,
  ConnectorPatch,
  ConnectorSnapshot,
  ConnectorStatus,
} from '../../src/contract/contract';
import { sql } from 'kysely';
import type { PairAccessType } from '../../src/contract/groups';
import type { Db } from '../db/database';
import type { ConnectorTable } from '../db/schema';
import { nextTimeUpdated } from './timeUpdated';
import { Turns } from '../db/turns';
import { refFor } from './refs';

/** The columns a new connector is stored with, from what made it. */
function newConnectorRow(
  input: ConnectorCreate,
  made: { ref: string; groups: readonly number[]; creatorId: string | null; now: string },
) {
  return {
    ref: made.ref,
    name: input.name,
    source: input.source,
    input_type: input.input_type,
    access_type: input.access_type,
    connector_specific_config: JSON.stringify(input.connector_specific_config),
    refresh_freq: input.refresh_freq ?? null,
    prune_freq: input.prune_freq ?? null,
    indexing_start: input.indexing_start ?? null,
    groups: JSON.stringify(made.groups),
    creator_id: made.creatorId,
    time_created: made.now,
    time_updated: made.now,
  };
}

/**
 * A new connector, made by `creatorId` (D13: a curator sees one they made before it has a pair);
 * its ref is `ref` when given (an import), otherwise one from its name.
 */
export async function insertConnector(
  db: Db,
  input: ConnectorCreate,
  creatorId: string | null = null,
  ref?: string,
): Promise<number> {
  const row = await db
    .insertInto('connectors')
    .values(
      newConnectorRow(input, {
        ref: ref ?? (await refFor(db, 'connectors', input.name, input.source)),
        groups: input.groups ?? [],
        creatorId,
        now: new Date().toISOString(),
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A connector an import makes: its ref given, paused or not, made by no one (D13's maker is a curator's). */
export interface ImportedConnector extends ConnectorCreate {
  ref: string;
  paused: boolean;
}

/**
 * Many new connectors, 500 rows a statement: the ids by ref. A (name, source)
 * taken refuses the statement, as insertConnector's one row would be.
 */
export async function insertConnectors(
  db: Db,
  connectors: readonly ImportedConnector[],
): Promise<Map<string, number>> {
  const now = new Date().toISOString();
  const ids = new Map<string, number>();
  for (let start = 0; start < connectors.length; start += 500) {
    const rows = await db
      .insertInto('connectors')
      .values(
        connectors.slice(start, start + 500).map((input) => ({
          ...newConnectorRow(input, { ref: input.ref, groups: [], creatorId: null, now }),
          status: input.paused ? 'PAUSED' : 'ACTIVE',
        })),
      )
      .returning(['id', 'ref'])
      .execute();
    for (const row of rows) ids.set(row.ref, row.id);
  }
  return ids;
}

export async function findConnectorSource(db: Db, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('connectors')
    .select('source')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.source;
}

/** Every uploaded file's location that a connector of `sources` names (`file_locations`). */
export async function namedUploadLocations(
  db: Db,
  sources: readonly string[],
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('connectors')
    .select('connector_specific_config')
    .where('source', 'in', sources)
    .execute();
  const named = new Set<string>();
  for (const row of rows) {
    const locations = (JSON.parse(row.connector_specific_config) as { file_locations?: unknown })
      .file_locations;
    if (Array.isArray(locations)) for (const location of locations) named.add(String(location));
  }
  return named;
}

/** D5: connectors of this source are never listed (nor their statuses). */
export const UNLISTED_SOURCE = 'ingestion_api';

/** Connectors with their pairs, one row per pair (or one with no pair), by id then credential. */
const selectWithPairs = (db: Db) =>
  db
    .selectFrom('connectors as c')
    .leftJoin('connector_credential_pairs as p', 'p.connector_id', 'c.id')
    .select([
      'c.id',
      'c.name',
      'c.source',
      'c.input_type',
      'c.connector_specific_config',
      'c.refresh_freq',
      'c.prune_freq',
      'c.indexing_start',
      'c.time_created',
      'c.time_updated',
      'c.access_type',
      'c.status',
      'c.version',
      'p.credential_id',
    ])
    .orderBy('c.id')
    .orderBy('p.credential_id');
type Row = Awaited<ReturnType<ReturnType<typeof selectWithPairs>['execute']>>[number];

/** D5's snapshots from the rows: exactly the interface's fields, credential ids ascending. */
function foldSnapshots(rows: Row[]): ConnectorSnapshot[] {
  const snapshots: ConnectorSnapshot[] = [];
  let last: ConnectorSnapshot | undefined;
  for (const row of rows) {
    if (last?.id !== row.id) {
      last = {
        name: row.name,
        source: row.source as ConnectorSnapshot['source'],
        input_type: row.input_type as ConnectorSnapshot['input_type'],
        connector_specific_config: JSON.parse(row.connector_specific_config) as Record<
          string,
          unknown
        >,
        refresh_freq: row.refresh_freq,
        prune_freq: row.prune_freq,
        indexing_start: row.indexing_start,
        id: row.id,
        credential_ids: [],
        time_created: row.time_created,
        time_updated: row.time_updated,
      };
      snapshots.push(last);
    }
    if (row.credential_id !== null) last.credential_ids.push(row.credential_id);
  }
  return snapshots;
}

/**
 * D5: every connector but those of source ingestion_api, by id, optionally only
 * those attached to one credential. One query; the pairs come in the same rows.
 */
export async function listConnectors(db: Db, credentialId?: number): Promise<ConnectorSnapshot[]> {
  let query = selectWithPairs(db).where('c.source', '!=', UNLISTED_SOURCE);
  if (credentialId !== undefined) {
    query = query.where('c.id', 'in', (eb) =>
      eb
        .selectFrom('connector_credential_pairs')
        .select('connector_id')
        .where('credential_id', '=', credentialId),
    );
  }
  return foldSnapshots(await query.execute());
}

/** Connectors read at a time by listConnectorsInPages. */
const CONNECTOR_PAGE = 1000;

/**
 * As listConnectors() (every listed connector, by id), a page of
 * CONNECTOR_PAGE at a time with a turn of the loop between when due
 * (server/db/turns.ts): at 10,000 connectors one read and its fold held the
 * loop ~100 ms (connector-status's first build).
 */
export async function listConnectorsInPages(db: Db): Promise<ConnectorSnapshot[]> {
  const snapshots: ConnectorSnapshot[] = [];
  const turns = new Turns();
  for (let after = 0; ;) {
    const rows = await selectWithPairs(db)
      .where('c.id', 'in', (eb) =>
        eb
          .selectFrom('connectors')
          .select('id')
          .where('source', '!=', UNLISTED_SOURCE)
          .where('id', '>', after)
          .orderBy('id')
          .limit(CONNECTOR_PAGE),
      )
      .execute();
    const page = foldSnapshots(rows);
    snapshots.push(...page);
    if (page.length < CONNECTOR_PAGE) return snapshots;
    after = page.at(-1)!.id;
    await turns.ifDue();
  }
}

/** The snapshots of the connectors `ids` (those that still exist), each with its row version (0018). */
export async function snapshotsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await selectWithPairs(db).where('c.id', 'in', ids).execute();
  const versions = new Map(rows.map((row) => [row.id, Number(row.version)]));
  return foldSnapshots(rows).map((snapshot) => ({
    snapshot,
    version: versions.get(snapshot.id)!,
  }));
}

/** One connector: its snapshot, access type and status; undefined when there is none. */
export async function findConnector(db: Db, id: number) {
  const rows = await selectWithPairs(db).where('c.id', '=', id).execute();
  const [snapshot] = foldSnapshots(rows);
  if (!snapshot) return undefined;
  return {
    snapshot,
    access_type: rows[0]!.access_type,
    status: rows[0]!.status as ConnectorStatus,
  };
}

/** A connector's name and ACTIVE / PAUSED, without its pairs (undefined: none). */
export const connectorState = (db: Db, id: number) =>
  db.selectFrom('connectors').select(['name', 'status']).where('id', '=', id).executeTakeFirst();

/** Every connector as stored, in no order (a bundle's setup, read once whatever the count). */
export const everyConnector = (db: Db) =>
  db
    .selectFrom('connectors')
    .select([
      'id',
      'ref',
      'name',
      'source',
      'input_type',
      'access_type',
      'connector_specific_config',
      'refresh_freq',
      'prune_freq',
      'indexing_start',
      'status',
    ])
    .execute();

/** One pair: its connector, credential and name (undefined: none). */
export const findPair = (db: Db, id: number) =>
  db
    .selectFrom('connector_credential_pairs')
    .select(['id', 'connector_id', 'credential_id', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();

/** A connector's pairs, by credential id. */
export const pairsOfConnector = (db: Db, connectorId: number) =>
  db
    .selectFrom('connector_credential_pairs')
    .select(['id', 'credential_id'])
    .where('connector_id', '=', connectorId)
    .orderBy('credential_id')
    .execute();

/** Every pair by id: its name, connector and credential. */
export const everyPair = (db: Db) =>
  db
    .selectFrom('connector_credential_pairs')
    .select(['id', 'name', 'connector_id', 'credential_id'])
    .orderBy('id')
    .execute();

/** Every pair's connector, credential and access type, in no order (a bundle's setup). */
export const everyPairAccess = (db: Db) =>
  db
    .selectFrom('connector_credential_pairs')
    .select(['id', 'connector_id', 'credential_id', 'access_type'])
    .execute();

/** The stored form of a change: only the fields given, and time_updated moved (D4). */
export async function updateConnector(db: Db, id: number, change: ConnectorPatch): Promise<void> {
  // Groups belong to the pairs (D13): setPairGroups keeps them, and the connector's own list.
  const {
    source: _source,
    input_type: _inputType,
    connector_specific_config,
    groups,
    ...plain
  } = change;
  await db
    .updateTable('connectors')
    .set({
      ...plain,
      ...(connector_specific_config !== undefined
        ? { connector_specific_config: JSON.stringify(connector_specific_config) }
        : {}),
      ...(groups !== undefined ? { groups: JSON.stringify(groups) } : {}),
      time_updated: await nextTimeUpdated(db, 'connectors', id),
      ...pausedAt(change.status),
    })
    .where('id', '=', id)
    .execute();
}

/** When a connector was paused is kept, for "paused long" (a second pause keeps the first time). */
function pausedAt(status: ConnectorPatch['status']) {
  if (status === 'ACTIVE') return { paused_at: null };
  if (status === 'PAUSED')
    return { paused_at: sql<string>`coalesce(paused_at, ${new Date().toISOString()})` };
  return {};
}

/** Deletes the connector; its pairs go with it (the foreign key cascades). */
export async function deleteConnector(db: Db, id: number): Promise<void> {
  await db.deleteFrom('connectors').where('id', '=', id).execute();
}

/** Detaches; returns the pair's id, or null when there was no such pair. */
export async function deletePair(db: Db, connectorId: number, credentialId: number) {
  const row = await db
    .deleteFrom('connector_credential_pairs')
    .where('connector_id', '=', connectorId)
    .where('credential_id', '=', credentialId)
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A connector's stored fields as an import states them (its time_updated moved on). */
export async function setImportedConnector(
  db: Db,
  id: number,
  values: Pick<
    ConnectorTable,
    | 'name'
    | 'access_type'
    | 'connector_specific_config'
    | 'refresh_freq'
    | 'prune_freq'
    | 'indexing_start'
  > & { status: string },
): Promise<void> {
  await db
    .updateTable('connectors')
    .set({ ...values, time_updated: await nextTimeUpdated(db, 'connectors', id) })
    .where('id', '=', id)
    .execute();
}

/** A pair's access type as given; its groups are setPairGroups' (server/repos/groups.ts). */
export async function setPairAccessType(db: Db, id: number, access: PairAccessType) {
  await db
    .updateTable('connector_credential_pairs')
    .set({ access_type: access })
    .where('id', '=', id)
    .execute();
}

/** The ids of held pairs, each by its connector's and credential's ids, in the order given. */
export async function pairIdsOf(
  db: Db,
  pairs: readonly { connector_id: number; credential_id: number }[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const pair of pairs) {
    const row = await db
      .selectFrom('connector_credential_pairs')
      .select('id')
      .where('connector_id', '=', pair.connector_id)
      .where('credential_id', '=', pair.credential_id)
      .executeTakeFirstOrThrow();
    ids.push(Number(row.id));
  }
  return ids;
}

/** A pair an import makes, by its connector's and credential's ids. */
export interface NewPair {
  connector_id: number;
  credential_id: number;
  access_type: PairAccessType;
}

/** Many new pairs, 500 rows a statement (one held already is left as it is): the ids made, by "connector/credential". */
export async function insertPairs(db: Db, pairs: readonly NewPair[]): Promise<Map<string, number>> {
  const now = new Date().toISOString();
  const ids = new Map<string, number>();
  for (let start = 0; start < pairs.length; start += 500) {
    const rows = await db
      .insertInto('connector_credential_pairs')
      .values(pairs.slice(start, start + 500).map((pair) => ({ ...pair, time_created: now })))
      .onConflict((oc) => oc.columns(['connector_id', 'credential_id']).doNothing())
      .returning(['id', 'connector_id', 'credential_id'])
      .execute();
    for (const row of rows) ids.set(`${row.connector_id}/${row.credential_id}`, row.id);
  }
  return ids;
}

/**
 * D7: a unique key makes the pair idempotent, even for concurrent requests.
 * Returns the new pair's id, or null when the pair already existed.
 */
export async function insertPair(
  db: Db,
  connectorId: number,
  credentialId: number,
  meta: { name?: string | null; access_type?: PairAccessType } = {},
) {
  const row = await db
    .insertInto('connector_credential_pairs')
    .values({
      connector_id: connectorId,
      credential_id: credentialId,
      name: meta.name ?? null,
      access_type: meta.access_type ?? 'public',
      time_created: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['connector_id', 'credential_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}
