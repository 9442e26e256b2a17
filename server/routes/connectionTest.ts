// POST /manage/admin/connector/test: tries a source's config and credential
// before anything is saved (docs/api.md, "Testing a connection"). Curators and
// admins (D2), answers in D2's order — 401, 403, 413, 415, 422, then 404 for an
// unknown credential, 400 for one of another source (D7's words), 429 past the
// caller's limit — and nothing is written.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CONNECTION_TEST_PATH,
  connectionTestRequestSchema,
  type ConnectionTest,
} from '../../src/contract/connectionTest';
import { documentSourceSchema, type ValidationError } from '../../src/contract/contract';
import { credentialFitsSource, isJsonObject, MAX_PROBLEMS } from '../../src/contract/rules';
import { testConnection } from '../connectionTest/checks';
import { configProblems } from '../connectionTest/configProblems';
import { CheckRun } from '../connectionTest/run';
import { duration, type ConnectionTestSettings } from '../connectionTest/settings';
import { readJsonObject } from '../http/body';
import { AuthFailures } from '../auth/authFailures';
import { recheckCaller } from '../auth/guard';
import { problem, validationProblem } from '../http/problems';
import { validate } from '../http/validation';
import { openCredentialValues } from '../repos/credentialValues';
import { CURATOR_OR_ADMIN } from '../auth/access';
import type { RouteContext } from './context';

/** D3: the body's problems and the source's config rules, every one in one answer. */
function validRequest(body: Record<string, unknown>): ConnectionTest {
  const checked = validate(connectionTestRequestSchema, body);
  const source = documentSourceSchema.safeParse(body.source);
  const config = body.connector_specific_config;
  const errors: ValidationError[] = [
    ...(checked.ok ? [] : checked.errors),
    ...(source.success && isJsonObject(config) ? configProblems(source.data, config) : []),
  ];
  if (!checked.ok || errors.length > 0) throw validationProblem(errors.slice(0, MAX_PROBLEMS));
  return checked.value;
}

export function connectionTestRoutes(
  app: FastifyInstance,
  { db, guard, secrets, sessions, address }: RouteContext,
  settings: ConnectionTestSettings,
) {
  // The same fixed window as the wrong-key limit, counted per user: each test
  // sends requests out, and a stored secret with them.
  const limit = settings.limit;
  const tests = limit && new AuthFailures({ failures: limit.tests, windowMs: limit.windowMs });

  /** A stored credential's values; the key is asked again first (D2), as a write does, now that the body is in. */
  const stored = (request: FastifyRequest, id: number) =>
    db.transaction().execute(async (trx) => {
      await recheckCaller(trx, request, { sessions, address });
      return openCredentialValues(trx, secrets, id);
    });

  app.post(CONNECTION_TEST_PATH, { onRequest: guard(CURATOR_OR_ADMIN) }, async (request) => {
    const body = validRequest(readJsonObject(request));
    let credential: Record<string, unknown> = body.credential_json ?? {};
    if (body.credential_id !== undefined) {
      const found = await stored(request, body.credential_id);
      if (!found) throw problem(404, `Credential ${body.credential_id} does not exist`);
      if (!credentialFitsSource(found.source, body.source)) {
        throw problem(
          400,
          `Credential ${body.credential_id} is for source ${found.source}, but the connection to test is ${body.source}`,
        );
      }
      credential = found.values;
    }

    const caller = request.user!.id;
    const wait = tests?.retryAfter(caller) ?? 0;
    if (wait > 0) {
      throw problem(
        429,
        `Too many connection tests: at most ${limit!.tests} every ${duration(limit!.windowMs)} for each user. Try again in ${wait} seconds.`,
        { 'retry-after': String(wait) },
      );
    }
    tests?.record(caller);

    // Only names and outcomes are logged: messages carry config values, never secrets, but the log needs neither.
    const run = new CheckRun(settings, (check, error) =>
      request.log.error(
        { check, error: (error as Error)?.name },
        'connection check failed unexpectedly',
      ),
    );
    const result = await testConnection(body.source, {
      config: body.connector_specific_config,
      credential,
      hosts: settings.hosts,
      run,
    });
    request.log.info(
      {
        source: body.source,
        ok: result.ok,
        checks: result.checks.map(({ name, ok }) => ({ name, ok })),
      },
      'connection tested',
    );
    return result;
  });
}
