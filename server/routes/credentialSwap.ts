// PUT /manage/admin/credential/swap and …/credential/{id}/replace-everywhere
// (connector health): a pair's credential replaced in place (server/health/swap.ts),
// on one connector or on every connector a credential is on (all or none).
// Curators and admins (D2), as D13 lets them attach and detach (every pair
// touched theirs to change, the new credential one they may use) and D15 (the
// new credential's secret only to an approved origin). D2's order, then 404,
// 403, 400 (Onyx's refusals, a failed test), 429 (the connection test's limit, shared).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { failedChecks, type PairTest } from '../../src/contract/connectionChecks';
import { replaceCredentialEverywhere, swapCredential } from '../../src/contract/endpoints/health';
import { SWAP_FORCE_ADVICE, SWAP_SUCCESS, SWAP_TEST_FAILED } from '../../src/contract/health';
import type { ConnectionTester } from '../connectionCheck/tester';
import { assertSecretMayGoTo } from '../connectionCheck/secretDestination';
import {
  CONNECTOR_REFUSALS,
  connectorAccess,
  connectorRights,
  rightsOn,
  scopeOf,
  visibleCredentialIds,
  type Scope,
} from '../groups/visibility';
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

/**
 * The one pair of the connector a swap names, by old_credential_id when it has
 * several, as D13 lets the caller touch it: 404 for a connector or a credential
 * they may not see (its pairs are not counted or named), 403 for a connector
 * they see but may not change.
 */
async function pairToSwap(
  trx: Db,
  scope: Scope | null,
  connectorId: number,
  oldCredentialId: number | null | undefined,
) {
  const missing = `Connector ${connectorId} does not exist`;
  if (!(await findConnectorSource(trx, connectorId))) throw problem(404, missing);
  const rights = await rightsOn(trx, scope, connectorId);
  if (!rights?.see) throw problem(404, missing);
  const all = await connectorPairs(trx, connectorId);
  const seen = new Set(
    await visibleCredentialIds(
      trx,
      scope,
      all.map((pair) => pair.oldCredentialId),
    ),
  );
  const pairs = all.filter((pair) => seen.has(pair.oldCredentialId));
  if (pairs.length === 0) throw problem(404, `No Credential found for connector ${connectorId}`);
  let pair = pairs[0]!;
  if (oldCredentialId !== undefined && oldCredentialId !== null) {
    const named = pairs.find((one) => one.oldCredentialId === oldCredentialId);
    if (!named) {
      throw problem(404, `Connector ${connectorId} does not have Credential ${oldCredentialId}`);
    }
    pair = named;
  } else if (pairs.length > 1) {
    const ids = pairs.map((one) => one.oldCredentialId).join(', ');
    throw problem(
      400,
      `Connector ${connectorId} has ${pairs.length} credentials (${ids}): say which one to replace with old_credential_id.`,
    );
  }
  if (!rights.change) throw problem(403, CONNECTOR_REFUSALS.change);
  return { pair, pairs: all };
}

/**
 * The new credential's values, after the checks every swap of `swaps` must
 * pass: 404 for one the caller may not see (D13), 400 (Onyx's refusals),
 * then D15 for each connector's address (the origin approved when the caller
 * may read the credential, else 403).
 */
async function checked(
  trx: Db,
  secrets: RouteContext['secrets'],
  request: FastifyRequest,
  newCredentialId: number,
  swaps: { swap: PlannedSwap; attached: number[] }[],
) {
  const caller = request.user!;
  const credential = await openCredentialValues(trx, secrets, newCredentialId);
  const seen = await visibleCredentialIds(trx, await scopeOf(trx, caller), [newCredentialId]);
  if (!credential || seen.length === 0) {
    throw problem(404, `No Credential found with id ${newCredentialId}`);
  }
  const refusals = swaps
    .map(({ swap, attached }) => swapRefusal(swap, credential.source, attached))
    .filter((refusal) => refusal !== null);
  if (refusals.length > 0) throw problem(400, refusals.join(' '));
  for (const { swap } of swaps) {
    await assertSecretMayGoTo(trx, {
      credential,
      source: swap.source,
      config: swap.config,
      by: caller,
    });
  }
  return credential.values;
}

/** Each swap's test with the new credential, in turn; the failures named, or the results. */
async function tested(
  test: ConnectionTester,
  request: FastifyRequest,
  swaps: PlannedSwap[],
  values: Record<string, unknown>,
) {
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
}

/**
 * Every pair of credential `oldId` the caller sees, planned to take `newId`,
 * each with the credentials its connector has (D13: every pair the caller sees
 * must be theirs to change; pairs they do not see are not touched or named).
 */
async function everywhereToSwap(trx: Db, scope: Scope | null, oldId: number, newId: number) {
  const everywhere = await credentialPairs(trx, oldId);
  const rights = await connectorAccess(
    trx,
    everywhere.map((pair) => pair.connectorId),
  );
  const planned: PlannedSwap[] = [];
  for (const pair of everywhere) {
    const access = rights.get(pair.connectorId);
    const may = access && connectorRights(scope, access);
    if (!may?.see) continue;
    if (!may.change) throw problem(403, CONNECTOR_REFUSALS.change);
    planned.push({ ...pair, newCredentialId: newId });
  }
  return Promise.all(
    planned.map(async (swap) => ({
      swap,
      attached: (await connectorPairs(trx, swap.connectorId)).map((p) => p.oldCredentialId),
    })),
  );
}

export function credentialSwapRoutes(
  app: FastifyInstance,
  { guard, write, secrets }: RouteContext,
  test: ConnectionTester,
) {
  const route = declaredRoutes(app, guard);

  route(swapCredential, async ({ body }, request) => {
    // A short write of its own (an origin approved, D15); the test holds none.
    const { swap, values } = await write(request, async (trx) => {
      const scope = await scopeOf(trx, request.user!);
      const { pair, pairs } = await pairToSwap(
        trx,
        scope,
        body.connector_id,
        body.old_credential_id,
      );
      const planned = { ...pair, newCredentialId: body.new_credential_id };
      const attached = pairs.map((p) => p.oldCredentialId);
      const opened = await checked(trx, secrets, request, body.new_credential_id, [
        { swap: planned, attached },
      ]);
      return { swap: planned, values: opened };
    });
    let result: PairTest | null = null;
    if (!body.force) {
      const { results, failures } = await tested(test, request, [swap], values);
      result = results[0]!;
      if (failures.length > 0) {
        throw failedTestProblem(
          `${SWAP_TEST_FAILED}, so nothing was swapped. ${failedChecks(result.checks)}. ${SWAP_FORCE_ADVICE}`,
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
    const { swaps, values } = await write(request, async (trx) => {
      const scope = await scopeOf(trx, request.user!);
      const old = await openCredentialValues(trx, secrets, oldId);
      if (!old || (await visibleCredentialIds(trx, scope, [oldId])).length === 0) {
        throw problem(404, `Credential ${oldId} does not exist`);
      }
      const withAttached = await everywhereToSwap(trx, scope, oldId, newId);
      return {
        swaps: withAttached.map(({ swap }) => swap),
        values: await checked(trx, secrets, request, newId, withAttached),
      };
    });
    let results: (PairTest | null)[] = swaps.map(() => null);
    if (!body.force) {
      const outcome = await tested(test, request, swaps, values);
      if (outcome.failures.length > 0) {
        throw problem(
          400,
          `${SWAP_TEST_FAILED} on ${outcome.failures.length} of ${swaps.length} connectors, so nothing was replaced. ${outcome.failures.join(' ')} ${SWAP_FORCE_ADVICE}`,
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
