// One server per data folder (D12): a second one on the same SQLite file would
// race the first for the write lock and fail requests. The claim is a lock the
// operating system holds for this process and drops when it ends, however it
// ends (SIGKILL, a crash): SQLite's own file lock on a small lock database,
// `sourcedesk.lock`, kept by a write transaction left open. No process id is
// trusted: after a crash or a reboot a pid in a file may be anyone's. The
// holder writes its pid there only so that a refused server can name it.
import { closeSync, openSync, readSync, truncateSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { makeOwnerOnlyFolder, ownerOnlyFile } from './ownerOnly';
import { StorageError, storageErrorAt } from './storageErrors';

export const LOCK_FILE = 'sourcedesk.lock';

const isBusy = (error: unknown) => (error as { code?: string }).code?.startsWith('SQLITE_BUSY');

/** An older version's lock file held a bare pid: emptied, it is an empty database. */
function forgetPidFile(file: string) {
  const head = Buffer.alloc(16);
  const fd = openSync(file, 'r');
  const length = readSync(fd, head, 0, 16, 0);
  closeSync(fd);
  if (length > 0 && head.toString('latin1', 0, length) !== 'SQLite format 3\0'.slice(0, length)) {
    truncateSync(file, 0);
  }
}

/** Takes the write lock at once, or says it is held (false). */
function tryHold(lock: SQLite.Database): boolean {
  try {
    lock.exec('begin immediate');
    return true;
  } catch (error) {
    if (isBusy(error)) return false;
    throw error;
  }
}

/** The pid the holder wrote, if it can be read (it may be writing it right now). */
function holderPid(lock: SQLite.Database): number | null {
  try {
    lock.pragma('busy_timeout = 1000');
    const row = lock.prepare('select pid from holder where id = 1').get() as { pid: number };
    return row?.pid ?? null;
  } catch {
    return null;
  }
}

function refusal(folder: string, pid: number | null) {
  const who = pid !== null && pid !== process.pid ? ` (process ${pid})` : '';
  return new StorageError(
    `Another Sourcedesk server${who} is using the data folder ${folder}. ` +
      'Stop it first, or give this one another SOURCEDESK_DATA_DIR. ' +
      '(npm run keys works beside a running server.)',
  );
}

/** Claims the folder for this process; returns the release. Throws when another server holds it. */
export function claimDataFolder(dataDir: string): () => void {
  const folder = resolve(dataDir);
  const file = join(folder, LOCK_FILE);
  makeOwnerOnlyFolder(folder);
  let lock: SQLite.Database | undefined;
  try {
    ownerOnlyFile(file);
    forgetPidFile(file);
    lock = new SQLite(file, { timeout: 0 });
    // Claimed, the pid is written and committed, and the lock taken again to
    // keep. Between the two another server may claim it: then this one yields.
    let held = tryHold(lock);
    if (held) {
      lock.exec('create table if not exists holder (id integer primary key, pid integer)');
      lock.prepare('replace into holder (id, pid) values (1, ?)').run(process.pid);
      lock.exec('commit');
      held = tryHold(lock);
    }
    if (!held) throw refusal(folder, holderPid(lock));
  } catch (error) {
    lock?.close();
    throw error instanceof StorageError ? error : storageErrorAt(error, file);
  }
  const claimed = lock;
  return () => {
    if (claimed.open) claimed.close(); // the open transaction ends, and the lock with it
  };
}
