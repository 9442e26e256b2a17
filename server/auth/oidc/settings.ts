// Single sign-on's settings (docs/security.md, "Single sign-on"), read from the environment.
import * as z from 'zod';
import { USER_ROLES, type UserRole } from '../../../src/contract/contract';

/** Where single sign-on's two addresses live: `…/login` and `…/callback` (not under /api). */
export const OIDC_PATH = '/auth/oidc';

export interface OidcSettings {
  /** `SOURCEDESK_OIDC_ISSUER`: found by discovery (`/.well-known/openid-configuration`). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The words of "Sign in with …" (`SOURCEDESK_OIDC_NAME`, default the issuer's host). */
  name: string;
  /** Verified addresses of these domains get in as `basic` without an invitation. */
  allowedDomains: readonly string[];
  /** A claim (e.g. `groups`) whose values name roles, and which value gives which role. */
  roleClaim: { claim: string; roles: Readonly<Record<string, UserRole>> } | undefined;
}

/** When several of a person's claim values name roles, the most powerful wins. */
export const ROLE_PRECEDENCE: readonly UserRole[] = [
  'admin',
  'global_curator',
  'curator',
  'basic',
  'ext_perm_user',
  'slack_user',
  'limited',
];

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An issuer is https, or http on this machine only (a provider for tests or a trial). */
export const issuerProblem = (text: string): string | null => {
  if (!URL.canParse(text)) return 'must be the URL of the OpenID provider (its issuer)';
  const url = new URL(text);
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return null;
  return 'must be an https URL (http only for a provider on this machine, 127.0.0.1 or localhost)';
};

const roleMapSchema = z.record(z.string().min(1), z.enum(USER_ROLES));

/** SOURCEDESK_OIDC_* as the environment has them (empty taken for unset), or the problems. */
export function readOidcSettings(env: Record<string, string | undefined>): {
  settings?: OidcSettings;
  problems: { variable: string; message: string }[];
} {
  const problems: { variable: string; message: string }[] = [];
  const need = [
    'SOURCEDESK_OIDC_ISSUER',
    'SOURCEDESK_OIDC_CLIENT_ID',
    'SOURCEDESK_OIDC_CLIENT_SECRET',
  ];
  const given = need.filter((name) => env[name]);
  const extras = [
    'SOURCEDESK_OIDC_NAME',
    'SOURCEDESK_OIDC_ALLOWED_DOMAINS',
    'SOURCEDESK_OIDC_ROLE_CLAIM',
    'SOURCEDESK_OIDC_ROLE_MAP',
  ].filter((name) => env[name]);
  if (given.length === 0) {
    for (const variable of extras) {
      problems.push({
        variable,
        message: 'needs SOURCEDESK_OIDC_ISSUER, _CLIENT_ID and _CLIENT_SECRET',
      });
    }
    return { problems };
  }
  for (const variable of need.filter((name) => !env[name])) {
    problems.push({ variable, message: 'is needed with the other SOURCEDESK_OIDC_ settings' });
  }
  const issuer = env.SOURCEDESK_OIDC_ISSUER ?? '';
  const issuerWrong = issuer ? issuerProblem(issuer) : null;
  if (issuerWrong) problems.push({ variable: 'SOURCEDESK_OIDC_ISSUER', message: issuerWrong });

  const allowedDomains = (env.SOURCEDESK_OIDC_ALLOWED_DOMAINS ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  for (const domain of allowedDomains) {
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain)) {
      problems.push({
        variable: 'SOURCEDESK_OIDC_ALLOWED_DOMAINS',
        message: `"${domain}" is not a domain (a comma-separated list such as example.com,example.org)`,
      });
    }
  }

  let roleClaim: OidcSettings['roleClaim'];
  const claim = env.SOURCEDESK_OIDC_ROLE_CLAIM;
  const map = env.SOURCEDESK_OIDC_ROLE_MAP;
  if (Boolean(claim) !== Boolean(map)) {
    problems.push({
      variable: claim ? 'SOURCEDESK_OIDC_ROLE_MAP' : 'SOURCEDESK_OIDC_ROLE_CLAIM',
      message: 'SOURCEDESK_OIDC_ROLE_CLAIM and SOURCEDESK_OIDC_ROLE_MAP go together',
    });
  } else if (claim && map) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(map);
    } catch {
      parsed = undefined;
    }
    const roles = roleMapSchema.safeParse(parsed);
    if (roles.success) roleClaim = { claim, roles: roles.data };
    else {
      problems.push({
        variable: 'SOURCEDESK_OIDC_ROLE_MAP',
        message: `must be a JSON object from claim values to roles (${USER_ROLES.join(', ')}), e.g. {"sourcedesk-admins": "admin"}`,
      });
    }
  }
  if (problems.length > 0) return { problems };
  return {
    problems,
    settings: {
      issuer,
      clientId: env.SOURCEDESK_OIDC_CLIENT_ID!,
      clientSecret: env.SOURCEDESK_OIDC_CLIENT_SECRET!,
      name: env.SOURCEDESK_OIDC_NAME || new URL(issuer).host,
      allowedDomains,
      roleClaim,
    },
  };
}
