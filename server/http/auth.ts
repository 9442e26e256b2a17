// D2: bearer keys, acting with their user's current role.
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Db, Store } from '../db/database';
import type { LoginFailureLog } from '../audit/loginFailures';
import { auditLogFor, recordDenied, type AuditLog } from '../audit/recorder';
import { findUserByKeyHash, hashApiKey, type KeyUser } from '../repos/apiKeys';
import { noteKeyUse } from '../repos/managedKeys';
import type { Access } from './access';
import type { AuthFailures } from './authFailures';
import { BODY_LIMIT, problem, tooLarge } from './problems';

declare module 'fastify' {
  interface FastifyRequest {
    user?: KeyUser;
    /** The database revision read when the request was authenticated (Store.revision). */
    revision?: string;
    /** What the route asked of its caller, and the hash of the key they sent. */
    access?: Access;
    keyHash?: string;
  }
}

const BEARER = /^Bearer ([^\s]+)$/i;

export const notAuthenticated = () =>
  problem(401, 'Access denied. User is not authenticated.', { 'www-authenticate': 'Bearer' });

/**
 * A known key that still may not sign in, and why (401, saying so): its user
 * is deactivated (README, "Users"), or it is past its `expires_at` (README, "API keys").
 */
export function refusedKey(user: KeyUser, now = Date.now()) {
  if (!user.is_active) {
    return problem(
      401,
      'Access denied. This account is deactivated: an administrator can reactivate it.',
      {
        'www-authenticate': 'Bearer',
      },
    );
  }
  if (user.expires_at !== null && Date.parse(user.expires_at) <= now) {
    return problem(401, `Access denied. The API key expired at ${user.expires_at}.`, {
      'www-authenticate': 'Bearer',
    });
  }
  return null;
}

const USE_NOTED_EVERY_MS = 60_000;

/** A guard's hook says whom it lets through, so the routes' own list of roles is the only one. */
export type GuardHook = onRequestAsyncHookHandler & { readonly access: Access | null };
export type Guard = (access: Access | null) => GuardHook;

/** The access a route's guard enforces; undefined when the route has no guard. */
export function accessOf(onRequest: unknown): Access | null | undefined {
  const hooks = [onRequest].flat() as unknown[];
  const guard = hooks.find(
    (hook): hook is GuardHook => typeof hook === 'function' && 'access' in hook,
  );
  return guard?.access;
}

/** How many keys' answers are remembered; random wrong keys cannot grow it further. */
const MAX_REMEMBERED_KEYS = 1024;

/**
 * D2's order: 401, then 403, then 413 for a declared body over the limit.
 * Keys are looked up by hash (a wrong key and an unknown key take the same
 * path), and the answer is remembered only until the database changes, so a
 * demotion or a revocation counts from the very next request.
 */
export function createGuard(
  store: Store,
  failures: AuthFailures | null = null,
  loginFailures: LoginFailureLog | null = null,
): Guard {
  const remembered = new Map<string, { revision: string; user: KeyUser | undefined }>();
  const userFor = async (key: string, revision: string) => {
    const keyHash = hashApiKey(key);
    const known = remembered.get(keyHash);
    if (known?.revision === revision) return known.user;
    const user = await findUserByKeyHash(store.db, keyHash);
    if (remembered.size >= MAX_REMEMBERED_KEYS) remembered.clear();
    remembered.set(keyHash, { revision, user });
    return user;
  };
  return (access) =>
    Object.assign(
      async (request: FastifyRequest, _reply: FastifyReply) => {
        if (access) {
          const key = BEARER.exec(request.headers.authorization ?? '')?.[1];
          // Read once per request: it is the costly part of a cached answer.
          const revision = await store.revision();
          request.revision = revision;
          const user = key ? await userFor(key, revision) : undefined;
          if (!user) {
            const wait = failures?.retryAfter(request.ip) ?? 0;
            if (wait > 0) {
              throw problem(
                429,
                `Too many wrong or missing keys from this address: try again in ${wait} seconds.`,
                { 'retry-after': String(wait) },
              );
            }
            failures?.record(request.ip);
            await loginFailures?.record(request);
            throw notAuthenticated();
          }
          const ended = refusedKey(user);
          if (ended) throw ended;
          const lastUse = user.last_used_at === null ? 0 : Date.parse(user.last_used_at);
          if (Date.now() - lastUse >= USE_NOTED_EVERY_MS) {
            await noteKeyUse(store.db, user.api_key_id, new Date()).catch((error: unknown) =>
              request.log.error({ err: error }, "a key's last use could not be noted"),
            );
          }
          if (!access.roles.includes(user.role)) {
            await recordDenied(store.db, request, user);
            throw problem(403, access.refusal);
          }
          request.user = user;
          request.access = access;
          request.keyHash = hashApiKey(key!);
        }
        if (Number(request.headers['content-length'] ?? 0) > BODY_LIMIT) throw tooLarge();
      },
      { access },
    );
}

export type Writer = <T>(
  request: FastifyRequest,
  work: (trx: Db, log: AuditLog) => Promise<T>,
) => Promise<T>;

/**
 * A write's one transaction (D11), which first asks again who the caller is
 * (D2): the guard answered when the headers came, but the body may arrive up to
 * 30 s later. Inside the transaction (which holds the write lock) a key revoked
 * or a role lost meanwhile gets 401 or 403, and nothing changes. The work is
 * given the activity log bound to this transaction: a change and its record
 * are committed together or not at all; a refusal is recorded after the rollback.
 */
export const createWriter =
  (store: Store): Writer =>
  async (request, work) => {
    let refused: KeyUser | undefined;
    try {
      return await store.db.transaction().execute(async (trx) => {
        await store.beginWrite(trx);
        const { access, keyHash } = request;
        if (access && keyHash) {
          const user = await findUserByKeyHash(trx, keyHash);
          if (!user) throw notAuthenticated();
          const ended = refusedKey(user);
          if (ended) throw ended;
          if (!access.roles.includes(user.role)) {
            refused = user;
            throw problem(403, access.refusal);
          }
          request.user = user;
        }
        return work(trx, auditLogFor(trx, request));
      });
    } catch (error) {
      if (refused) await recordDenied(store.db, request, refused);
      throw error;
    } finally {
      // The store learns that a write ended (PostgreSQL: the next request reads the revision once).
      store.wrote?.();
    }
  };
