// The schedule's turn in the background watch (D14): a round at start and then
// every SOURCEDESK_SCHEDULER_INTERVAL_SECONDS, a round starting only after the
// last one ended, stopped on close. 0 turns it off (tests run rounds themselves
// on a clock of their own: scheduleRound).
import type { FastifyInstance } from 'fastify';
import type { Store } from '../db/database';
import type { ChoreFailed } from '../daily';
import { scheduleRound } from './schedule';
import type { SyncSettings } from '../health/syncRules';

export function keepSchedule(
  app: FastifyInstance,
  failed: ChoreFailed,
  store: Store,
  settings: SyncSettings,
) {
  if (settings.schedulerIntervalSeconds <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = scheduleRound(store, settings, new Date())
      .catch(failed('the schedule'))
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(tick, settings.schedulerIntervalSeconds * 1000);
        timer.unref();
      });
  };
  app.addHook('onReady', async () => tick());
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
