// POST /manage/admin/cc-pair/{cc_pair_id}/test (a re-test, by hand): the
// connection test of a saved pair, with its connector's stored config and its
// credential, now; the answer is the test's, and the result is kept on the pair
// (its time, outcome and the checks' words). Curators and admins (D2); 422 for
// a malformed id (D3), 404 for an unknown pair, 429 past the caller's limit
// (one limit with the test before saving), 403 when its connector's address is
// not an origin the credential is approved for (D15, secretDestination.ts).
import type { FastifyInstance } from 'fastify';
import { testPair } from '../../src/contract/endpoints/connectionTest';
import { assertSecretMayGoTo } from '../connectionCheck/secretDestination';
import type { ConnectionTester } from '../connectionCheck/tester';
import { problem } from '../http/problems';
import { changeableConnector, scopeOf, visibleCredential } from '../groups/visibility';
import { openCredentialValues } from '../repos/credentialValues';
import { findPairToTest, recordPairTest } from '../repos/pairChecks';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';

export function pairTestRoutes(
  app: FastifyInstance,
  { guard, write, secrets }: RouteContext,
  test: ConnectionTester,
) {
  declaredRoutes(app, guard)(testPair, async ({ params: { cc_pair_id: id } }, request) => {
    // Read in a short write of its own (an origin approved, D15): the test may take seconds and holds none.
    const subject = await write(request, async (trx) => {
      const pair = await findPairToTest(trx, id);
      const notFound = `Connector-credential pair ${id} does not exist`;
      if (!pair) throw problem(404, notFound);
      // D13: only a pair whose connector and credential the caller sees, and a
      // connector they may change; D15: its credential goes only to an approved origin.
      const scope = await scopeOf(trx, request.user!);
      const seen = await visibleCredential(trx, scope, pair.credential_id).catch(() => null);
      if (!seen) throw problem(404, notFound);
      await changeableConnector(trx, scope, pair.connector_id, notFound);
      const credential = await openCredentialValues(trx, secrets, pair.credential_id);
      if (!credential) throw problem(404, notFound);
      await assertSecretMayGoTo(trx, {
        credential,
        source: pair.source,
        config: pair.config,
        by: request.user!,
      });
      return { source: pair.source, config: pair.config, credential: credential.values };
    });
    const result = await test(request, subject, { cc_pair_id: id });
    const time = new Date().toISOString();
    await write(request, (trx) => recordPairTest(trx, id, { time, ...result }));
    return result;
  });
}
