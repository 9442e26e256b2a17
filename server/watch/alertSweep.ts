// Which subjects changed state since they were last alerted (once per
// change of state, not at every failing re-test): a pair INVALID or ACTIVE
// again, an API key ending within the notice, a credential untested too long,
// a pair's runs failed, stalled or going again, a worker gone offline (D14).
// The state is kept in `alert_state` whether or not a webhook is set (so
// setting one later does not alert the past); an alert is stored to send, in
// the same transaction, only when one is set.
import type { AlertPayload } from '../../src/contract/alerts';
import type { ConnectionCheck } from '../../src/contract/connectionChecks';
import type { Db, Store } from '../db/database';
import { lastTestStatus } from '../health/attention';
import { syncFacts } from '../health/syncStatus';
import { workerOnline, type SyncSettings } from '../health/syncRules';
import { alertStates, insertAlertState, updateAlertState } from '../repos/alerts';
import { liveKeysWithEnd } from '../repos/apiKeys';
import { credentialsLastTested } from '../repos/credentials';
import { pairTestsWithNames } from '../repos/pairChecks';
import { listWorkerRows } from '../repos/workers';
import { pairsForSyncAlerts } from '../repos/syncJobs';
import type { HealthWatchSettings } from './settings';
import { enqueueAlert } from './alertDeliveries';
import {
  credentialUntestedAlert,
  keyExpiringAlert,
  pairAlert,
  pairSyncAlert,
  workerOfflineAlert,
  type SyncState,
} from '../alerts/messages';

interface Observed {
  subject: string;
  state: string;
  /** The alert a change to this state sends; null: none (a first sight of a healthy subject). */
  alert: (previous: string | undefined) => AlertPayload | null;
}

/** The connector and credential an alert about a pair names, from a pair's row. */
function pairNames(row: {
  connector_id: number;
  connector_name: string;
  connector_source: string;
  credential_id: number;
  credential_name: string | null;
  credential_source: string;
}) {
  return {
    connector: { id: row.connector_id, name: row.connector_name, source: row.connector_source },
    credential: { id: row.credential_id, name: row.credential_name, source: row.credential_source },
  };
}

async function observePairs(db: Db, publicUrl: string | undefined): Promise<Observed[]> {
  const rows = await pairTestsWithNames(db);
  return rows.flatMap((row) => {
    const state = lastTestStatus(row.last_test_ok === null ? null : Number(row.last_test_ok) === 1);
    if (!state) return [];
    const { connector, credential } = pairNames(row);
    const failing = (JSON.parse(row.last_test_checks ?? '[]') as ConnectionCheck[])
      .filter((check) => check.ok === false)
      .map((check) => `${check.name}: ${check.message}.`)
      .join(' ');
    return [
      {
        subject: `pair:${row.id}`,
        state,
        alert: (previous) =>
          state === 'INVALID'
            ? pairAlert('pair.invalid', connector, credential, failing || null, publicUrl)
            : previous === 'INVALID'
              ? pairAlert('pair.recovered', connector, credential, null, publicUrl)
              : null,
      },
    ];
  });
}

async function observeKeys(db: Db, settings: HealthWatchSettings, publicUrl: string | undefined) {
  const now = new Date();
  const rows = await liveKeysWithEnd(db, now.toISOString());
  const noticeFrom = new Date(now.getTime() + settings.keyExpiryNoticeMs).toISOString();
  return rows.map((row): Observed => ({
    subject: `api_key:${row.id}`,
    state: `${row.expires_at! <= noticeFrom ? 'expiring' : 'lasting'} ${row.expires_at}`,
    alert: () =>
      row.expires_at! <= noticeFrom
        ? keyExpiringAlert({ ...row, expires_at: row.expires_at! }, publicUrl)
        : null,
  }));
}

async function observeCredentials(
  db: Db,
  settings: HealthWatchSettings,
  publicUrl: string | undefined,
) {
  const rows = await credentialsLastTested(db);
  const staleBefore = new Date(Date.now() - settings.untestedAfterMs).toISOString();
  return rows.map((row): Observed => {
    const last = (row.last_test as string | null) ?? null;
    const untested = (last ?? row.time_created) < staleBefore;
    const credential = { id: row.id, name: row.name, source: row.source };
    return {
      subject: `credential:${row.id}`,
      state: untested ? 'untested' : 'tested',
      alert: () => (untested ? credentialUntestedAlert(credential, last, publicUrl) : null),
    };
  });
}

/**
 * Each pair's runs as the status rows read them (syncStatus.ts, the rules of
 * syncRules.ts): stalled, failed (its last index run), or ok. Only pairs some
 * run was reported or failed for: one never run says nothing.
 */
async function observeSync(
  db: Db,
  sync: SyncSettings,
  now: Date,
  publicUrl: string | undefined,
): Promise<Observed[]> {
  const rows = await pairsForSyncAlerts(db);
  if (rows.length === 0) return [];
  const facts = await syncFacts(
    db,
    rows.map((row) => row.id),
    sync,
    now,
  );
  return rows.flatMap((row): Observed[] => {
    const pair = facts.of({
      id: row.id,
      credential_id: Number(row.credential_id),
      refresh_freq: row.refresh_freq === null ? null : Number(row.refresh_freq),
    });
    const stalled = pair.attention.find((item) => item.reason === 'sync_stalled');
    const failed = pair.attention.find((item) => item.reason === 'sync_failed');
    const state: SyncState = stalled ? 'stalled' : failed ? 'failed' : 'ok';
    if (state === 'ok' && pair.last_finished_status === null && !pair.in_progress) return [];
    const { connector, credential } = pairNames(row);
    return [
      {
        subject: `sync:pair:${row.id}`,
        state,
        alert: (previous) =>
          state !== 'ok'
            ? pairSyncAlert(
                state,
                state,
                connector,
                credential,
                (stalled ?? failed)!.message,
                publicUrl,
              )
            : previous === 'failed' || previous === 'stalled'
              ? pairSyncAlert(state, previous, connector, credential, null, publicUrl)
              : null,
      },
    ];
  });
}

/** Each worker of a live key: online, or offline after 3 check-in intervals without one (alerted once, after it was seen online). */
async function observeWorkers(
  db: Db,
  sync: SyncSettings,
  now: Date,
  publicUrl: string | undefined,
): Promise<Observed[]> {
  return (await listWorkerRows(db)).map((row): Observed => {
    const online = workerOnline(row.last_check_in, now, sync);
    return {
      subject: `worker:${row.worker_key_id}:${row.worker_id}`,
      state: online ? 'online' : 'offline',
      alert: (previous) =>
        !online && previous === 'online' ? workerOfflineAlert(row, publicUrl) : null,
    };
  });
}

/** Compares what is observed now with what was alerted, and stores each change (and its alert). */
export async function sweepAlertStates(
  store: Store,
  settings: HealthWatchSettings,
  webhookSet: boolean,
  publicUrl: string | undefined,
  sync: SyncSettings,
): Promise<void> {
  const now = new Date();
  const observed = [
    ...(await observePairs(store.db, publicUrl)),
    ...(await observeKeys(store.db, settings, publicUrl)),
    ...(await observeCredentials(store.db, settings, publicUrl)),
    ...(await observeSync(store.db, sync, now, publicUrl)),
    ...(await observeWorkers(store.db, sync, now, publicUrl)),
  ];
  const stored = new Map((await alertStates(store.db)).map((row) => [row.subject, row.state]));
  const changed = observed.filter(({ subject, state }) => stored.get(subject) !== state);
  if (changed.length === 0) return;
  const since = new Date().toISOString();
  await store.db.transaction().execute(async (trx) => {
    await store.beginWrite(trx);
    for (const { subject, state, alert } of changed) {
      const previous = stored.get(subject);
      if (previous === undefined) await insertAlertState(trx, subject, state, since);
      else await updateAlertState(trx, subject, state, since);
      const payload = alert(previous);
      if (payload && webhookSet) await enqueueAlert(trx, payload, settings.delivery);
    }
  });
  store.wrote?.();
}
