// Single sign-on's settings (README, "Single sign-on"), from the environment.
import type { UserRole } from '../../src/api/contract';

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
