// Key management from the command line (D2: the interface does not show how
// keys are issued). Works on the same data folder as the server, also while it
// runs, through the same rules and activity records as the API's routes (keyChanges.ts).
import { parseArgs } from 'node:util';
import { userRoleSchema } from '../src/contract/contract';
import { ConfigError, loadConfig } from './config';
import { openConfiguredStore } from './db/openConfigured';
import { StorageError } from './db/storageErrors';
import { changesBetween, machineLog, type AuditLog } from './audit/recorder';
import type { Db } from './db/database';
import { changeUserRole, issuePersonKey, revokeKey } from './auth/keyChanges';
import { listApiKeys } from './auth/apiKeys';
import { findLiveKey } from './auth/managedKeys';
import { createUser, findUserByEmail } from './repos/users';
import { insertWorkerKey } from './repos/workerKeys';

const USAGE = `Usage:
  npm run keys -- issue <email> [--role <role>]   issue a key; --role creates the user if missing,
                                                  or sets an existing user's role (never the last admin's)
  npm run keys -- list                            list keys (never the secret); a key made in the
                                                  panel by its name, a person's key by their e-mail
  npm run keys -- revoke <key id>                 revoke a key at once (never the last admin key
                                                  that does not expire)
  npm run keys -- issue-worker <name>             issue a worker key (docs/workers.md): it reaches
                                                  only the worker routes
Each change is an activity record (its user agent: npm run keys).
The data folder is SOURCEDESK_DATA_DIR (default .data).`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { role: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, argument] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig(process.env);
  // The server may be running: the key command shares the store with it (no folder lock).
  const { store } = await openConfiguredStore(config, { lockFolder: false });
  // A change and its activity record, in one write transaction: the same turn
  // taking as the server's writes (which, on PostgreSQL, also tells every
  // instance that keys changed).
  const write = <T>(work: (trx: Db, log: AuditLog) => Promise<T>) =>
    store.db.transaction().execute(async (trx) => {
      await store.beginWrite(trx);
      return work(trx, machineLog(trx));
    });
  try {
    const db = store.db;
    if (command === 'issue' && argument) {
      const role = values.role === undefined ? undefined : userRoleSchema.safeParse(values.role);
      if (role && !role.success) {
        console.error(`Unknown role ${values.role}; one of: ${userRoleSchema.options.join(', ')}`);
        return 2;
      }
      const newRole = role?.data;
      const issued = await write(async (trx, log) => {
        let user = await findUserByEmail(trx, argument);
        if (!user && !newRole) return `No user ${argument}. Add --role <role> to create one.`;
        let changed = '';
        if (!user) {
          user = await createUser(trx, argument, newRole!);
          await log({
            action: 'user.create',
            resource_type: 'user',
            resource_id: user.id,
            resource_name: user.email,
            changes: changesBetween(null, { email: user.email, role: user.role }),
          });
        } else if (newRole && newRole !== user.role) {
          const refusal = await changeUserRole(trx, user, newRole, log);
          if (refusal) {
            return `The role of ${user.email} stays ${user.role}, and no key was issued: ${refusal}`;
          }
          changed = `The role of ${user.email} changed from ${user.role} to ${newRole}.\n`;
          user = { ...user, role: newRole };
        }
        const { id, secret } = await issuePersonKey(trx, user, log);
        return {
          text: `${changed}Key ${id} for ${user.email} (${user.role}). It is shown only now:\n${secret}`,
        };
      });
      if (typeof issued === 'string') {
        console.error(issued);
        return 1;
      }
      console.log(issued.text);
      return 0;
    }
    if (command === 'issue-worker' && argument) {
      const made = await write(async (trx, log) => {
        const key = await insertWorkerKey(trx, argument.trim(), null);
        await log({
          action: 'worker_key.create',
          resource_type: 'worker_key',
          resource_id: key.id,
          resource_name: key.name,
          changes: { name: { before: null, after: key.name } },
        });
        return key;
      });
      console.log(`Worker key ${made.id} “${made.name}”. It is shown only now:\n${made.key}`);
      return 0;
    }
    if (command === 'list') {
      const keys = await listApiKeys(db);
      for (const k of keys) {
        const state = k.time_revoked ? `revoked ${k.time_revoked}` : 'live';
        // A panel-made key acts as a hidden user of its own, whose address says nothing.
        const holder = k.is_api_key ? `panel key ${k.name ? `“${k.name}”` : '(no name)'}` : k.email;
        console.log(`${k.id}\t${k.key_prefix}\t${holder}\t${k.role}\t${k.time_created}\t${state}`);
      }
      if (keys.length === 0) console.log('No keys.');
      return 0;
    }
    if (command === 'revoke' && argument && /^\d+$/.test(argument)) {
      const refusal = await write(async (trx, log) => {
        const key = await findLiveKey(trx, Number(argument));
        if (!key) return `No live key with id ${argument}.`;
        return revokeKey(trx, key, log);
      });
      if (refusal) {
        console.error(refusal);
        return 1;
      }
      console.log(`Key ${argument} revoked.`);
      return 0;
    }
    console.error(USAGE);
    return 2;
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError || error instanceof StorageError ? error.message : error,
    );
    process.exit(1);
  },
);
