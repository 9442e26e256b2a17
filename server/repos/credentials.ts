import type { Credential, DocumentSource } from '../../src/contract/contract';
import type { SecretBox } from '../crypto/secretBox';
import type { Db } from '../db/database';
import { nextTimeUpdated } from './timeUpdated';
import { refFor } from './refs';
import { maskObject } from '../mask';

interface CredentialInput {
  source: DocumentSource;
  name: string | null;
  credential_json: Record<string, unknown>;
  admin_public?: boolean;
  curator_public?: boolean;
  groups?: number[];
  user_id?: string | null;
  /** An import's own ref; otherwise one from the name. */
  ref?: string;
}

/** The values are sealed before they reach the database; only this module opens them. */
export async function createCredential(
  db: Db,
  secrets: SecretBox,
  input: CredentialInput,
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('credentials')
    .values({
      ref: input.ref ?? (await refFor(db, 'credentials', input.name, input.source)),
      source: input.source,
      name: input.name,
      credential_json: secrets.seal(JSON.stringify(input.credential_json)),
      admin_public: input.admin_public === false ? 0 : 1,
      curator_public: input.curator_public ? 1 : 0,
      groups: JSON.stringify(input.groups ?? []),
      user_id: input.user_id ?? null,
      time_created: now,
      time_updated: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // D13: the groups live in credential_groups, where the foreign keys keep them true.
  const groups = [...new Set(input.groups ?? [])];
  for (let start = 0; start < groups.length; start += 500) {
    await db
      .insertInto('credential_groups')
      .values(
        groups.slice(start, start + 500).map((group_id) => ({ credential_id: row.id, group_id })),
      )
      .execute();
  }
  return row.id;
}

/** Each credential's groups (credential_groups), ascending, for the credentials of `ids` or all. */
async function groupsOf(db: Db, ids?: readonly number[]): Promise<Map<number, number[]>> {
  let query = db
    .selectFrom('credential_groups')
    .select(['credential_id', 'group_id'])
    .orderBy('credential_id')
    .orderBy('group_id');
  if (ids) query = query.where('credential_id', 'in', ids);
  const groups = new Map<number, number[]>();
  for (const row of await query.execute()) {
    const id = Number(row.credential_id);
    groups.set(id, [...(groups.get(id) ?? []), Number(row.group_id)]);
  }
  return groups;
}

const selectCredentials = (db: Db) =>
  db
    .selectFrom('credentials')
    .leftJoin('users', 'users.id', 'credentials.user_id')
    .selectAll('credentials')
    .select('users.email as user_email');
type Row = Awaited<ReturnType<ReturnType<typeof selectCredentials>['executeTakeFirstOrThrow']>>;

/** D6: a stored credential as every answer shows it, its secrets masked. */
function toCredential(row: Row, secrets: SecretBox, groups: number[] = []): Credential {
  const json = secrets.open(row.credential_json);
  if (json === null) throw new Error(`credential ${row.id} cannot be opened with this key`);
  return {
    id: row.id,
    source: row.source as DocumentSource,
    name: row.name,
    credential_json: maskObject(JSON.parse(json) as Record<string, unknown>),
    admin_public: row.admin_public === 1,
    curator_public: row.curator_public === 1,
    groups,
    user_id: row.user_id,
    user_email: row.user_email,
    time_created: row.time_created,
    time_updated: row.time_updated,
  };
}

/** The credential list of D6, ordered by id, with every secret masked. */
export async function listCredentials(db: Db, secrets: SecretBox): Promise<Credential[]> {
  const rows = await selectCredentials(db).orderBy('credentials.id').execute();
  const groups = await groupsOf(db);
  return rows.map((row) => toCredential(row, secrets, groups.get(row.id)));
}

export async function findCredential(
  db: Db,
  secrets: SecretBox,
  id: number,
): Promise<Credential | undefined> {
  const row = await selectCredentials(db).where('credentials.id', '=', id).executeTakeFirst();
  return row && toCredential(row, secrets, (await groupsOf(db, [id])).get(id));
}

/** Masked credentials by id, for the connectors that use them. */
export async function findCredentials(
  db: Db,
  secrets: SecretBox,
  ids: readonly number[],
): Promise<Credential[]> {
  if (ids.length === 0) return [];
  const rows = await selectCredentials(db)
    .where('credentials.id', 'in', ids)
    .orderBy('credentials.id')
    .execute();
  const groups = await groupsOf(db, ids);
  return rows.map((row) => toCredential(row, secrets, groups.get(row.id)));
}

/** Every credential as stored (its values sealed), in no order (a bundle's setup). */
export const everyStoredCredential = (db: Db) =>
  db
    .selectFrom('credentials')
    .select([
      'id',
      'ref',
      'name',
      'source',
      'credential_json',
      'admin_public',
      'curator_public',
      'user_id',
    ])
    .where('id', '!=', 0) // D6's built-in empty credential: every instance has it
    .execute();

/** Every credential's groups, one row a credential and group, in no order. */
export const everyCredentialGroup = (db: Db) =>
  db.selectFrom('credential_groups').select(['credential_id', 'group_id']).execute();

/** Credentials' names by id, as the activity log names them ("#7" for one with none). */
export async function credentialNames(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('credentials')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name ?? `#${row.id}`]));
}

export async function findCredentialSource(
  db: Db,
  id: number,
): Promise<DocumentSource | undefined> {
  const row = await db
    .selectFrom('credentials')
    .select('source')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.source as DocumentSource | undefined;
}

/** A new name and/or new values (replacing all of them, sealed). */
export async function updateCredential(
  db: Db,
  secrets: SecretBox,
  id: number,
  change: {
    name?: string | null;
    credential_json?: Record<string, unknown>;
    curator_public?: boolean;
    groups?: readonly number[];
  },
): Promise<void> {
  if (change.groups !== undefined) await setCredentialGroups(db, id, change.groups);
  await db
    .updateTable('credentials')
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.curator_public !== undefined
        ? { curator_public: change.curator_public ? 1 : 0 }
        : {}),
      ...(change.credential_json !== undefined
        ? { credential_json: secrets.seal(JSON.stringify(change.credential_json)) }
        : {}),
      time_updated: await nextTimeUpdated(db, 'credentials', id),
    })
    .where('id', '=', id)
    .execute();
}

/** Who may use a credential (D13), and its maker when `userId` is given. */
export async function setCredentialSharing(
  db: Db,
  id: number,
  sharing: { admin_public: boolean; curator_public: boolean; user_id?: string | null },
): Promise<void> {
  await db
    .updateTable('credentials')
    .set({
      admin_public: sharing.admin_public ? 1 : 0,
      curator_public: sharing.curator_public ? 1 : 0,
      ...(sharing.user_id !== undefined ? { user_id: sharing.user_id } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** A credential's groups, replaced: the table D13 reads and the column D6 answers. */
export async function setCredentialGroups(db: Db, id: number, groupIds: readonly number[]) {
  const groups = [...new Set(groupIds)];
  await db.deleteFrom('credential_groups').where('credential_id', '=', id).execute();
  for (let start = 0; start < groups.length; start += 500) {
    await db
      .insertInto('credential_groups')
      .values(groups.slice(start, start + 500).map((group_id) => ({ credential_id: id, group_id })))
      .execute();
  }
  await db
    .updateTable('credentials')
    .set({ groups: JSON.stringify(groups) })
    .where('id', '=', id)
    .execute();
}

/** The ids of the connectors a credential is attached to, ascending. */
export async function connectorsUsing(db: Db, id: number): Promise<number[]> {
  const rows = await db
    .selectFrom('connector_credential_pairs')
    .select('connector_id')
    .where('credential_id', '=', id)
    .orderBy('connector_id')
    .execute();
  return rows.map((row) => row.connector_id);
}

/** Deletes the credential and (foreign keys cascade) every pair that holds it. */
export async function deleteCredential(db: Db, id: number): Promise<void> {
  await db.deleteFrom('credentials').where('id', '=', id).execute();
}

/** Each credential in use by a pair (credential 0 aside), with when one of its pairs was last tested. */
export const credentialsLastTested = (db: Db) =>
  db
    .selectFrom('credentials as k')
    .innerJoin('connector_credential_pairs as p', 'p.credential_id', 'k.id')
    .select(['k.id', 'k.name', 'k.source', 'k.time_created'])
    .select((eb) => eb.fn.max('p.last_test_at').as('last_test'))
    .where('k.id', '!=', 0)
    .groupBy(['k.id', 'k.name', 'k.source', 'k.time_created'])
    .execute();

/** Each credential (of `ids`, or every one) with its maker and `curator_public`, a row per group of its (none: a null group). */
export function credentialGroupRows(db: Db, ids?: readonly number[]) {
  let query = db
    .selectFrom('credentials as cr')
    .leftJoin('credential_groups as cg', 'cg.credential_id', 'cr.id')
    .select(['cr.id', 'cr.user_id', 'cr.curator_public', 'cg.group_id']);
  if (ids) query = query.where('cr.id', 'in', ids);
  return query.execute();
}
