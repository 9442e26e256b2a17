// The background watch: each tick re-tests the due pairs, compares every
// subject's state with the one last alerted, and posts the due alerts. New
// background jobs (the sync scheduler, the stall rules) go in this wing,
// server/watch/ (its README.md).
// It runs beside the requests, never in their way: its work is in short
// transactions of its own, and a tick starts only after the last one ended.
// One instance at a time: on PostgreSQL a session advisory lock held for the
// tick (another instance skips the tick and tries at the next), named after
// the schema so that deployments sharing a database do not wait on each other;
// on SQLite the one process's ticks never overlap.
import type { FastifyInstance } from 'fastify';
import type { ConnectionTestSettings } from '../connectionCheck/settings';
import { whenAlone as alone } from '../db/advisoryLock';
import type { Store } from '../db/database';
import type { ChoreFailed } from '../daily';
import { deliverDue } from './alertDeliveries';
import { sweepAlertStates } from './alertSweep';
import { sweepUploads } from './uploadSweep';
import type { UploadFolder } from '../http/fileUpload';
import { readWebhookUrl } from './webhookSetting';
import { retestRound } from './retests';
import type { HealthWatchSettings } from './settings';
import type { SyncSettings } from '../health/syncRules';

async function oneTick(
  app: FastifyInstance,
  store: Store,
  settings: HealthWatchSettings,
  tests: ConnectionTestSettings,
  publicUrl: string | undefined,
  deliver: (url: string | null) => void,
  sync: SyncSettings,
) {
  await retestRound(store, settings, tests, app.log);
  const webhook = await readWebhookUrl(store.db, store.secrets, settings.envWebhookUrl);
  await sweepAlertStates(store, settings, webhook !== null, publicUrl, sync);
  // Beside the re-tests, not awaited: a slow webhook holds up only its own deliveries.
  deliver(webhook?.url ?? null);
}

export function watchHealth(
  app: FastifyInstance,
  failed: ChoreFailed,
  store: Store,
  settings: HealthWatchSettings,
  tests: ConnectionTestSettings,
  publicUrl: string | undefined,
  sync: SyncSettings,
  uploads: UploadFolder,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  // One round of deliveries at a time (one instance's, under a lock of its own
  // on PostgreSQL), each starting no new post after a tick's time.
  let delivering: Promise<void> | null = null;
  const deliver = (url: string | null) => {
    if (delivering || stopped) return;
    delivering = alone(store, 'alert deliveries', () =>
      deliverDue(store, url, settings.delivery, settings.tickMs),
    )
      .catch(failed('alert deliveries'))
      .finally(() => {
        delivering = null;
      });
  };
  const tick = () => {
    running = alone(store, 'health watch', () =>
      oneTick(app, store, settings, tests, publicUrl, deliver, sync),
    )
      // Every instance sweeps its own upload folder (not under the lock: the folder
      // is its own), after a tick that could read the database: an outage is one line.
      .then(() => sweepUploads(store, uploads, app.log))
      .catch(failed('the health watch'))
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(tick, settings.tickMs);
        timer.unref();
      });
  };
  app.addHook('onReady', async () => tick());
  // Stopped on close: no new tick, and the one under way (bounded by the test's
  // and the delivery's time limits) ends before the store closes.
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
    await delivering;
  });
}
