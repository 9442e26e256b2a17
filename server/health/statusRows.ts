// GET /manage/admin/connector-status's rows: one per connector–
// credential pair in Onyx's shape, each with its health from attention.ts.
import type { ConnectorStatusRow } from '../../src/contract/health';
import type { SecretBox } from '../crypto/secretBox';
import type { Db } from '../db/database';
import { listConnectors } from '../repos/connectors';
import { findCredentials } from '../repos/credentials';
import { pairAccess } from '../repos/groups';
import { lastTestOf, listPairsForStatus } from '../repos/pairChecks';
import { nextAttentionChange, pairHealth, type HealthSettings } from './attention';
import { syncFacts } from './syncStatus';
import { DEFAULT_SYNC_SETTINGS, type SyncSettings } from './syncRules';

export interface StatusRows {
  rows: ConnectorStatusRow[];
  /** Until when (ms since the epoch) the rows stay true if the data does not change; null: for ever. */
  until: number | null;
}

/** Every pair of a listed connector (D5: not ingestion_api), by connector id then credential id. */
export async function connectorStatusRows(
  db: Db,
  secrets: SecretBox,
  settings: HealthSettings,
  sync: SyncSettings = DEFAULT_SYNC_SETTINGS,
): Promise<StatusRows> {
  const pairs = await listPairsForStatus(db);
  if (pairs.length === 0) return { rows: [], until: null };
  const connectors = new Map((await listConnectors(db)).map((c) => [c.id, c]));
  const credentialIds = [...new Set(pairs.map((pair) => pair.credential_id))];
  const credentials = new Map(
    (await findCredentials(db, secrets, credentialIds)).map((c) => [c.id, c]),
  );
  const access = await pairAccess(
    db,
    pairs.map((pair) => pair.id),
  );
  const jobs = await syncFacts(
    db,
    pairs.map((pair) => pair.id),
    sync,
    settings.now,
  );
  let until: number | null = jobs.until;
  const rows = pairs.flatMap((pair) => {
    const connector = connectors.get(pair.connector_id);
    const credential = credentials.get(pair.credential_id);
    if (!connector || !credential) return [];
    const lastTest = lastTestOf(pair);
    const facts = {
      connectorStatus: pair.status,
      pausedAt: pair.paused_at,
      pairCreated: pair.time_created,
      untestedSince: pair.untested_since,
      lastTest,
    };
    const change = nextAttentionChange(facts, settings);
    if (change !== null && (until === null || change < until)) until = change;
    const { access_type = 'public', groups = [] } = access.get(pair.id) ?? {};
    const { attention, invalid, ...reported } = jobs.of({
      id: pair.id,
      credential_id: Number(pair.credential_id),
      refresh_freq: connector.refresh_freq ?? null,
    });
    const health = pairHealth(facts, settings);
    return [
      {
        cc_pair_id: pair.id,
        name: pair.name,
        connector,
        credential,
        access_type,
        groups: groups.sort((a, b) => a - b),
        // D14: validation errors in a row make a running pair INVALID, like a failed re-test.
        cc_pair_status:
          invalid && health.cc_pair_status === 'ACTIVE' ? 'INVALID' : health.cc_pair_status,
        needs_attention: [...health.needs_attention, ...attention],
        last_test: lastTest,
        ...reported,
      },
    ];
  });
  return { rows, until };
}
