// GET /manage/admin/connector-status's rows: one per connector–
// credential pair in Onyx's shape, each with its health from attention.ts.
// Read whole here; the route keeps them as pieces rebuilt by what changed
// (statusPieces.ts), which must equal these.
import type { ConnectorStatusRow } from '../../src/contract/health';
import type { ConnectorSnapshot } from '../../src/contract/contract';
import type { PairTest } from '../../src/contract/connectionChecks';
import type { SecretBox } from '../crypto/secretBox';
import type { Db } from '../db/database';
import { listConnectorsInPages } from '../repos/connectors';
import { findCredentials } from '../repos/credentials';
import { pairAccess } from '../repos/groups';
import { lastTestOf, listPairsForStatus } from '../repos/pairChecks';
import { nextAttentionChange, pairHealth, type HealthSettings, type PairHealth } from './attention';
import { syncFacts, type PairSync } from './syncStatus';
import { Turns } from '../db/turns';
import { DEFAULT_SYNC_SETTINGS, type SyncSettings } from './syncRules';

export interface StatusRows {
  rows: ConnectorStatusRow[];
  /** Until when (ms since the epoch) the rows stay true if the data does not change; null: for ever. */
  until: number | null;
}

/** What a pair's row says apart from its runs: its connector, credential, access, tests and health. */
export interface StatusBase {
  cc_pair_id: number;
  name: ConnectorStatusRow['name'];
  connector: ConnectorSnapshot;
  credential: ConnectorStatusRow['credential'];
  access_type: ConnectorStatusRow['access_type'];
  groups: number[];
  health: PairHealth;
  last_test: PairTest | null;
  credential_id: number;
  refresh_freq: number | null;
}

/** Every pair of a listed connector (D5: not ingestion_api), by connector id then credential id. */
export async function statusBases(
  db: Db,
  secrets: SecretBox,
  settings: HealthSettings,
): Promise<{ pairs: StatusBase[]; until: number | null }> {
  const turns = new Turns();
  const pairs = await listPairsForStatus(db);
  if (pairs.length === 0) return { pairs: [], until: null };
  // A turn between the reads and in the loop (server/db/turns.ts): at 10,000 pairs each holds the loop tens of ms.
  await turns.ifDue();
  const connectors = new Map((await listConnectorsInPages(db)).map((c) => [c.id, c]));
  await turns.ifDue();
  const credentialIds = [...new Set(pairs.map((pair) => pair.credential_id))];
  const credentials = new Map(
    (await findCredentials(db, secrets, credentialIds)).map((c) => [c.id, c]),
  );
  await turns.ifDue();
  const access = await pairAccess(
    db,
    pairs.map((pair) => pair.id),
  );
  let until: number | null = null;
  const bases: StatusBase[] = [];
  for (const pair of pairs) {
    if (turns.due()) await turns.next();
    const connector = connectors.get(pair.connector_id);
    const credential = credentials.get(pair.credential_id);
    if (!connector || !credential) continue;
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
    bases.push({
      cc_pair_id: pair.id,
      name: pair.name,
      connector,
      credential,
      access_type,
      groups: groups.sort((a, b) => a - b),
      health: pairHealth(facts, settings),
      last_test: lastTest,
      credential_id: Number(pair.credential_id),
      refresh_freq: connector.refresh_freq ?? null,
    });
  }
  return { pairs: bases, until };
}

/** One row from its base and its runs' facts (statusRows.ts's order of fields). */
export function statusRow(base: StatusBase, sync: PairSync): ConnectorStatusRow {
  const { attention, invalid, ...reported } = sync;
  const { health } = base;
  return {
    cc_pair_id: base.cc_pair_id,
    name: base.name,
    connector: base.connector,
    credential: base.credential,
    access_type: base.access_type,
    groups: base.groups,
    // D14: validation errors in a row make a running pair INVALID, like a failed re-test.
    cc_pair_status:
      invalid && health.cc_pair_status === 'ACTIVE' ? 'INVALID' : health.cc_pair_status,
    needs_attention: [...health.needs_attention, ...attention],
    last_test: base.last_test,
    ...reported,
  };
}

/** Every row, read whole. */
export async function connectorStatusRows(
  db: Db,
  secrets: SecretBox,
  settings: HealthSettings,
  sync: SyncSettings = DEFAULT_SYNC_SETTINGS,
): Promise<StatusRows> {
  const { pairs, until } = await statusBases(db, secrets, settings);
  if (pairs.length === 0) return { rows: [], until: null };
  const jobs = await syncFacts(
    db,
    pairs.map((pair) => pair.cc_pair_id),
    sync,
    settings.now,
  );
  const rows = pairs.map((pair) => statusRow(pair, jobs.of({ id: pair.cc_pair_id, ...pair })));
  return { rows, until: until === null ? jobs.until : Math.min(until, jobs.until ?? until) };
}
