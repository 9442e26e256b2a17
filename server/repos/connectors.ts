import type { ConnectorCreate, ConnectorSnapshot } from '../../src/api/contract';
import type { Db } from '../db/database';

export async function findConnectorByNameAndSource(db: Db, name: string, source: string) {
  return db
    .selectFrom('connectors')
    .select('id')
    .where('name', '=', name)
    .where('source', '=', source)
    .executeTakeFirst();
}

export async function insertConnector(db: Db, input: ConnectorCreate): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('connectors')
    .values({
      name: input.name,
      source: input.source,
      input_type: input.input_type,
      access_type: input.access_type,
      connector_specific_config: JSON.stringify(input.connector_specific_config),
      refresh_freq: input.refresh_freq ?? null,
      prune_freq: input.prune_freq ?? null,
      indexing_start: input.indexing_start ?? null,
      groups: JSON.stringify(input.groups ?? []),
      time_created: now,
      time_updated: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findConnectorSource(db: Db, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('connectors')
    .select('source')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.source;
}

/**
 * D5: every connector but those of source ingestion_api, by id, optionally only
 * those attached to one credential. One query; the pairs come in the same rows.
 */
export async function listConnectors(db: Db, credentialId?: number): Promise<ConnectorSnapshot[]> {
  let query = db
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
      'p.credential_id',
    ])
    .where('c.source', '!=', 'ingestion_api')
    .orderBy('c.id')
    .orderBy('p.credential_id');
  if (credentialId !== undefined) {
    query = query.where('c.id', 'in', (eb) =>
      eb
        .selectFrom('connector_credential_pairs')
        .select('connector_id')
        .where('credential_id', '=', credentialId),
    );
  }
  const snapshots: ConnectorSnapshot[] = [];
  let last: ConnectorSnapshot | undefined;
  for (const row of await query.execute()) {
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
 * D7: a unique key makes the pair idempotent, even for concurrent requests.
 * Returns the new pair's id, or null when the pair already existed.
 */
export async function insertPair(db: Db, connectorId: number, credentialId: number) {
  const row = await db
    .insertInto('connector_credential_pairs')
    .values({
      connector_id: connectorId,
      credential_id: credentialId,
      time_created: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['connector_id', 'credential_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}
