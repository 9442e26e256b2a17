// The server's own daily chores (old activity records, ended sessions): once
// when it is ready, then every day; the timer never keeps the process alive.
import type { FastifyInstance } from 'fastify';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a chore's failure goes to, by its name (the outage's `choreFailed`: D11's one line). */
export type ChoreFailed = (what: string) => (error: unknown) => void;

export function everyDay(
  app: FastifyInstance,
  failed: ChoreFailed,
  what: string,
  work: () => Promise<unknown>,
) {
  let timer: NodeJS.Timeout | undefined;
  const run = () => work().catch(failed(what));
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(() => void run(), DAY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
