// A connector–credential pair's connection test (by hand or re-tested): what a
// test of the pair needs, and its last result, kept on the pair.
import type { ConnectorPair, DocumentSource } from '../../src/contract/contract';
import type { ConnectionCheck, PairTest } from '../../src/contract/connectionChecks';
import type { PairAccessType } from '../../src/contract/groups';
import type { Db } from '../db/database';
import { pairAccess } from './groups';

/** The pair's connector (source and config) and credential; undefined when there is no such pair. */
export async function findPairToTest(db: Db, pairId: number) {
  const row = await db
    .selectFrom('connector_credential_pairs as p')
    .innerJoin('connectors as c', 'c.id', 'p.connector_id')
    .select(['p.credential_id', 'p.connector_id', 'c.source', 'c.connector_specific_config'])
    .where('p.id', '=', pairId)
    .executeTakeFirst();
  return (
    row && {
      credential_id: row.credential_id,
      connector_id: row.connector_id,
      source: row.source as DocumentSource,
      config: JSON.parse(row.connector_specific_config) as Record<string, unknown>,
    }
  );
}

/** Keeps a test's result on the pair (a pair detached meanwhile keeps nothing). */
export async function recordPairTest(db: Db, pairId: number, test: PairTest): Promise<void> {
  await db
    .updateTable('connector_credential_pairs')
    .set({
      last_test_at: test.time,
      last_test_ok: test.ok === null ? null : Number(test.ok),
      last_test_checks: JSON.stringify(
        test.checks.map(({ name, ok, message }) => ({ name, ok, message })),
      ),
      // A test speaks for the pair again.
      untested_since: null,
    })
    .where('id', '=', pairId)
    .execute();
}

/**
 * Pairs are "not tested" from now (D15: a connector's address changed, or a
 * credential replaced without a test): no test speaks for them, they need
 * attention until one does, and what was alerted of them is forgotten, so the
 * next failing test alerts again whatever the last alert said.
 */
export async function markPairsUntested(
  db: Db,
  which: { connectorId: number } | { pairId: number },
): Promise<void> {
  const pairs = await db
    .updateTable('connector_credential_pairs')
    .set({
      last_test_at: null,
      last_test_ok: null,
      last_test_checks: null,
      untested_since: new Date().toISOString(),
    })
    .where(
      'connector_id' in which ? 'connector_id' : 'id',
      '=',
      'connectorId' in which ? which.connectorId : which.pairId,
    )
    .returning('id')
    .execute();
  if (pairs.length === 0) return;
  await db
    .deleteFrom('alert_state')
    .where(
      'subject',
      'in',
      pairs.map((pair) => `pair:${pair.id}`),
    )
    .execute();
}

/** A connector's pairs, by credential id, each with its name, access and groups (D13) and its last test. */
export async function listPairs(db: Db, connectorId: number): Promise<ConnectorPair[]> {
  const rows = await db
    .selectFrom('connector_credential_pairs')
    .select([
      'id',
      'credential_id',
      'name',
      'access_type',
      'last_test_at',
      'last_test_ok',
      'last_test_checks',
    ])
    .where('connector_id', '=', connectorId)
    .orderBy('credential_id')
    .execute();
  const access = await pairAccess(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    cc_pair_id: row.id,
    credential_id: row.credential_id,
    name: row.name,
    access_type: row.access_type as PairAccessType,
    groups: (access.get(row.id)?.groups ?? []).sort((a, b) => a - b),
    last_test: lastTestOf(row),
  }));
}

/** The pair's last test from its stored columns; null when it was never tested. */
export function lastTestOf(row: {
  last_test_at: string | null;
  last_test_ok: number | null;
  last_test_checks: string | null;
}): PairTest | null {
  if (row.last_test_at === null) return null;
  return {
    time: row.last_test_at,
    ok: row.last_test_ok === null ? null : row.last_test_ok === 1,
    checks: JSON.parse(row.last_test_checks ?? '[]') as ConnectionCheck[],
  };
}

/** Every pair's id and when it was last tested, oldest test first (then by id). */
export async function pairTestTimes(db: Db) {
  return db
    .selectFrom('connector_credential_pairs')
    .select(['id', 'last_test_at'])
    .orderBy('last_test_at')
    .orderBy('id')
    .execute();
}

/** Every pair with its connector's status and its last test, by connector id then credential id. */
export async function listPairsForStatus(db: Db) {
  return db
    .selectFrom('connector_credential_pairs as p')
    .innerJoin('connectors as c', 'c.id', 'p.connector_id')
    .select([
      'p.id',
      'p.name',
      'p.connector_id',
      'p.credential_id',
      'p.time_created',
      'p.last_test_at',
      'p.last_test_ok',
      'p.last_test_checks',
      'p.untested_since',
      'c.status',
      'c.paused_at',
    ])
    .orderBy('p.connector_id')
    .orderBy('p.credential_id')
    .execute();
}

/** Pairs by their connector or their credential, ordered by the other, with their connector's name, source and config. */
export async function pairsWithConnector(
  db: Db,
  key: 'connector_id' | 'credential_id',
  id: number,
) {
  return db
    .selectFrom('connector_credential_pairs as p')
    .innerJoin('connectors as c', 'c.id', 'p.connector_id')
    .select([
      'p.id',
      'p.connector_id',
      'p.credential_id',
      'c.name',
      'c.source',
      'c.connector_specific_config',
    ])
    .where(`p.${key}`, '=', id)
    .orderBy(key === 'connector_id' ? 'p.credential_id' : 'p.connector_id')
    .execute();
}

/**
 * The pair's credential replaced, with its last test (none: untested), only
 * while the pair still holds `oldCredentialId`; how many rows changed (0 or 1).
 */
export async function swapPairCredential(
  db: Db,
  pair: { pairId: number; oldCredentialId: number; newCredentialId: number },
  test: PairTest | null,
): Promise<number> {
  const result = await db
    .updateTable('connector_credential_pairs')
    .set({
      credential_id: pair.newCredentialId,
      last_test_at: test?.time ?? null,
      last_test_ok: test ? (test.ok === null ? null : Number(test.ok)) : null,
      last_test_checks: test
        ? JSON.stringify(test.checks.map(({ name, ok, message }) => ({ name, ok, message })))
        : null,
      untested_since: null,
    })
    .where('id', '=', pair.pairId)
    .where('credential_id', '=', pair.oldCredentialId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Every pair's last test, with its connector's and credential's names (for the alerts). */
export const pairTestsWithNames = (db: Db) =>
  db
    .selectFrom('connector_credential_pairs as p')
    .innerJoin('connectors as c', 'c.id', 'p.connector_id')
    .innerJoin('credentials as k', 'k.id', 'p.credential_id')
    .select([
      'p.id',
      'p.last_test_ok',
      'p.last_test_checks',
      'c.id as connector_id',
      'c.name as connector_name',
      'c.source as connector_source',
      'k.id as credential_id',
      'k.name as credential_name',
      'k.source as credential_source',
    ])
    .execute();
