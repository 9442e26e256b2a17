// connector-status's first build over thousands of pairs, each with a run
// waiting, lets other requests through while it runs: its rows and blocks are
// made in bounded turns, after the read's transaction (server/health/
// statusPieces.ts; docs/performance.md, "connector-status's first build in
// bounded chunks (d-cs7, 2026-11-29)"). Counted, not timed: `GET /api/version`, sent every 10 ms,
// is answered meanwhile. SQLite (api) and PostgreSQL (api-pg).
import { describe, expect, it, vi } from 'vitest';
import {
  insertConnectors,
  insertPairs,
  listConnectors,
  listConnectorsInPages,
} from '../../server/repos/connectors';
import { connectorStatusRows } from '../../server/health/statusRows';
import { DEFAULT_RETEST_HOURS } from '../../server/watch/settings';
import { createCredential } from '../../server/repos/credentials';
import { DEFAULT_SYNC_SETTINGS } from '../../server/health/syncRules';
import { scheduleRound } from '../../server/watch/schedule';
import { heardEverything } from '../support/harness';
import { useTestServer } from '../support/useTestServer';
import { waitsDuring } from '../support/waitsDuring';

vi.setConfig({ testTimeout: 60_000 });

const PAIRS = 5_000;
const CREDENTIALS = 50;
/** Answers to the probes that must arrive while the first build runs. */
const ANSWERS_MEANWHILE = 15;

const server = useTestServer();

/** PAIRS Jira pairs over CREDENTIALS credentials, written straight to the store, each with a run waiting. */
async function seedPairs() {
  await server.store.db.transaction().execute(async (trx) => {
    const credentials: number[] = [];
    for (let i = 0; i < CREDENTIALS; i += 1) {
      credentials.push(
        await createCredential(trx, server.store.secrets, {
          source: 'jira',
          name: `First build ${i}`,
          credential_json: { jira_api_token: `token-${i}` },
        }),
      );
    }
    const connectors = await insertConnectors(
      trx,
      Array.from({ length: PAIRS }, (_, n) => ({
        ref: `first-build-${n}`,
        paused: false,
        name: `First build ${String(n).padStart(5, '0')}`,
        source: 'jira' as const,
        input_type: 'poll' as const,
        access_type: 'PUBLIC' as const,
        connector_specific_config: {
          jira_base_url: 'https://acme.atlassian.net',
          project_key: `P${n}`,
          comment_email_blacklist: [],
        },
        refresh_freq: 3600,
        prune_freq: 86400,
        indexing_start: null,
      })),
    );
    await insertPairs(
      trx,
      Array.from({ length: PAIRS }, (_, n) => ({
        connector_id: connectors.get(`first-build-${n}`)!,
        credential_id: credentials[n % CREDENTIALS]!,
        access_type: 'public' as const,
      })),
    );
  });
  const round = await scheduleRound(server.store, DEFAULT_SYNC_SETTINGS, new Date());
  expect(round.made).toHaveLength(PAIRS);
  await heardEverything(server);
}

describe('connector-status: the first build at thousands of pairs', () => {
  it('lets other requests through while it runs: GET /api/version is answered meanwhile', async () => {
    await seedPairs();
    const during = await waitsDuring(
      server.origin,
      // Until its answer's head: the build is done by then (its body is read after).
      () =>
        fetch(`${server.apiUrl}/manage/admin/connector-status`, {
          headers: { authorization: `Bearer ${server.adminKey}`, 'accept-encoding': 'gzip' },
        }),
      10,
    );
    const answer = during.result;
    expect(answer.status).toBe(200);
    expect(during.failures).toEqual([]);
    // Held in one piece from its first read to its last block, it answered 1 to 5 (while its blocks were compressed).
    expect(during.answeredDuring).toBeGreaterThanOrEqual(ANSWERS_MEANWHILE);

    // The same bytes as the rows read whole, and the connectors read by pages as at once.
    const fresh = await server.store.db.transaction().execute((trx) =>
      connectorStatusRows(trx, server.store.secrets, {
        retestHours: DEFAULT_RETEST_HOURS,
        now: new Date(),
      }),
    );
    expect(fresh.rows).toHaveLength(PAIRS);
    expect(await answer.text()).toBe(JSON.stringify(fresh.rows));
    expect(await listConnectorsInPages(server.store.db)).toEqual(
      await listConnectors(server.store.db),
    );
  });
});
