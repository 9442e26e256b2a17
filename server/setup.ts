// First start: the first administrator, a key, and (unless switched off) the
// demo data. Later starts keep what is there.
import type { ServerConfig } from './config';
import type { Store } from './db/database';
import { seedDemoData } from './demo';
import { generateApiKey, hasApiKey, storeApiKey } from './repos/apiKeys';
import { countUsers, createUser, firstAdmin } from './repos/users';

export interface Setup {
  firstStart: boolean;
  adminEmail: string;
  /** A key the operator may be shown: a new one, or the one they configured. */
  adminKey: string | null;
}

type SetupConfig = Pick<ServerConfig, 'adminEmail' | 'adminApiKey' | 'demoData'>;

export async function prepareStore(store: Store, config: SetupConfig): Promise<Setup> {
  return store.db.transaction().execute(async (trx) => {
    const existing = await firstAdmin(trx);
    if (!existing) {
      const empty = (await countUsers(trx)) === 0;
      const admin = await createUser(trx, config.adminEmail, 'admin');
      const adminKey = config.adminApiKey ?? generateApiKey();
      await storeApiKey(trx, admin.id, adminKey);
      if (empty && config.demoData) await seedDemoData(trx, admin.id);
      return { firstStart: true, adminEmail: admin.email, adminKey };
    }
    const key = config.adminApiKey;
    if (key && !(await hasApiKey(trx, key))) await storeApiKey(trx, existing.id, key);
    return { firstStart: false, adminEmail: existing.email, adminKey: key ?? null };
  });
}
