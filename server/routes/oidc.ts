// Single sign-on with OpenID Connect (docs/security.md, "Single sign-on"): the
// authorization code flow with PKCE, state and nonce. Discovery, the provider's
// keys (and their rotation) and every check of the tokens, their signature too,
// are openid-client's; this file decides only who gets in.
//
// GET /auth/oidc/login?next=/path → the provider, with the pending sign-in
// sealed in a cookie of this path (10 minutes, HttpOnly); GET /auth/oidc/callback
// → the session cookie → the page the person was going to. A refusal is a page
// that says why, and leaves no session and no user behind.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import type { UserRole } from '../../src/contract/contract';
import type { AuditLog } from '../audit/recorder';
import { insertAudit } from '../repos/audit';
import { auditRow } from '../audit/recorder';
import type { Db } from '../db/database';
import { ownOrigin, pathCookie, cookieOf } from '../auth/sessionCookie';
import { changeUserRole } from '../auth/keyChanges';
import type { KeyUser } from '../auth/apiKeys';
import { createUser, findPersonByEmail, removeInvitation } from '../repos/users';
import { asCaller, openSessionIn } from './session';
import { safeNext } from '../auth/oidc/nextPath';
import { isKeyAddress } from '../../src/contract/rules';
import { spendState } from '../auth/oidc/usedStates';
import type { RouteContext } from './context';
import {
  issuerProblem,
  OIDC_PATH,
  ROLE_PRECEDENCE,
  type OidcSettings,
} from '../auth/oidc/settings';
import { refusalPage } from '../auth/oidc/refusalPage';

const PENDING_COOKIE = 'sourcedesk_oidc';
const PENDING_MS = 10 * 60_000;

interface Pending {
  state: string;
  nonce: string;
  verifier: string;
  next: string;
  until: number;
}

/** Why a sign-in was refused: words for the page, a reason for the record. */
interface Refusal {
  status: number;
  title: string;
  words: string;
  reason: string;
  email?: string;
}

const notInvited = (email: string): Refusal => ({
  status: 403,
  title: 'Not invited',
  words: `${email} is not invited to Sourcedesk. Ask an administrator to invite this address, then sign in again.`,
  reason: 'not_invited',
  email,
});

/** What both sign-in steps use: the provider's configuration, the callback address, the refusal page. */
function signInSteps(context: RouteContext, settings: OidcSettings) {
  const { address } = context;
  const insecure =
    new URL(settings.issuer).protocol === 'http:' && issuerProblem(settings.issuer) === null;
  let discovered: Promise<client.Configuration> | undefined;
  /** Discovery once, kept; a failure is tried again at the next sign-in. */
  const configuration = () =>
    (discovered ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        { client_secret: settings.clientSecret },
        // HTTP Basic: the method every provider accepts for a confidential client.
        client.ClientSecretBasic(settings.clientSecret),
        {
          // openid-client 6 checks an ID token's signature against the provider's
          // keys only with enableNonRepudiationChecks (it otherwise trusts TLS to the
          // token endpoint); a token signed by another key, or badly, is refused.
          execute: [
            client.enableNonRepudiationChecks,
            ...(insecure ? [client.allowInsecureRequests] : []),
          ],
        },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      }));
  const redirectUri = (request: FastifyRequest) =>
    `${ownOrigin(request, address)}${OIDC_PATH}/callback`;
  const clearPending = pathCookie(PENDING_COOKIE, '', OIDC_PATH, 0, address);

  const refuse = async (request: FastifyRequest, reply: FastifyReply, refusal: Refusal) => {
    const row = auditRow(request, undefined, 'auth.login_failure', 'denied', {
      resource_type: 'auth',
      resource_id: null,
      resource_name: refusal.email ?? null,
      changes: { how: 'oidc', reason: refusal.reason },
    });
    await insertAudit(context.db, row).catch((error: unknown) =>
      request.log.error({ err: error }, 'a refused sign-in could not be recorded'),
    );
    return reply
      .code(refusal.status)
      .header('set-cookie', clearPending)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(refusalPage(refusal.title, refusal.words));
  };
  return { configuration, redirectUri, clearPending, refuse };
}

type SignInSteps = ReturnType<typeof signInSteps>;

/** The first step: off to the provider, with the pending sign-in sealed in a cookie. */
function loginRoute(
  app: FastifyInstance,
  { secrets, address }: RouteContext,
  settings: OidcSettings,
  { configuration, redirectUri, refuse }: SignInSteps,
) {
  app.get(`${OIDC_PATH}/login`, async (request, reply) => {
    const next = safeNext(
      (request.query as Record<string, unknown>).next,
      ownOrigin(request, address),
    );
    let config: client.Configuration;
    try {
      config = await configuration();
    } catch (error) {
      request.log.warn(
        { err: error, issuer: settings.issuer },
        'the OpenID provider could not be reached',
      );
      return refuse(request, reply, {
        status: 503,
        title: 'Sign-in is not available',
        words: `${settings.name} could not be reached. Try again in a moment, or sign in with an API key.`,
        reason: 'provider_unreachable',
      });
    }
    const pending: Pending = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      next,
      until: Date.now() + PENDING_MS,
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(request),
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    const sealed = secrets.seal(JSON.stringify(pending));
    return reply
      .header(
        'set-cookie',
        pathCookie(PENDING_COOKIE, sealed, OIDC_PATH, PENDING_MS / 1000, address),
      )
      .header('cache-control', 'no-store')
      .redirect(url.href, 303);
  });
}

export function oidcRoutes(app: FastifyInstance, context: RouteContext, settings: OidcSettings) {
  const steps = signInSteps(context, settings);
  const { configuration, redirectUri, clearPending, refuse } = steps;
  const { address } = context;
  loginRoute(app, context, settings, steps);

  app.get(`${OIDC_PATH}/callback`, async (request, reply) => {
    const pending = readPending(request, context);
    if (!pending) {
      return refuse(request, reply, {
        status: 400,
        title: 'Sign-in did not complete',
        words:
          'This sign-in was not started in this browser, or took more than 10 minutes. Start again from the sign-in page.',
        reason: 'no_pending_sign_in',
      });
    }
    // Spent before the code is exchanged: a second visit gets nothing from the provider either.
    if (!(await context.write(request, (trx) => spendState(trx, pending.state, pending.until)))) {
      return refuse(request, reply, {
        status: 400,
        title: 'Sign-in did not complete',
        words:
          'This sign-in was already used. Start again from the sign-in page to sign in once more.',
        reason: 'sign_in_reused',
      });
    }
    let claims: client.IDToken;
    try {
      const config = await configuration();
      const query = new URL(request.url, 'http://x').search;
      const tokens = await client.authorizationCodeGrant(
        config,
        new URL(`${redirectUri(request)}${query}`),
        {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        },
      );
      claims = tokens.claims()!;
    } catch (error) {
      // The library's words name the check that failed; no token is logged.
      const why = error instanceof Error ? error.message : String(error);
      request.log.warn({ issuer: settings.issuer, why }, 'a single sign-on was refused');
      return refuse(request, reply, {
        status: 400,
        title: 'Sign-in did not complete',
        words: `${settings.name} did not confirm who you are (${why}). Start again from the sign-in page.`,
        reason: 'provider_answer_refused',
      });
    }
    const email = typeof claims.email === 'string' ? claims.email.trim() : '';
    if (!email || claims.email_verified !== true) {
      return refuse(request, reply, {
        status: 403,
        title: 'No verified e-mail address',
        words: `${settings.name} did not vouch for an e-mail address of yours. Sourcedesk knows people by a verified address.`,
        reason: 'no_verified_email',
        email: email || undefined,
      });
    }
    const role = mappedRole(claims, settings);
    // Checked again (the cookie is sealed, but the rule may have grown since),
    // and before the write: the answer can no longer fail after it.
    const next = safeNext(pending.next, ownOrigin(request, address));
    // Who gets in and their session: one transaction, committed together or not at all.
    const admitted = await context.write(request, async (trx, log) => {
      const outcome = await admit(trx, log, request, { email, role, settings });
      if ('refusal' in outcome) return outcome;
      return { cookies: await openSessionIn(trx, log, request, context, outcome.user, 'oidc') };
    });
    if ('refusal' in admitted) return refuse(request, reply, admitted.refusal);
    return reply
      .header('set-cookie', [clearPending, ...admitted.cookies])
      .header('cache-control', 'no-store')
      .redirect(next, 303);
  });
}

function readPending(request: FastifyRequest, { secrets }: RouteContext): Pending | null {
  const sealed = cookieOf(request, PENDING_COOKIE);
  const text = sealed ? secrets.open(sealed) : null;
  if (!text) return null;
  try {
    const pending = JSON.parse(text) as Pending;
    return pending.until > Date.now() ? pending : null;
  } catch {
    return null;
  }
}

/** The most powerful role the person's claim values map to, if any. */
export function mappedRole(
  claims: Record<string, unknown>,
  settings: OidcSettings,
): UserRole | undefined {
  if (!settings.roleClaim) return undefined;
  const value = claims[settings.roleClaim.claim];
  const values = (Array.isArray(value) ? value : [value]).filter(
    (item): item is string => typeof item === 'string',
  );
  const roles = new Set(values.flatMap((item) => settings.roleClaim!.roles[item] ?? []));
  return ROLE_PRECEDENCE.find((role) => roles.has(role));
}

/**
 * Who gets in, in the sign-in's one transaction: a person already known (and
 * active), an invited address, a verified address of an allowed domain, or one
 * whose claim maps to a role. A new user is made as `basic` (or the mapped
 * role), their invitation ends, and that is a record; a known user's mapped
 * role follows the claim (never leaving no admin).
 */
async function admit(
  trx: Db,
  log: AuditLog,
  request: FastifyRequest,
  { email, role, settings }: { email: string; role: UserRole | undefined; settings: OidcSettings },
): Promise<{ user: KeyUser } | { refusal: Refusal }> {
  // A panel key's own user has a hidden address of this domain: never a person's.
  if (isKeyAddress(email)) {
    return {
      refusal: {
        status: 403,
        title: 'Not a person’s address',
        words: `${email} belongs to an API key, not to a person, and cannot sign in. Sign in with your own address.`,
        reason: 'api_key_address',
        email,
      },
    };
  }
  const known = await findPersonByEmail(trx, email);
  if (known) {
    if (!known.is_active) {
      return {
        refusal: {
          status: 403,
          title: 'Account deactivated',
          words: `${known.email} is deactivated. An administrator can reactivate it.`,
          reason: 'deactivated',
          email: known.email,
        },
      };
    }
    request.user = asCaller(known);
    if (role && role !== known.role && (await changeUserRole(trx, known, role, log)) === null) {
      return { user: asCaller({ ...known, role }) };
    }
    return { user: asCaller(known) };
  }
  const invitation = await removeInvitation(trx, email);
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const allowed = settings.allowedDomains.includes(domain);
  if (!invitation && !allowed && !role) return { refusal: notInvited(email) };
  const user = await createUser(trx, invitation ?? email, role ?? 'basic');
  request.user = asCaller(user);
  await log({
    action: 'user.create',
    resource_type: 'user',
    resource_id: user.id,
    resource_name: user.email,
    changes: {
      role: { before: null, after: user.role },
      how: invitation ? 'invited' : allowed ? 'allowed_domain' : 'role_claim',
    },
  });
  return { user: asCaller(user) };
}
