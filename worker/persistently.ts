// A call to the server asked again while the server does not answer (down,
// restarting, an outage's 503), so a job's work is not lost: waits of 1 s,
// doubling to 30 s. Once the worker is stopping, it gives up after its patience.
import { ServerError } from './client';

const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 30_000;

export interface Persistence {
  /** True once the worker is stopping: from then on, `patienceMs` more at most. */
  giveUp(): boolean;
  patienceMs: number;
  onWait(error: ServerError): void;
}

export async function persistently<T>(call: () => Promise<T>, how: Persistence): Promise<T> {
  let wait = FIRST_WAIT_MS;
  let stopAt: number | null = null;
  for (let tries = 1; ; tries++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ServerError) || !error.retryable) throw error;
      if (how.giveUp()) stopAt ??= Date.now() + how.patienceMs;
      if (stopAt !== null && Date.now() >= stopAt) throw error;
      // The first miss is quiet: a restart is usually over by the next try.
      if (tries > 1) how.onWait(error);
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(wait * 2, LONGEST_WAIT_MS);
    }
  }
}
