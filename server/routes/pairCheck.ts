// POST /manage/admin/cc-pair/{cc_pair_id}/test (issue 25, "Re-tests"): the
// connection test of a saved pair, with its connector's stored config and its
// credential, now; the answer is the test's, and the result is kept on the pair
// (its time, outcome and the checks' words). Curators and admins (D2); 422 for
// a malformed id (D3), 404 for an unknown pair, 429 past the caller's limit
// (one limit with the test before saving). The credential goes only to its own
// connector's address, which it is trusted with (trust.ts), so no 403 of that kind.
import type { FastifyInstance } from 'fastify';
import { testPair } from '../../src/contract/endpoints/connectionTest';
import { recheckCaller } from '../auth/guard';
import type { ConnectionTester } from '../connectionCheck/tester';
import { problem } from '../http/problems';
import { changeableConnector, scopeOf, visibleCredential } from '../groups/visibility';
import { openCredentialValues } from '../repos/credentialValues';
import { findPairToTest, recordPairTest } from '../repos/pairChecks';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';

export function pairTestRoutes(
  app: FastifyInstance,
  { db, guard, write, secrets, sessions, address }: RouteContext,
  test: ConnectionTester,
) {
  declaredRoutes(app, guard)(testPair, async ({ params: { cc_pair_id: id } }, request) => {
    // Read in a short transaction of its own: the test may take seconds and holds none.
    const subject = await db.transaction().execute(async (trx) => {
      const caller = await recheckCaller(trx, request, { sessions, address });
      const pair = await findPairToTest(trx, id);
      const notFound = `Connector-credential pair ${id} does not exist`;
      if (!pair) throw problem(404, notFound);
      // D13: only a pair whose connector and credential the caller sees, and a
      // connector they may change: else a curator could point a connector they
      // may edit at their own host and send someone else's stored secret there.
      const scope = await scopeOf(trx, caller ?? request.user!);
      const seen = await visibleCredential(trx, scope, pair.credential_id).catch(() => null);
      if (!seen) throw problem(404, notFound);
      await changeableConnector(trx, scope, pair.connector_id, notFound);
      const credential = await openCredentialValues(trx, secrets, pair.credential_id);
      return { source: pair.source, config: pair.config, credential: credential?.values ?? {} };
    });
    const result = await test(request, subject, { cc_pair_id: id });
    const time = new Date().toISOString();
    await write(request, (trx) => recordPairTest(trx, id, { time, ...result }));
    return result;
  });
}
