// Key management from the command line (D2: the interface does not show how
// keys are issued). Works on the same data folder as the server, also while it runs.
import { parseArgs } from 'node:util';
import { userRoleSchema } from '../src/api/contract';
import { ConfigError, loadConfig } from './config';
import { openConfiguredStore } from './db/openConfigured';
import { StorageError } from './db/storageErrors';
import { generateApiKey, listApiKeys, revokeApiKey, storeApiKey } from './repos/apiKeys';
import { LAST_ADMIN_REFUSAL } from '../src/api/contract';
import { createUser, findUserByEmail, leavesAnAdmin, setUserRole } from './repos/users';

const USAGE = `Usage:
  npm run keys -- issue <email> [--role <role>]   issue a key; --role creates the user if missing,
                                                  or sets an existing user's role (never the last admin's)
  npm run keys -- list                            list keys (never the secret); a key made in the
                                                  panel by its name, a person's key by their e-mail
  npm run keys -- revoke <key id>                 revoke a key at once
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
  try {
    const db = store.db;
    if (command === 'issue' && argument) {
      const role = values.role === undefined ? undefined : userRoleSchema.safeParse(values.role);
      if (role && !role.success) {
        console.error(`Unknown role ${values.role}; one of: ${userRoleSchema.options.join(', ')}`);
        return 2;
      }
      const newRole = role?.data;
      const issued = await db.transaction().execute(async (trx) => {
        let user = await findUserByEmail(trx, argument);
        if (!user && !newRole) return `No user ${argument}. Add --role <role> to create one.`;
        let changed = '';
        if (!user) {
          user = await createUser(trx, argument, newRole!);
        } else if (newRole && newRole !== user.role) {
          if (!(await leavesAnAdmin(trx, user, newRole))) {
            return `The role of ${user.email} stays ${user.role}, and no key was issued: ${LAST_ADMIN_REFUSAL}`;
          }
          changed = `The role of ${user.email} changed from ${user.role} to ${newRole}.\n`;
          await setUserRole(trx, user.id, newRole);
          user = { ...user, role: newRole };
        }
        const key = generateApiKey();
        const id = await storeApiKey(trx, user.id, key);
        return {
          text: `${changed}Key ${id} for ${user.email} (${user.role}). It is shown only now:\n${key}`,
        };
      });
      if (typeof issued === 'string') {
        console.error(issued);
        return 1;
      }
      console.log(issued.text);
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
      if (await revokeApiKey(db, Number(argument))) {
        console.log(`Key ${argument} revoked.`);
        return 0;
      }
      console.error(`No live key with id ${argument}.`);
      return 1;
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
