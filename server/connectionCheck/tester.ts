// One connection test as a route runs it: the caller's limit (429), the checks
// within their time limits, and one log line of names and outcomes. Shared by
// the test before saving and the test of a saved pair, so both count against
// one limit per user: each sends requests out, and a stored secret with them.
import type { FastifyRequest } from 'fastify';
import type { ConnectionTestResult } from '../../src/contract/connectionTest';
import type { DocumentSource } from '../../src/contract/contract';
import { AuthFailures } from '../auth/authFailures';
import { problem } from '../http/problems';
import { testConnection } from './checks';
import { PassedTests } from './passedTests';
import { CheckRun } from './run';
import { duration, type ConnectionTestSettings } from './settings';

export interface TestSubject {
  source: DocumentSource;
  config: Record<string, unknown>;
  /** The credential's values, opened or typed in. */
  credential: Record<string, unknown>;
}

export interface ConnectionTester {
  (
    request: FastifyRequest,
    subject: TestSubject,
    /** More for the log line (such as the pair's id). */
    told?: Record<string, unknown>,
  ): Promise<ConnectionTestResult>;
  /** The tests that passed lately, by caller and subject (an attach starts its pair with one). */
  passed: PassedTests;
}

export function connectionTester(settings: ConnectionTestSettings): ConnectionTester {
  // The same fixed window as the wrong-key limit, counted per user.
  const limit = settings.limit;
  const tests = limit && new AuthFailures({ failures: limit.tests, windowMs: limit.windowMs });

  const passed = new PassedTests();
  const tester = async (
    request: FastifyRequest,
    { source, config, credential }: TestSubject,
    told: Record<string, unknown> = {},
  ) => {
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
    const result = await testConnection(source, { config, credential, hosts: settings.hosts, run });
    request.log.info(
      {
        ...told,
        source,
        ok: result.ok,
        checks: result.checks.map(({ name, ok }) => ({ name, ok })),
      },
      'connection tested',
    );
    const time = new Date().toISOString();
    passed.remember(caller, { source, config, credential }, { time, ...result });
    return result;
  };
  return Object.assign(tester, { passed });
}
