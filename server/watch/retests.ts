// Background re-tests (docs/configuration.md, "Background re-tests and alerts"): every pair is tested again once
// per period with its stored config and credential, with the connection test's
// limits. Spread over the period: each round tests at most the share of pairs
// that falls in one tick (at least one), the longest untested first, a few at
// a time; so a thousand pairs a day is about one a minute, never a burst.
import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../db/database';
import { testConnection } from '../connectionCheck/checks';
import { CheckRun, failed } from '../connectionCheck/run';
import { assertSecretMayGoTo } from '../connectionCheck/secretDestination';
import { Problem } from '../http/problems';
import type { ConnectionTestResult } from '../../src/contract/connectionTest';
import type { ConnectionTestSettings } from '../connectionCheck/settings';
import { openCredentialValues } from '../repos/credentialValues';
import { findPairToTest, pairTestTimes, recordPairTest } from '../repos/pairChecks';
import type { HealthWatchSettings } from './settings';

/** The check a re-test reports when D15 kept the secret home. */
const NOT_SENT = 'Where the credential may go';

/** The pairs due for a test now, oldest test first (never tested before all). */
async function duePairs(store: Store, settings: HealthWatchSettings, now: number) {
  const pairs = await pairTestTimes(store.db);
  const dueBefore = new Date(now - settings.retestPeriodMs).toISOString();
  const due = pairs.filter((pair) => pair.last_test_at === null || pair.last_test_at < dueBefore);
  // Never-tested first (SQLite and PostgreSQL sort nulls differently).
  due.sort((a, b) => Number(a.last_test_at !== null) - Number(b.last_test_at !== null));
  const share = Math.ceil((pairs.length * settings.tickMs) / settings.retestPeriodMs);
  return due.slice(0, Math.max(1, share)).map((pair) => pair.id);
}

async function retestPair(
  store: Store,
  tests: ConnectionTestSettings,
  log: FastifyBaseLogger,
  id: number,
) {
  // Read in a short transaction of its own: the test may take seconds and holds none.
  // D15: the server approves nothing; the secret goes only to an origin already approved.
  const subject = await store.db.transaction().execute(async (trx) => {
    const pair = await findPairToTest(trx, id);
    if (!pair) return undefined;
    const credential = await openCredentialValues(trx, store.secrets, pair.credential_id);
    if (!credential) return undefined;
    const { source, config } = pair;
    const refusal = await assertSecretMayGoTo(trx, { credential, source, config, by: null }).then(
      () => null,
      (error: unknown) => (error instanceof Problem ? error.message : Promise.reject(error)),
    );
    return { ...pair, credential: credential.values, refusal };
  });
  if (!subject) return; // detached meanwhile
  const run = new CheckRun(tests, (check, error) =>
    log.error({ check, error: (error as Error)?.name }, 'connection check failed unexpectedly'),
  );
  const result: ConnectionTestResult =
    subject.refusal === null
      ? await testConnection(subject.source, {
          config: subject.config,
          credential: subject.credential,
          hosts: tests.hosts,
          run,
        })
      : { ok: false, checks: [failed(NOT_SENT, `Not sent. ${subject.refusal}`)] };
  const time = new Date().toISOString();
  await store.db.transaction().execute(async (trx) => {
    await store.beginWrite(trx);
    await recordPairTest(trx, id, { time, ...result });
  });
  store.wrote?.();
  // Names and outcomes only, as the test route logs them.
  log.info(
    {
      cc_pair_id: id,
      source: subject.source,
      ok: result.ok,
      checks: result.checks.map(({ name, ok }) => ({ name, ok })),
    },
    'connection re-tested in the background',
  );
}

/** One round: the due pairs, `concurrency` at a time; a failing pair never stops the others. */
export async function retestRound(
  store: Store,
  settings: HealthWatchSettings,
  tests: ConnectionTestSettings,
  log: FastifyBaseLogger,
): Promise<void> {
  if (settings.retestPeriodMs === 0) return;
  const queue = await duePairs(store, settings, Date.now());
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      await retestPair(store, tests, log, id).catch((error: unknown) =>
        log.error({ err: error, cc_pair_id: id }, 'background re-test failed'),
      );
    }
  };
  await Promise.all(Array.from({ length: settings.concurrency }, worker));
}
