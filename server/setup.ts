// First start: the first administrator, a key, and (unless switched off) the
// demo data. Later starts keep what is there.
import { START_AGENT } from '../src/contract/audit';
import { changesBetween, machineLog, type AuditLog } from './audit/recorder';
import type { ServerConfig } from './config';
import type { Store } from './db/database';
import { seedDemoData } from './demo';
import { storePersonKey } from './auth/keyChanges';
import { generateApiKey, hasApiKey } from './auth/apiKeys';
import {
  countUsers,
  createUser,
  findUserByEmail,
  firstAdmin,
  setUserActive,
  setUserRole,
} from './repos/users';

export interface Setup {
  firstStart: boolean;
  adminEmail: string;
  /** A key this start made, to show the operator once; null when none was made. */
  adminKey: string | null;
}

type SetupConfig = Pick<ServerConfig, 'adminEmail' | 'adminApiKey' | 'demoData'>;

/**
 * ADMIN_API_KEY is registered for the admin unless it is known already; a known
 * key (the admin's own from an earlier start, say) is left as it is, whoever's it is.
 * A key registered is an activity record, as every key made is (docs/api.md, "Activity log").
 */
async function registerKey(trx: Store['db'], userId: string, key: string, log: AuditLog) {
  if (!(await hasApiKey(trx, key))) await storePersonKey(trx, userId, key, log);
}

export async function prepareStore(store: Store, config: SetupConfig): Promise<Setup> {
  return store.db.transaction().execute(async (trx) => {
    // Several instances starting at once make the first administrator once.
    await store.beginSetup(trx);
    const log = machineLog(trx, START_AGENT);
    // The configured address is the one start-up speaks of while it is still an
    // admin; another admin (the demo's, made in the same millisecond) only when not.
    const configured = await findUserByEmail(trx, config.adminEmail);
    const existing =
      configured?.role === 'admin' && configured.is_active ? configured : await firstAdmin(trx);
    if (!existing) {
      const empty = (await countUsers(trx)) === 0;
      // No active admin left (an older version let the last one go, or the
      // database was edited by hand): the configured address becomes an active
      // admin again, whether or not it is a user already.
      if (configured) {
        await setUserRole(trx, configured.id, 'admin');
        await setUserActive(trx, configured.id, true);
      }
      const admin = configured
        ? { ...configured, role: 'admin' as const, is_active: true }
        : await createUser(trx, config.adminEmail, 'admin');
      await log({
        action: !configured
          ? 'user.create'
          : configured.role !== 'admin'
            ? 'user.role_change'
            : 'user.reactivate',
        resource_type: 'user',
        resource_id: admin.id,
        resource_name: admin.email,
        changes: configured
          ? changesBetween(
              { role: configured.role, is_active: configured.is_active },
              { role: admin.role, is_active: true },
            )
          : changesBetween(null, { email: admin.email, role: admin.role }),
      });
      const adminKey = config.adminApiKey ?? generateApiKey();
      await registerKey(trx, admin.id, adminKey, log);
      if (empty && config.demoData) await seedDemoData(trx, store.secrets, admin.id);
      // A key from the environment is the operator's already: it is not printed
      // (start-up output ends up in log collectors).
      return {
        firstStart: true,
        adminEmail: admin.email,
        adminKey: config.adminApiKey ? null : adminKey,
      };
    }
    if (config.adminApiKey) await registerKey(trx, existing.id, config.adminApiKey, log);
    return { firstStart: false, adminEmail: existing.email, adminKey: null };
  });
}
