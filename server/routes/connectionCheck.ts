// POST /manage/admin/connector/test: tries a source's config and credential
// before anything is saved (docs/api.md, "Testing a connection"). Curators and
// admins (D2), answers in D2's order — 401, 403, 413, 415, 422, then 404 for an
// unknown credential, 400 for one of another source (D7's words), 403 for a
// stored credential sent to an origin it is not approved for (D15,
// secretDestination.ts), 429 past the caller's limit. Nothing is written but
// the approval of the origin, when the caller may read the credential (D15).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  connectionTestRequestSchema,
  type ConnectionTest,
} from '../../src/contract/connectionTest';
import { documentSourceSchema, type ValidationError } from '../../src/contract/contract';
import { credentialFitsSource, isJsonObject, MAX_PROBLEMS } from '../../src/contract/rules';
import { configProblems } from '../connectionCheck/configProblems';
import type { ConnectionTester } from '../connectionCheck/tester';
import { assertSecretMayGoTo } from '../connectionCheck/secretDestination';
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
  { guard, write, secrets }: RouteContext,
  /** One tester, one limit, for every test (tester.ts): routes/all.ts makes it once. */
  test: ConnectionTester,
) {
  /**
   * A stored credential's values, for this test, in a short write of its own
   * (the key asked again first, D2): 404, 400 (another source), then D15 —
   * the origin approved when the caller may read the credential, else 403.
   */
  const stored = (request: FastifyRequest, { credential_id: id, ...body }: ConnectionTest) =>
    write(request, async (trx) => {
      const caller = request.user!;
      // D13: a curator tests only with a credential they may see (others do not exist for them).
      await visibleCredential(trx, await scopeOf(trx, caller), id!);
      const found = await openCredentialValues(trx, secrets, id!);
      if (!found) throw problem(404, `Credential ${id} does not exist`);
      if (!credentialFitsSource(found.source, body.source)) {
        throw problem(
          400,
          `Credential ${id} is for source ${found.source}, but the connection to test is ${body.source}`,
        );
      }
      await assertSecretMayGoTo(trx, {
        credential: found,
        source: body.source,
        config: body.connector_specific_config,
        by: caller,
      });
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
