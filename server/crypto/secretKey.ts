// Where the credential key comes from (docs/configuration.md, "Configuration"):
// SOURCEDESK_SECRET_KEY, else `secret.key` in the data folder, made with mode
// 0600 on the first start. A database remembers a check value sealed with its
// key, so a later start with another key stops with a clear message instead of
// serving secrets it cannot open. A key file is made only for a database that
// holds no sealed secret yet, and one that others may read is refused.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Db } from '../db/database';
import { OPEN_TO_OTHERS } from '../db/ownerOnly';
import {
  insertSecretCheck,
  listPlainCredentials,
  readSecretCheck,
  secretCheckExists,
  writeSealedCredential,
} from '../db/sealedSecrets';
import { StorageError } from '../db/storageErrors';
import { parseSecretKey, SECRET_KEY_BYTES, SecretBox } from './secretBox';

const SECRET_KEY_FILE = 'secret.key';
const CHECK = 'sourcedesk secret check';

/**
 * The key for a store: from the variable, the folder's key file, or random in
 * memory. `sealed`: the database already holds secrets sealed with some key, so
 * a missing key file is a lost one; a new key would only hide the loss.
 */
export function loadSecretBox(
  dataDir: string | null,
  configured: string | undefined,
  sealed = false,
): SecretBox {
  if (configured !== undefined) {
    const key = parseSecretKey(configured);
    if (!key) {
      throw new StorageError(
        'SOURCEDESK_SECRET_KEY must be 32 random bytes, written as base64 (44 characters) or hex (64); ' +
          'make one with: openssl rand -base64 32',
      );
    }
    return new SecretBox(key);
  }
  if (dataDir === null) return SecretBox.random();
  const file = resolve(join(dataDir, SECRET_KEY_FILE));
  if (!existsSync(file)) {
    if (sealed) {
      throw new StorageError(
        `The key file ${file} is missing, and the database beside it holds credential secrets sealed ` +
          `with that key. Restore the file from a backup, or set SOURCEDESK_SECRET_KEY to the key. ` +
          'No new key was made: it could not open them.',
      );
    }
    writeFileSync(file, `${randomBytes(SECRET_KEY_BYTES).toString('base64')}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
  }
  const mode = statSync(file).mode & 0o777;
  // Windows keeps no such bits: there every file reads as open to others.
  if (mode & OPEN_TO_OTHERS && process.platform !== 'win32') {
    throw new StorageError(
      `The key file ${file} is open to other users (mode ${mode.toString(8)}): chmod 600 ${file}`,
    );
  }
  const key = parseSecretKey(readFileSync(file, 'utf8'));
  if (!key) {
    throw new StorageError(
      `The key file ${file} does not hold a key (32 bytes in base64). Restore it, or set SOURCEDESK_SECRET_KEY.`,
    );
  }
  return new SecretBox(key);
}

/** Whether the database holds secrets sealed with some key already (its check value is there). */
export const holdsSealedSecrets = (db: Db): Promise<boolean> => secretCheckExists(db);

/** Refuses a key that did not seal this database's secrets; remembers the key's check on first use. */
export async function checkSecretBox(db: Db, box: SecretBox, where: string): Promise<void> {
  const check = await readSecretCheck(db);
  if (check === undefined) {
    await insertSecretCheck(db, box.seal(CHECK));
    return;
  }
  if (box.open(check) !== CHECK) {
    throw new StorageError(
      `The credential key does not open the secrets of ${where}. Set SOURCEDESK_SECRET_KEY to the key ` +
        `this database was made with (or restore its ${SECRET_KEY_FILE} file); every instance needs the same key.`,
    );
  }
}

/** Credentials stored before encryption (credential 0, older databases) are sealed now. */
export async function sealPlainCredentials(db: Db, box: SecretBox): Promise<void> {
  for (const row of await listPlainCredentials(db)) {
    await writeSealedCredential(db, row.id, box.seal(row.credential_json));
  }
}
