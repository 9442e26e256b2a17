// PostgreSQL's revision, pushed (NOTIFY after each commit, migration 0004)
// instead of read before every request: an instance listens on its own
// connection and keeps the highest revision it heard. While that connection is
// down, `current()` is null and the store reads the row per request as before;
// on reconnecting it listens first and then reads the row once, so a change
// made while it was deaf is never missed. After a write of its own the next
// request reads the row once too (its own notice may still be on the way).
import pg from 'pg';

export const REVISION_CHANNEL = 'sourcedesk_revision';
const RECONNECT_MS = 1_000;

export interface RevisionListener {
  /** The revision to use now, or null when it must be read (not listening, or after an own write). */
  current(): Promise<string | null>;
  /** An own write committed: the next request reads the row once. */
  wrote(): void;
  /** Whether the notices are heard (for the tests and the health of the instance). */
  listening(): boolean;
  close(): Promise<void>;
}

export function listenForRevisions(
  config: pg.ClientConfig,
  schema: string,
  read: () => Promise<string>,
): RevisionListener {
  let client: pg.Client | null = null;
  let heard: number | null = null;
  /** Notices heard after LISTEN and before the row's first read ended: none is dropped. */
  let early = 0;
  let writes = 0;
  let readAfter = 0;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const drop = (gone: pg.Client) => {
    if (client !== gone) return;
    client = null;
    heard = null;
    gone.removeAllListeners('notification');
    gone.end().catch(() => {});
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void start();
      }, RECONNECT_MS);
      retry.unref();
    }
  };

  async function start() {
    const next = new pg.Client(config);
    client = next;
    early = 0;
    next.on('error', () => drop(next));
    next.on('end', () => drop(next));
    next.on('notification', ({ channel, payload }) => {
      const [from, value] = (payload ?? '').split(' ');
      if (channel !== REVISION_CHANNEL || from !== schema || client !== next) return;
      if (heard === null) early = Math.max(early, Number(value));
      else heard = Math.max(heard, Number(value));
    });
    try {
      await next.connect();
      await next.query(`listen ${REVISION_CHANNEL}`);
      // Listening first, then the row: whatever moved it meanwhile is heard or
      // read. A notice that arrives while the read is on its way may tell of a
      // commit the read did not see: the higher of the two counts.
      const value = Number(await read());
      if (client === next) heard = Math.max(heard ?? 0, early, value);
    } catch {
      drop(next);
    }
  }
  void start();

  return {
    async current() {
      if (heard === null) return null;
      if (readAfter < writes) {
        const ticket = writes;
        const value = Number(await read());
        if (heard === null) return String(value);
        heard = Math.max(heard, value);
        readAfter = Math.max(readAfter, ticket);
      }
      return String(heard);
    },
    wrote: () => {
      writes += 1;
    },
    listening: () => heard !== null,
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = null;
      heard = null;
      await last?.end().catch(() => {});
    },
  };
}
