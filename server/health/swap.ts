// Replacing a pair's credential in place (Onyx's credential swap):
// the same pair id, access, groups, schedule and status, only its credential
// changed. Each swap is checked (the pair, the new credential, its source),
// then tested with the pair's stored config outside any transaction (a test
// takes seconds), then written in the request's one transaction, only if the
// pair still holds the credential it was checked with: a swap racing a detach
// or another swap changes nothing (no orphan, no lost write).
import type { ConnectionCheck, PairTest } from '../../src/contract/connectionChecks';
import type { DocumentSource } from '../../src/contract/contract';
import { sourceMismatch } from '../../src/contract/health';
import { credentialFitsSource } from '../../src/contract/rules';
import { changesBetween, type AuditLog } from '../audit/recorder';
import type { TestSubject } from '../connectionCheck/tester';
import { isDuplicatePair } from '../db/constraints';
import type { Db } from '../db/database';
import { Problem, problem } from '../http/problems';
import { credentialNames } from '../repos/credentials';
import { markPairsUntested, pairsWithConnector, swapPairCredential } from '../repos/pairChecks';

/** One pair to swap, as checked: the ids, its connector's name, source and config. */
export interface PlannedSwap {
  pairId: number;
  connectorId: number;
  connectorName: string;
  source: DocumentSource;
  config: Record<string, unknown>;
  oldCredentialId: number;
  newCredentialId: number;
}

/** Pairs by their connector or their credential, ordered by the other, with what a swap needs. */
async function pairsBy(db: Db, key: 'connector_id' | 'credential_id', id: number) {
  const rows = await pairsWithConnector(db, key, id);
  return rows.map((row): PlannedSwap => ({
    pairId: row.id,
    connectorId: row.connector_id,
    connectorName: row.name,
    source: row.source as DocumentSource,
    config: JSON.parse(row.connector_specific_config) as Record<string, unknown>,
    oldCredentialId: row.credential_id,
    newCredentialId: row.credential_id,
  }));
}

/** A connector's pairs, by credential id. */
export const connectorPairs = (db: Db, connectorId: number) =>
  pairsBy(db, 'connector_id', connectorId);

/** The pairs a credential is attached to, by connector id. */
export const credentialPairs = (db: Db, credentialId: number) =>
  pairsBy(db, 'credential_id', credentialId);

/** The refusal of a swap that cannot be made as asked (400, Onyx's words where it has them). */
export function swapRefusal(
  swap: PlannedSwap,
  newSource: DocumentSource,
  attachedIds: readonly number[],
): string | null {
  if (!credentialFitsSource(newSource, swap.source)) return sourceMismatch(newSource, swap.source);
  if (attachedIds.includes(swap.newCredentialId)) {
    return `Connector ${swap.connectorId} already has Credential ${swap.newCredentialId}`;
  }
  return null;
}

/** What the pair is tested with: its connector's stored config and the new credential's values. */
export const subjectOf = (swap: PlannedSwap, values: Record<string, unknown>): TestSubject => ({
  source: swap.source,
  config: swap.config,
  credential: values,
});

/**
 * Writes one swap: the pair's credential and its last test (the new
 * credential's; none when forced), and one activity record. 404 when the pair
 * no longer holds the credential it was checked with (detached or swapped
 * meanwhile); 400 when the connector got the new credential meanwhile.
 */
export async function writeSwap(
  trx: Db,
  log: AuditLog,
  swap: PlannedSwap,
  test: PairTest | null,
): Promise<void> {
  const updated = await swapPairCredential(trx, swap, test).catch((error: unknown) => {
    throw isDuplicatePair(error)
      ? problem(400, `Connector ${swap.connectorId} already has Credential ${swap.newCredentialId}`)
      : error;
  });
  if (updated === 0) {
    throw problem(
      404,
      `Connector ${swap.connectorId} no longer has Credential ${swap.oldCredentialId}: it was detached or replaced meanwhile, and nothing was swapped.`,
    );
  }
  const [was, is] = await swapNames(trx, swap.oldCredentialId, swap.newCredentialId);
  // D15: swapped without a test, the pair is "not tested" (never healthy) until one says otherwise.
  if (!test) await markPairsUntested(trx, { pairId: swap.pairId });
  await log({
    resource_type: 'cc_pair',
    resource_id: swap.pairId,
    resource_name: swap.connectorName,
    changes: changesBetween(
      { credential: was },
      {
        credential: is,
        connection_test: test ? 'passed' : 'skipped',
      },
    ),
  });
}

/**
 * The two credentials by name as they were called then (the log outlives a
 * rename or a deletion); two of one name are told apart by their ids.
 */
async function swapNames(trx: Db, oldId: number, newId: number) {
  const names = await credentialNames(trx, [oldId, newId]);
  const [was, is] = [names.get(oldId) ?? `#${oldId}`, names.get(newId) ?? `#${newId}`];
  return was === is ? [`${was} (#${oldId})`, `${is} (#${newId})`] : [was, is];
}

/** 400 for a new credential whose test failed, with the checks' words (and the checks). */
export function failedTestProblem(detail: string, checks: ConnectionCheck[]): Problem {
  return new Problem(400, { detail, checks } as { detail: string });
}
