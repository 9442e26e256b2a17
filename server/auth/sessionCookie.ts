// The panel session's cookies (docs/security.md, "Sessions"): reading the token a request
// carries, setting and clearing the cookies, and the Origin rule for writes.
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SIGNED_IN_COOKIE } from '../../src/contract/session';

/** The value of one cookie of the request, or undefined. */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      const value = part.slice(at + 1).trim();
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}

/** Where the server is reached from browsers, and so which cookies are Secure. */
export interface PublicAddress {
  /** `SOURCEDESK_PUBLIC_URL`'s origin; undefined: the request's own Host. */
  origin: string | undefined;
}

/** The origin the server's own pages have, as a browser names it in `Origin`. */
export function ownOrigin(request: FastifyRequest, address: PublicAddress): string {
  return address.origin ?? `${request.protocol}://${request.headers.host ?? ''}`;
}

const secureFor = (address: PublicAddress) => address.origin?.startsWith('https:') ?? false;

function cookie(name: string, value: string, attributes: string[]) {
  return [`${name}=${value}`, 'Path=/', 'SameSite=Lax', ...attributes].join('; ');
}

/** The session's cookie (HttpOnly) and the hint the panel reads, both until the session's end. */
export function sessionCookies(token: string, expiresAt: Date, address: PublicAddress): string[] {
  const lasting = [`Expires=${expiresAt.toUTCString()}`, ...(secureFor(address) ? ['Secure'] : [])];
  return [
    cookie(SESSION_COOKIE, token, ['HttpOnly', ...lasting]),
    cookie(SIGNED_IN_COOKIE, '1', lasting),
  ];
}

/** A short-lived HttpOnly cookie of its own path (single sign-on's pending sign-in); '' with 0 s clears it. */
export function pathCookie(
  name: string,
  value: string,
  path: string,
  maxAgeSeconds: number,
  address: PublicAddress,
): string {
  return [
    `${name}=${value}`,
    `Path=${path}`,
    'SameSite=Lax',
    'HttpOnly',
    `Max-Age=${maxAgeSeconds}`,
    ...(secureFor(address) ? ['Secure'] : []),
  ].join('; ');
}

/** The Set-Cookie values that make the browser forget both cookies. */
export function clearedSessionCookies(address: PublicAddress): string[] {
  const gone = ['Max-Age=0', ...(secureFor(address) ? ['Secure'] : [])];
  return [cookie(SESSION_COOKIE, '', ['HttpOnly', ...gone]), cookie(SIGNED_IN_COOKIE, '', gone)];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A change signed in by the cookie comes from this server's own pages: its
 * `Origin` is the server's (browsers send it with every POST, PUT, PATCH and
 * DELETE). A page of another site cannot make one, even where SameSite=Lax
 * would let the cookie through.
 */
export function foreignWrite(request: FastifyRequest, address: PublicAddress): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  return request.headers.origin !== ownOrigin(request, address);
}
