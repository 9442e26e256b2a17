// The store the configuration names: PostgreSQL when SOURCEDESK_DATABASE_URL is
// set (several instances may share it), else the embedded SQLite in the data
// folder, which one process at a time may serve (its lock).
import { claimDataFolder } from './dataLock';
import { MEMORY, openStore, type Store } from './database';
import { openPostgresStore } from './postgres';

/** Where the store is: the parts of the configuration (config.ts) that name it. */
export interface StoreConfig {
  dataDir: string;
  secretKey: string | undefined;
  /** PostgreSQL instead of the embedded SQLite in `dataDir`. */
  databaseUrl: string | undefined;
  /** On a SQLite file, the writes on a thread of their own (default: on). */
  sqliteWriteThread?: boolean;
}

/** The store, and what to call when the process ends (the data folder's lock). */
export async function openConfiguredStore(
  config: StoreConfig,
  { lockFolder = true } = {},
): Promise<{ store: Store; release: () => void }> {
  if (config.databaseUrl) {
    return {
      store: await openPostgresStore(config.databaseUrl, config.secretKey),
      release: () => {},
    };
  }
  const release =
    lockFolder && config.dataDir !== MEMORY ? claimDataFolder(config.dataDir) : () => {};
  try {
    return {
      store: await openStore(config.dataDir, config.secretKey, {
        writeThread: config.sqliteWriteThread,
      }),
      release,
    };
  } catch (error) {
    release();
    throw error;
  }
}
