// Another process's connection to a server's SQLite file, played by the test's
// own thread, which is the server's too: it never waits inside SQLite (a busy
// timeout would block this thread, so a write batch the server holds open
// could not go on to its COMMIT, and each would wait for the other); it waits
// for the lock here instead, letting the server's turns run.
import SQLite from 'better-sqlite3';

const busy = (error: unknown) => (error as { code?: string }).code?.startsWith('SQLITE_BUSY');

/** `attempt`, tried again after a pause each time the database is busy. */
export async function untilFree<T>(attempt: () => T): Promise<T> {
  for (;;) {
    try {
      return attempt();
    } catch (error) {
      if (!busy(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

export function outsideConnection(file: string) {
  const db = new SQLite(file, { timeout: 0 });
  return {
    db,
    run: (text: string) => untilFree(() => db.prepare(text).run()),
    /** The log emptied and started over (no reader or writer in the way). */
    async truncateLog() {
      await untilFree(() => {
        const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
        if (result?.busy !== 0) throw Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' });
      });
    },
    close: () => db.close(),
  };
}
