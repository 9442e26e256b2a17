// Where the credential key comes from (README, "Configuration"):
// SOURCEDESK_SECRET_KEY, else `secret.key` in the data folder, made with mode
// 0600 on the first start. A database remembers a check value sealed with its
// key, so a later start with another key stops with a clear message instead of
// serving secrets it cannot open.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { StorageError } from '../db/storageErrors';
import { parseSecretKey, SECRET_KEY_BYTES, SecretBox } from './secretBox';

const SECRET_KEY_FILE = 'secret.key';
const CHECK = 'sourcedesk secret check';

/** The key for a store: from the variable, the folder's key file (made if missing), or random in memory. */
export function loadSecretBox(dataDir: string | null, configured: string | undefined): SecretBox {
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
    writeFileSync(file, `${randomBytes(SECRET_KEY_BYTES).toString('base64')}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
  }
  const key = parseSecretKey(readFileSync(file, 'utf8'));
  if (!key) {
    throw new StorageError(
      `The key file ${file} does not hold a key (32 bytes in base64). Restore it, or set SOURCEDESK_SECRET_KEY.`,
    );
  }
  return new SecretBox(key);
}

/** Refuses a key that did not seal this database's secrets; remembers the key's check on first use. */
export async function checkSecretBox(db: Db, box: SecretBox, where: string): Promise<void> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'secret_check')
    .executeTakeFirst();
  if (!row) {
    await db
      .insertInto('settings')
      .values({ key: 'secret_check', value: box.seal(CHECK) })
      .execute();
    return;
  }
  if (box.open(row.value) !== CHECK) {
    throw new StorageError(
      `The credential key does not open the secrets of ${where}. Set SOURCEDESK_SECRET_KEY to the key ` +
        `this database was made with (or restore its ${SECRET_KEY_FILE} file); every instance needs the same key.`,
    );
  }
}

/** Credentials stored before encryption (credential 0, older databases) are sealed now. */
export async function sealPlainCredentials(db: Db, box: SecretBox): Promise<void> {
  const plain = await db
    .selectFrom('credentials')
    .select(['id', 'credential_json'])
    .where(sql<boolean>`credential_json not like 'v1:%'`)
    .execute();
  for (const row of plain) {
    await db
      .updateTable('credentials')
      .set({ credential_json: box.seal(row.credential_json) })
      .where('id', '=', row.id)
      .execute();
  }
}
