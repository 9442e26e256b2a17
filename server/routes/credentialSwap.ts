// PUT /manage/admin/credential/swap and …/credential/{id}/replace-everywhere
// (issue 25): a pair's credential replaced in place (server/health/swap.ts),
// on one connector or on every connector a credential is on (all or none).
// Curators and admins (D2); D2's order, then 404, 403 (a credential sent where
// it is not trusted: trust.ts), 400 (Onyx's refusals, a failed test), 429 (the
// connection test's limit, shared).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { failedChecks, type PairTest } from '../../src/contract/connectionChecks';
import { replaceCredentialEverywhere, swapCredential } from '../../src/contract/endpoints/health';
import { SWAP_SUCCESS, untrustedAddress } from '../../src/contract/health';
import { recheckCaller } from '../auth/guard';
import type { ConnectionTester } from '../connectionCheck/tester';
import { mayBeSent } from '../connectionCheck/trust';
import type { Db } from '../db/database';
import {
  connectorPairs,
  credentialPairs,
  failedTestProblem,
  subjectOf,
  swapRefusal,
  writeSwap,
  type PlannedSwap,
} from '../health/swap';
import { problem } from '../http/problems';
import { openCredentialValues } from '../repos/credentialValues';
import { findConnectorSource } from '../repos/connectors';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';

/** The one pair of the connector a swap names: by old_credential_id when it has several. */
async function pairToSwap(
  trx: Db,
  connectorId: number,
  oldCredentialId: number | null | undefined,
) {
  if (!(await findConnectorSource(trx, connectorId))) {
    throw problem(404, `Connector ${connectorId} does not exist`);
  }
  const pairs = await connectorPairs(trx, connectorId);
  if (pairs.length === 0) throw problem(404, `No Credential found for connector ${connectorId}`);
  if (oldCredentialId !== undefined && oldCredentialId !== null) {
    const named = pairs.find((pair) => pair.oldCredentialId === oldCredentialId);
    if (!named) {
      throw problem(404, `Connector ${connectorId} does not have Credential ${oldCredentialId}`);
    }
    return { pair: named, pairs };
  }
  if (pairs.length > 1) {
    const ids = pairs.map((pair) => pair.oldCredentialId).join(', ');
    throw problem(
      400,
      `Connector ${connectorId} has ${pairs.length} credentials (${ids}): say which one to replace with old_credential_id.`,
    );
  }
  return { pair: pairs[0]!, pairs };
}

export function credentialSwapRoutes(
  app: FastifyInstance,
  { db, guard, write, secrets, sessions, address }: RouteContext,
  test: ConnectionTester,
) {
  const route = declaredRoutes(app, guard);

  /** The new credential's values, after the checks every swap of `swaps` must pass (404, 400, 403). */
  const checked = async (
    trx: Db,
    request: FastifyRequest,
    newCredentialId: number,
    swaps: { swap: PlannedSwap; attached: number[] }[],
  ) => {
    const caller = (await recheckCaller(trx, request, { sessions, address })) ?? request.user!;
    const credential = await openCredentialValues(trx, secrets, newCredentialId);
    if (!credential) throw problem(404, `No Credential found with id ${newCredentialId}`);
    const refusals: string[] = [];
    for (const { swap, attached } of swaps) {
      const refusal = swapRefusal(swap, credential.source, attached);
      if (refusal) refusals.push(refusal);
      else if (!(await mayBeSent(trx, caller, credential, swap.source, swap.config))) {
        throw problem(403, untrustedAddress(newCredentialId, swap.connectorId));
      }
    }
    if (refusals.length > 0) throw problem(400, refusals.join(' '));
    return credential.values;
  };

  /** Each swap's test with the new credential, in turn; the failures named, or the results. */
  const tested = async (
    request: FastifyRequest,
    swaps: PlannedSwap[],
    values: Record<string, unknown>,
  ) => {
    const results: PairTest[] = [];
    const failures: string[] = [];
    for (const swap of swaps) {
      const result = await test(request, subjectOf(swap, values), { cc_pair_id: swap.pairId });
      results.push({ time: new Date().toISOString(), ...result });
      if (result.ok === false) {
        failures.push(
          `Connector “${swap.connectorName}” (${swap.connectorId}): ${failedChecks(result.checks)}.`,
        );
      }
    }
    return { results, failures };
  };

  route(swapCredential, async ({ body }, request) => {
    const { swap, values } = await db.transaction().execute(async (trx) => {
      const { pair, pairs } = await pairToSwap(trx, body.connector_id, body.old_credential_id);
      const planned = { ...pair, newCredentialId: body.new_credential_id };
      const attached = pairs.map((p) => p.oldCredentialId);
      const opened = await checked(trx, request, body.new_credential_id, [
        { swap: planned, attached },
      ]);
      return { swap: planned, values: opened };
    });
    let result: PairTest | null = null;
    if (!body.force) {
      const { results, failures } = await tested(request, [swap], values);
      result = results[0]!;
      if (failures.length > 0) {
        throw failedTestProblem(
          `The new credential failed its connection test, so nothing was swapped. ${failedChecks(result.checks)}. Send "force": true to swap without the test.`,
          result.checks,
        );
      }
    }
    await write(request, (trx, log) => writeSwap(trx, log, swap, result));
    return { success: true, message: SWAP_SUCCESS, data: swap.pairId };
  });

  route(replaceCredentialEverywhere, async ({ params, body }, request) => {
    const oldId = params.credential_id;
    const newId = body.new_credential_id;
    const { swaps, values } = await db.transaction().execute(async (trx) => {
      const old = await openCredentialValues(trx, secrets, oldId);
      if (!old) throw problem(404, `Credential ${oldId} does not exist`);
      const planned = (await credentialPairs(trx, oldId)).map((pair) => ({
        ...pair,
        newCredentialId: newId,
      }));
      const withAttached = await Promise.all(
        planned.map(async (swap) => ({
          swap,
          attached: (await connectorPairs(trx, swap.connectorId)).map((p) => p.oldCredentialId),
        })),
      );
      return { swaps: planned, values: await checked(trx, request, newId, withAttached) };
    });
    let results: (PairTest | null)[] = swaps.map(() => null);
    if (!body.force) {
      const outcome = await tested(request, swaps, values);
      if (outcome.failures.length > 0) {
        throw problem(
          400,
          `The new credential failed its connection test on ${outcome.failures.length} of ${swaps.length} connectors, so nothing was replaced. ${outcome.failures.join(' ')}`,
        );
      }
      results = outcome.results;
    }
    await write(request, async (trx, log) => {
      for (const [index, swap] of swaps.entries()) {
        await writeSwap(trx, log, swap, results[index] ?? null);
      }
    });
    return {
      success: true,
      message: `Credential ${oldId} replaced by credential ${newId} on ${swaps.length} ${swaps.length === 1 ? 'connector' : 'connectors'}`,
      data: swaps.map((swap) => swap.pairId),
    };
  });
}
