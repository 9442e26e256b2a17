// D2: bearer keys, acting with their user's current role; and the panel's
// session cookie (docs/security.md, "Sessions"), which acts the same way.
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { SESSION_COOKIE, SESSION_ENDED, FOREIGN_ORIGIN_REFUSAL } from '../../src/contract/session';
import type { Db, Store } from '../db/database';
import type { LoginFailureLog } from './loginFailures';
import { auditLogFor, recordDenied, type AuditLog } from '../audit/recorder';
import { findUserByKeyHash, hashApiKey, type KeyUser } from './apiKeys';
import { noteKeyUse } from './managedKeys';
import {
  findUserBySessionHash,
  hashSessionToken,
  noteSessionUse,
  sessionUseIsStale,
  type SessionSettings,
} from './sessions';
import { WORKER, type Access } from './access';
import { findWorkerKeyByHash, noteWorkerKeyUse, type WorkerKeyRow } from '../repos/workerKeys';
import type { AuthFailures } from './authFailures';
import { sharedRead } from '../db/sharedRead';
import { BODY_LIMIT, problem, tooLarge } from '../http/problems';
import { clearedSessionCookies, cookieOf, foreignWrite, type PublicAddress } from './sessionCookie';

/** What a request signed in with: a bearer key, or the panel's session cookie; by hash. */
export interface Credential {
  kind: 'key' | 'session';
  hash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: KeyUser;
    /** What the route asked of its caller, and what the caller signed in with. */
    access?: Access;
    credential?: Credential;
    /** The worker key a worker route was called with (D14). */
    workerKey?: WorkerKeyRow;
  }
}

const BEARER = /^Bearer ([^\s]+)$/i;

export const notAuthenticated = () =>
  problem(401, 'Access denied. User is not authenticated.', { 'www-authenticate': 'Bearer' });

/** Past the wrong-key limit (docs/security.md, "Wrong keys"), an address waits: 429. */
export function holdBackWrongKeys(failures: AuthFailures | null, request: FastifyRequest) {
  const wait = failures?.retryAfter(request.ip) ?? 0;
  if (wait > 0) {
    throw problem(
      429,
      `Too many wrong or missing keys from this address: try again in ${wait} seconds.`,
      { 'retry-after': String(wait) },
    );
  }
}

/** A session cookie that no longer opens anything: 401, and the browser forgets it. */
const sessionEnded = (address: PublicAddress) =>
  problem(401, SESSION_ENDED, { 'set-cookie': clearedSessionCookies(address) });

/** A bearer key wins over a cookie: API clients sign in as they always have. */
export function credentialOf(request: FastifyRequest): Credential | undefined {
  const key = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (key) return { kind: 'key', hash: hashApiKey(key) };
  if (request.headers.authorization !== undefined) return undefined;
  const token = cookieOf(request, SESSION_COOKIE);
  return token ? { kind: 'session', hash: hashSessionToken(token) } : undefined;
}

/** Settings the guard needs beyond the store. */
export interface GuardSettings {
  sessions: SessionSettings;
  address: PublicAddress;
}

/**
 * A known key that still may not sign in, and why (401, saying so): its user
 * is deactivated (docs/api.md, "Users"), or it is past its `expires_at` (docs/security.md, "API keys").
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

/** What a remembered key or session depends on: its user (role, active) and the key or session itself. */
const CREDENTIAL_TOPICS = ['people', 'keys'] as const;

/**
 * D2's order: 401, then 403, then 413 for a declared body over the limit.
 * Keys are looked up by hash (a wrong key and an unknown key take the same
 * path), and the answer is remembered only until the users, keys or sessions
 * change (Store.revisions; any process or instance), so a demotion, a
 * revocation or a sign-out counts from the very next request, while writes to
 * anything else keep it.
 */
export function createGuard(
  store: Store,
  settings: GuardSettings,
  failures: AuthFailures | null = null,
  loginFailures: LoginFailureLog | null = null,
): Guard {
  const { sessions, address } = settings;
  const remembered = new Map<string, { revision: string; user: KeyUser | undefined }>();
  const find = (db: Db, credential: Credential) =>
    credential.kind === 'key'
      ? findUserByKeyHash(db, credential.hash)
      : findUserBySessionHash(db, credential.hash, sessions);
  const userFor = async (credential: Credential, revision: string) => {
    const id = `${credential.kind}:${credential.hash}`;
    const known = remembered.get(id);
    // A session also ends with time: a remembered one is asked again once it is a minute old.
    if (known?.revision === revision && !(known.user && staleSession(known.user))) {
      return known.user;
    }
    const user = await find(store.db, credential);
    if (remembered.size >= MAX_REMEMBERED_KEYS) remembered.clear();
    remembered.set(id, { revision, user });
    return user;
  };
  // A worker key by its hash: the requests that arrive while one look-up is on
  // its way share the next one (begun after they arrived, so each still sees
  // a revocation made before it came): 8 workers claiming at once ask twice,
  // not eight times.
  const workerKeyReads = new Map<string, () => Promise<WorkerKeyRow | undefined>>();
  const workerKeyOf = (hash: string) => {
    let read = workerKeyReads.get(hash);
    if (!read) {
      if (workerKeyReads.size >= MAX_REMEMBERED_KEYS) workerKeyReads.clear();
      read = sharedRead(() => findWorkerKeyByHash(store.db, hash));
      workerKeyReads.set(hash, read);
    }
    return read();
  };
  return (access) =>
    Object.assign(
      async (request: FastifyRequest, _reply: FastifyReply) => {
        if (access === WORKER) {
          await admitWorker(store.db, request, failures, workerKeyOf, async (credential) =>
            userFor(credential, await store.revisions(CREDENTIAL_TOPICS)),
          );
        } else if (access) {
          const credential = credentialOf(request);
          const user = credential
            ? await userFor(credential, await store.revisions(CREDENTIAL_TOPICS))
            : undefined;
          if (!user) {
            holdBackWrongKeys(failures, request);
            failures?.record(request.ip);
            if (credential?.kind === 'session') throw sessionEnded(address);
            await loginFailures?.record(request);
            throw notAuthenticated();
          }
          const ended = refusedKey(user);
          if (ended) throw ended;
          await noteUse(store.db, request, credential!, user);
          if (!access.roles.includes(user.role)) {
            await recordDenied(store.db, request, user);
            throw problem(403, access.refusal);
          }
          if (credential!.kind === 'session' && foreignWrite(request, address)) {
            await recordDenied(store.db, request, user);
            throw problem(403, FOREIGN_ORIGIN_REFUSAL);
          }
          request.user = user;
          request.access = access;
          request.credential = credential;
        }
        // D11's limit, or the route's own (an import's bundle).
        const limit = request.routeOptions.bodyLimit ?? BODY_LIMIT;
        if (Number(request.headers['content-length'] ?? 0) > limit) throw tooLarge(limit);
      },
      { access },
    );
}

/**
 * D14: a worker route lets only a live worker key through. A user's key (or
 * session) is known but may not: 403; anything else is unknown: 401. A worker
 * key on any other route is not found among the users' keys: 401 there.
 */
async function admitWorker(
  db: Db,
  request: FastifyRequest,
  failures: AuthFailures | null,
  workerKeyOf: (hash: string) => Promise<WorkerKeyRow | undefined>,
  userFor: (credential: Credential) => Promise<KeyUser | undefined>,
) {
  const credential = credentialOf(request);
  const found = credential?.kind === 'key' ? await workerKeyOf(credential.hash) : undefined;
  if (found) {
    // The row may be shared by the requests of one look-up: the use is noted once.
    const lastUse = found.last_used_at === null ? 0 : Date.parse(found.last_used_at);
    const workerKey = { ...found };
    if (Date.now() - lastUse >= USE_NOTED_EVERY_MS) {
      const now = new Date();
      found.last_used_at = now.toISOString();
      await noteWorkerKeyUse(db, workerKey.id, now).catch((error: unknown) =>
        request.log.error({ err: error }, 'a last use could not be noted'),
      );
    }
    request.workerKey = workerKey;
    request.credential = credential;
    return;
  }
  const user = credential ? await userFor(credential) : undefined;
  if (user) throw problem(403, WORKER.refusal);
  holdBackWrongKeys(failures, request);
  failures?.record(request.ip);
  throw notAuthenticated();
}

/** A session's user as found: its last use is older than a minute. */
const staleSession = (user: KeyUser) =>
  'last_seen_at' in user && sessionUseIsStale(user.last_seen_at as string);

/** A key's last use, or a session's (its idle time counts from it), at most once a minute. */
async function noteUse(db: Db, request: FastifyRequest, credential: Credential, user: KeyUser) {
  const failed = (error: unknown) =>
    request.log.error({ err: error }, 'a last use could not be noted');
  if (credential.kind === 'session') {
    if (staleSession(user)) await noteSessionUse(db, credential.hash).catch(failed);
    return;
  }
  const lastUse = user.last_used_at === null ? 0 : Date.parse(user.last_used_at);
  if (user.api_key_id !== null && Date.now() - lastUse >= USE_NOTED_EVERY_MS) {
    const now = new Date();
    // The note does not move the `keys` revision (0037), so the remembered key learns it here.
    await noteKeyUse(db, user.api_key_id, now).then(
      () => (user.last_used_at = now.toISOString()),
      failed,
    );
  }
}

/**
 * The caller asked again inside a transaction (D2): a key revoked, a session
 * ended or a role lost since the guard answered gets 401 or 403. Answers the
 * user, or throws; `onDenied` hears of a 403 (recorded after the rollback).
 */
export async function recheckCaller(
  trx: Db,
  request: FastifyRequest,
  { sessions, address }: GuardSettings,
  onDenied?: (user: KeyUser) => void,
): Promise<KeyUser | undefined> {
  const { access, credential } = request;
  if (!access || !credential) return undefined;
  const user =
    credential.kind === 'key'
      ? await findUserByKeyHash(trx, credential.hash)
      : await findUserBySessionHash(trx, credential.hash, sessions);
  if (!user) throw credential.kind === 'key' ? notAuthenticated() : sessionEnded(address);
  const ended = refusedKey(user);
  if (ended) throw ended;
  if (!access.roles.includes(user.role)) {
    onDenied?.(user);
    throw problem(403, access.refusal);
  }
  request.user = user;
  return user;
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
  (store: Store, settings: GuardSettings): Writer =>
  async (request, work) => {
    let refused: KeyUser | undefined;
    try {
      return await store.db.transaction().execute(async (trx) => {
        await store.beginWrite(trx);
        await recheckCaller(trx, request, settings, (user) => (refused = user));
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
