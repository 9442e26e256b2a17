// Panel sessions (docs/security.md, "Sessions"): the cookie holds a random token, the
// table only its hash. A session ends at its absolute end, after its idle time,
// on sign-out, and with its user's deactivation or deletion.
import { randomBytes } from 'node:crypto';
import { INVITATION_LINK_DAYS } from '../../src/contract/invitationLinks';
import type { Db } from '../db/database';
import {
  deleteSessionByHash,
  deleteSessionsEndedBy,
  findLiveSessionUser,
  insertSession,
  noteSessionSeen,
} from '../repos/sessions';
import { toUser } from '../repos/users';
import { hashApiKey, type KeyUser } from './apiKeys';

export interface SessionSettings {
  /** A session unused this long has ended. */
  idleMs: number;
  /** A session ends this long after it began, however much it is used. */
  lifetimeMs: number;
  /** An invitation's sign-in link opens nothing after this long (default INVITATION_LINK_DAYS). */
  invitationLinkMs?: number;
}

/** The defaults (docs/configuration.md): 8 hours idle, 7 days at most. */
export const DEFAULT_SESSION_SETTINGS: SessionSettings = {
  idleMs: 8 * 60 * 60_000,
  lifetimeMs: 7 * 24 * 60 * 60_000,
};

/** How long an invitation's sign-in link lasts on a server with these settings. */
export const invitationLinkLifetime = (settings: SessionSettings) =>
  settings.invitationLinkMs ?? INVITATION_LINK_DAYS * 24 * 60 * 60_000;

/** The last use is written at most this often, so reads stay reads. */
const SEEN_NOTED_EVERY_MS = 60_000;

/** A token is known by the same hash as a key (SHA-256): 256 random bits need no slower one. */
export const hashSessionToken = hashApiKey;

/**
 * The oldest noted last use a live session can have. A use
 * is noted only when the noted one is a minute old, so the noted one may lag
 * the real last use by up to that minute: a session ends only when even the
 * real last use is past its idle time, never while it is in use.
 */
const liveSince = (settings: SessionSettings, now: number) =>
  new Date(now - settings.idleMs - SEEN_NOTED_EVERY_MS).toISOString();

export interface NewSession {
  userId: string;
  /** `api_key` or `oidc`. */
  how: string;
  address: string | null;
  userAgent: string | null;
}

/** Opens a session and answers its token (for the cookie) and its absolute end. */
export async function openSession(
  db: Db,
  session: NewSession,
  settings: SessionSettings,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + settings.lifetimeMs);
  await insertSession(db, {
    token_hash: hashSessionToken(token),
    user_id: session.userId,
    time_created: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: expiresAt.toISOString(),
    how: session.how,
    address: session.address,
    user_agent: session.userAgent?.slice(0, 512) ?? null,
  });
  return { token, expiresAt };
}

/**
 * The user of a live session (their current role), as a key's user is found:
 * no key (`api_key_id` null), and its last use to note at most once a minute.
 */
export async function findUserBySessionHash(
  db: Db,
  tokenHash: string,
  settings: SessionSettings,
  now = Date.now(),
): Promise<(KeyUser & { last_seen_at: string }) | undefined> {
  const row = await findLiveSessionUser(
    db,
    tokenHash,
    new Date(now).toISOString(),
    liveSince(settings, now),
  );
  if (!row) return undefined;
  return {
    ...toUser(row),
    api_key_id: null,
    // A session's end is checked here; refusedKey has no key's end to check.
    expires_at: null,
    last_used_at: null,
    last_seen_at: row.last_seen_at,
  } as KeyUser & { last_seen_at: string };
}

/** At most once a minute per session: the idle time counts from it. */
export async function noteSessionUse(db: Db, tokenHash: string, now = new Date()) {
  const minuteAgo = new Date(now.getTime() - SEEN_NOTED_EVERY_MS).toISOString();
  await noteSessionSeen(db, tokenHash, now.toISOString(), minuteAgo);
}

export const sessionUseIsStale = (lastSeenAt: string, now = Date.now()) =>
  now - Date.parse(lastSeenAt) >= SEEN_NOTED_EVERY_MS;

/** Ends a session; answers its user's id, or undefined when there was none. */
export const endSession = deleteSessionByHash;

/** Sessions past their end or their idle time: removed by the server once a day (app.ts). */
export async function deleteEndedSessions(db: Db, settings: SessionSettings, now = Date.now()) {
  await deleteSessionsEndedBy(db, new Date(now).toISOString(), liveSince(settings, now));
}
