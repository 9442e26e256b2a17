// Signing in to the panel (docs/security.md, "Sessions"): a key exchanged once for a
// session cookie, sign-out that ends the session on the server, and how one
// may sign in here. Bearer keys keep working unchanged for API clients.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FOREIGN_ORIGIN_REFUSAL, type SignInMethods } from '../../src/contract/session';
import { recordDenied } from '../audit/recorder';
import { credentialOf, holdBackWrongKeys, notAuthenticated, refusedKey } from '../auth/guard';
import { problem } from '../http/problems';
import { clearedSessionCookies, ownOrigin, sessionCookies } from '../auth/sessionCookie';
import { findUserByKeyHash, hashApiKey, type KeyUser } from '../auth/apiKeys';
import { endSession, findUserBySessionHash, openSession } from '../auth/sessions';
import { OIDC_PATH } from '../auth/oidc/settings';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';
import { getSignInMethods, signIn, signOut } from '../../src/contract/endpoints/session';
import type { Db } from '../db/database';
import type { AuditLog } from '../audit/recorder';
import type { User } from '../repos/users';

/** How a session was opened: a key, single sign-on, or an invitation's sign-in link. */
export type SessionHow = 'api_key' | 'oidc' | 'invitation_link';

export interface SessionRouteOptions {
  /** The provider's name for "Sign in with …"; undefined: no single sign-on. */
  oidcName: string | undefined;
}

/**
 * A sign-in or sign-out sent from a page must come from this server's own
 * (a page elsewhere cannot sign a browser in as someone else). API clients
 * send no Origin and are let through.
 */
export async function refuseForeignPage(
  request: FastifyRequest,
  context: RouteContext,
  actor?: KeyUser,
) {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== ownOrigin(request, context.address)) {
    await recordDenied(context.db, request, actor);
    throw problem(403, FOREIGN_ORIGIN_REFUSAL);
  }
}

/** A person signing in in the panel, as the caller of their session: no key. */
export const asCaller = (user: User): KeyUser => ({
  ...user,
  api_key_id: null,
  expires_at: null,
  last_used_at: null,
});

/**
 * Opens a session for `user` inside a write's transaction `trx`, with its
 * record, and answers the Set-Cookie values that hand it to the browser: a
 * sign-in that also makes or changes the user opens its session in the same
 * transaction, so the two are committed together or not at all.
 */
export async function openSessionIn(
  trx: Db,
  log: AuditLog,
  request: FastifyRequest,
  context: RouteContext,
  user: KeyUser,
  how: SessionHow,
): Promise<string[]> {
  request.user = user;
  const { token, expiresAt } = await openSession(
    trx,
    { userId: user.id, how, address: request.ip, userAgent: request.headers['user-agent'] ?? null },
    context.sessions,
  );
  await log({ action: 'auth.login', resource_type: 'auth', resource_id: null, changes: { how } });
  return sessionCookies(token, expiresAt, context.address);
}

/** Opens a session for `user` in a write of its own (see openSessionIn). */
export async function startSession(
  request: FastifyRequest,
  context: RouteContext,
  user: KeyUser,
  how: SessionHow,
): Promise<string[]> {
  request.user = user;
  return context.write(request, (trx, log) => openSessionIn(trx, log, request, context, user, how));
}

export function sessionRoutes(
  app: FastifyInstance,
  context: RouteContext,
  options: SessionRouteOptions,
) {
  const { db, guard, address, authFailures, loginFailures } = context;
  const route = declaredRoutes(app, guard);

  route(getSignInMethods, async (): Promise<SignInMethods> => ({
    api_key: true,
    oidc: options.oidcName ? { name: options.oidcName, login_url: `${OIDC_PATH}/login` } : null,
  }));

  // A key, once, for a session: the panel then holds no key at all.
  route(
    signIn,
    async ({ body }, request, reply) => {
      const user = await findUserByKeyHash(db, hashApiKey(body.api_key.trim()));
      if (!user) {
        // As the guard does: a wrong key counts, and past the limit waits; a right one never does.
        holdBackWrongKeys(authFailures, request);
        authFailures?.record(request.ip);
        await loginFailures.record(request);
        throw notAuthenticated();
      }
      const ended = refusedKey(user);
      if (ended) throw ended;
      const cookies = await startSession(request, context, user, 'api_key');
      return reply.code(204).header('set-cookie', cookies).send();
    },
    { first: (request) => refuseForeignPage(request, context) },
  );

  // Signing out ends the session on the server: its cookie opens nothing anywhere after.
  route(signOut, async (_input, request, reply) => {
    const credential = credentialOf(request);
    const user =
      credential?.kind === 'session'
        ? await findUserBySessionHash(db, credential.hash, context.sessions)
        : undefined;
    await refuseForeignPage(request, context, user);
    if (credential?.kind === 'session') {
      if (user) request.user = user;
      await context.write(request, async (trx, log) => {
        const ended = await endSession(trx, credential.hash);
        if (ended && user) {
          await log({ action: 'auth.logout', resource_type: 'auth', resource_id: null });
        }
      });
    }
    return reply.code(204).header('set-cookie', clearedSessionCookies(address)).send();
  });
}
