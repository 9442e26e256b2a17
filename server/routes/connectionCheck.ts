// POST /manage/admin/connector/test: tries a source's config and credential
// before anything is saved (docs/api.md, "Testing a connection"). Curators and
// admins (D2), answers in D2's order — 401, 403, 413, 415, 422, then 404 for an
// unknown credential, 400 for one of another source (D7's words), 403 for a
// stored credential sent to an address it is not trusted with (trust.ts), 429
// past the caller's limit — and nothing is written.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  connectionTestRequestSchema,
  NEW_ADDRESS_REFUSAL,
  type ConnectionTest,
} from '../../src/contract/connectionTest';
import { documentSourceSchema, type ValidationError } from '../../src/contract/contract';
import { credentialFitsSource, isJsonObject, MAX_PROBLEMS } from '../../src/contract/rules';
import { configProblems } from '../connectionCheck/configProblems';
import type { ConnectionTester } from '../connectionCheck/tester';
import { mayBeSent } from '../connectionCheck/trust';
import { recheckCaller } from '../auth/guard';
import { problem } from '../http/problems';
import { validate, type Validated } from '../http/validation';
import { openCredentialValues } from '../repos/credentialValues';
import { scopeOf, visibleCredential } from '../groups/visibility';
import { testConnection as testConnectionEndpoint } from '../../src/contract/endpoints/connectionTest';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';

/** D3: the body's problems and the source's config rules, every one in one answer. */
function validRequest(body: Record<string, unknown>): Validated<ConnectionTest> {
  const checked = validate(connectionTestRequestSchema, body);
  const source = documentSourceSchema.safeParse(body.source);
  const config = body.connector_specific_config;
  const errors: ValidationError[] = [
    ...(checked.ok ? [] : checked.errors),
    ...(source.success && isJsonObject(config) ? configProblems(source.data, config) : []),
  ];
  return !checked.ok || errors.length > 0
    ? { ok: false, errors: errors.slice(0, MAX_PROBLEMS) }
    : checked;
}

export function connectionTestRoutes(
  app: FastifyInstance,
  { db, guard, secrets, sessions, address }: RouteContext,
  /** One tester, one limit, for every test (tester.ts): routes/all.ts makes it once. */
  test: ConnectionTester,
) {
  /**
   * A stored credential's values, for this test: the key is asked again first
   * (D2), as a write does, now that the body is in; then 404, 400 (another
   * source) and 403 (an address the credential is not trusted with: trust.ts).
   */
  const stored = (request: FastifyRequest, { credential_id: id, ...body }: ConnectionTest) =>
    db.transaction().execute(async (trx) => {
      const caller = await recheckCaller(trx, request, { sessions, address });
      // D13: a curator tests only with a credential they may see (others do not exist for them).
      await visibleCredential(trx, await scopeOf(trx, caller ?? request.user!), id!);
      const found = await openCredentialValues(trx, secrets, id!);
      if (!found) throw problem(404, `Credential ${id} does not exist`);
      if (!credentialFitsSource(found.source, body.source)) {
        throw problem(
          400,
          `Credential ${id} is for source ${found.source}, but the connection to test is ${body.source}`,
        );
      }
      const config = body.connector_specific_config;
      if (!(await mayBeSent(trx, caller ?? request.user!, found, body.source, config))) {
        throw problem(403, NEW_ADDRESS_REFUSAL);
      }
      return found.values;
    });

  declaredRoutes(app, guard)(
    testConnectionEndpoint,
    async ({ body }, request) => {
      const credential =
        body.credential_id === undefined
          ? (body.credential_json ?? {})
          : await stored(request, body);
      return test(request, {
        source: body.source,
        config: body.connector_specific_config,
        credential,
      });
    },
    { checkBody: validRequest },
  );
}
