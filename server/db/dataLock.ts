// One server per data folder (D12): a second one on the same SQLite file would
// race the first for the write lock and fail requests. The folder is claimed
// with a lock file made exclusively (O_EXCL) holding the claimant's process id;
// a lock left by a process that is gone (SIGKILL, a crash) is taken over.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { StorageError, storageErrorAt } from './storageErrors';

export const LOCK_FILE = 'sourcedesk.lock';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
};

/** Claims the folder for this process; returns the release. Throws when another live server holds it. */
export function claimDataFolder(dataDir: string): () => void {
  const file = resolve(join(dataDir, LOCK_FILE));
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw storageErrorAt(error, resolve(dataDir));
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o644 });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw storageErrorAt(error, file);
    }
    const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
      throw new StorageError(
        `Another Sourcedesk server (process ${holder}) is using the data folder ${resolve(dataDir)}. ` +
          'Stop it first, or give this one another SOURCEDESK_DATA_DIR. ' +
          '(npm run keys works beside a running server.)',
      );
    }
    rmSync(file, { force: true }); // left by a process that is gone
  }
  throw new StorageError(`Could not claim the data folder ${resolve(dataDir)} (${file}).`);
}
