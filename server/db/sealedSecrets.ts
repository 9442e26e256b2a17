// The store's side of the credential key (server/crypto/secretKey.ts holds its
// rules): the check value sealed with the key, kept in the settings table, and
// the credentials stored before encryption, sealed at start-up (finishOpening).
import { sql } from 'kysely';
import type { Db } from './database';

const CHECK_SETTING = 'secret_check';

/** Whether the check value is there (the database holds secrets sealed with some key). */
export async function secretCheckExists(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('settings')
    .select('key')
    .where('key', '=', CHECK_SETTING)
    .executeTakeFirst();
  return row !== undefined;
}

/** The check value, as sealed; undefined before the first start with a key. */
export async function readSecretCheck(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', CHECK_SETTING)
    .executeTakeFirst();
  return row?.value;
}

export async function insertSecretCheck(db: Db, sealed: string): Promise<void> {
  await db.insertInto('settings').values({ key: CHECK_SETTING, value: sealed }).execute();
}

/** Credentials whose secret is not sealed (a sealed value starts `v1:`, server/crypto/secretBox.ts). */
export async function listPlainCredentials(db: Db) {
  return db
    .selectFrom('credentials')
    .select(['id', 'credential_json'])
    .where(sql<boolean>`credential_json not like 'v1:%'`)
    .execute();
}

export async function writeSealedCredential(db: Db, id: number, sealed: string): Promise<void> {
  await db
    .updateTable('credentials')
    .set({ credential_json: sealed })
    .where('id', '=', id)
    .execute();
}
