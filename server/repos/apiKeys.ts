// API keys in the store (D2): what the background watch reads of them.
import type { Db } from '../db/database';

/** The keys not revoked that end after `nowIso` (those with an end date only). */
export const liveKeysWithEnd = (db: Db, nowIso: string) =>
  db
    .selectFrom('api_keys')
    .select(['id', 'name', 'expires_at'])
    .where('time_revoked', 'is', null)
    .where('expires_at', 'is not', null)
    .where('expires_at', '>', nowIso)
    .execute();
