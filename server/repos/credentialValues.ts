// A stored credential's values, opened, for a connection test to send to the
// source it is for. Nothing else opens them: every answer masks them (D6), and
// they are never logged.
import type { DocumentSource } from '../../src/contract/contract';
import type { SecretBox } from '../crypto/secretBox';
import type { Db } from '../db/database';

export interface OpenedCredential {
  id: number;
  /** Who made it (null for credential 0, or when its maker was removed). */
  user_id: string | null;
  source: DocumentSource;
  values: Record<string, unknown>;
}

export async function openCredentialValues(
  db: Db,
  secrets: SecretBox,
  id: number,
): Promise<OpenedCredential | undefined> {
  const row = await db
    .selectFrom('credentials')
    .select(['source', 'credential_json', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const json = secrets.open(row.credential_json);
  if (json === null) throw new Error(`credential ${id} cannot be opened with this key`);
  return {
    id,
    user_id: row.user_id,
    source: row.source as DocumentSource,
    values: JSON.parse(json) as Record<string, unknown>,
  };
}

/**
 * New values merged into the stored ones (JSON merge patch, RFC 7396, on a
 * flat object): a value sets its key, null removes it, a key not named stays.
 * Written here rather than taken from a package: the values are one level deep,
 * so the whole rule is this loop.
 */
export function mergedValues(
  stored: Readonly<Record<string, unknown>>,
  changes: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
