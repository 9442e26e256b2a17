// Panel sessions (server/auth/sessions.ts holds their rules: the ends, the
// idle time, how often a use is noted): each kept by its token's hash.
import type { Db } from '../db/database';
import type { SessionTable } from '../db/schema';
import { USER_COLUMNS } from './users';

/** A new session's row: every column of the table (server/db/schema.ts). */
export type NewSessionRow = SessionTable;

export async function insertSession(db: Db, session: NewSessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/**
 * The user (as stored) of the session with this hash, when it ends after `now`
 * and its noted last use is after `seenSince`; with that last use.
 */
export async function findLiveSessionUser(
  db: Db,
  tokenHash: string,
  now: string,
  seenSince: string,
) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([...USER_COLUMNS, 'sessions.expires_at', 'sessions.last_seen_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .where('sessions.last_seen_at', '>', seenSince)
    .executeTakeFirst();
}

/** Notes the session's use at `at`, unless its noted last use is at or after `notedBefore`. */
export async function noteSessionSeen(
  db: Db,
  tokenHash: string,
  at: string,
  notedBefore: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: at })
    .where('token_hash', '=', tokenHash)
    .where('last_seen_at', '<', notedBefore)
    .execute();
}

/** Deletes the session with this hash; its user's id, or undefined when there was none. */
export async function deleteSessionByHash(db: Db, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('sessions')
    .where('token_hash', '=', tokenHash)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Deletes every session that ends at or before `now` or was last used at or before `seenBy`. */
export async function deleteSessionsEndedBy(db: Db, now: string, seenBy: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', seenBy)]))
    .execute();
}
