// Signing in to the panel (docs/security.md, "Sessions"): a key is exchanged once for a
// server-side session held in an HttpOnly cookie, or single sign-on makes one.
// The panel never keeps a key or a session token where scripts can read it.
import * as z from 'zod/mini';

/** `POST /auth/session`: the key to sign in with. */
export const signInRequestSchema = z.object({
  api_key: z.string().check(z.minLength(1), z.describe('The API key to sign in with.')),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** Single sign-on, when configured: the provider's name and where the sign-in starts. */
export const signInProviderSchema = z.object({ name: z.string(), login_url: z.string() });
describeAnswer(signInProviderSchema, {
  name: 'The identity provider’s name, to show on the button.',
  login_url: 'Where the sign-in starts.',
});

/** `GET /auth/methods`: how one may sign in here (no key needed). */
export const signInMethodsSchema = z.object({
  api_key: z.boolean(),
  oidc: z.nullable(signInProviderSchema),
});
describeAnswer(signInMethodsSchema, {
  api_key: 'Whether one may sign in with an API key: always `true`.',
  oidc: 'Single sign-on, when it is set up; `null` otherwise.',
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;

// The cookies' names live without zod (browserNames.ts): the panel's first page reads one.
export { SESSION_COOKIE, SIGNED_IN_COOKIE } from './browserNames';
import { describeAnswer } from './answerWords';

/** A session past its idle time or its lifetime, or signed out elsewhere (401). */
export const SESSION_ENDED = 'Access denied. Your session has ended: sign in again.';
/** A write by cookie from a page of another site (403). */
export const FOREIGN_ORIGIN_REFUSAL =
  "Access denied. A change signed in by the session cookie must come from this server's own pages.";
