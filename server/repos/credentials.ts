import type { Credential, DocumentSource } from '../../src/api/contract';
import type { Db } from '../db/database';
import { maskObject } from '../mask';

export interface CredentialInput {
  source: DocumentSource;
  name: string | null;
  credential_json: Record<string, unknown>;
  admin_public?: boolean;
  curator_public?: boolean;
  groups?: number[];
  user_id?: string | null;
}

export async function createCredential(db: Db, input: CredentialInput): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('credentials')
    .values({
      source: input.source,
      name: input.name,
      credential_json: JSON.stringify(input.credential_json),
      admin_public: input.admin_public === false ? 0 : 1,
      curator_public: input.curator_public ? 1 : 0,
      groups: JSON.stringify(input.groups ?? []),
      user_id: input.user_id ?? null,
      time_created: now,
      time_updated: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The credential list of D6, ordered by id, with every secret masked. */
export async function listCredentials(db: Db): Promise<Credential[]> {
  const rows = await db
    .selectFrom('credentials')
    .leftJoin('users', 'users.id', 'credentials.user_id')
    .selectAll('credentials')
    .select('users.email as user_email')
    .orderBy('credentials.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    source: row.source as DocumentSource,
    name: row.name,
    credential_json: maskObject(JSON.parse(row.credential_json) as Record<string, unknown>),
    admin_public: row.admin_public === 1,
    curator_public: row.curator_public === 1,
    groups: JSON.parse(row.groups) as number[],
    user_id: row.user_id,
    user_email: row.user_email,
    time_created: row.time_created,
    time_updated: row.time_updated,
  }));
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
