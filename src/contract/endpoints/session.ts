// Signing in to the panel (docs/security.md, "Sessions").
import * as z from 'zod/mini';
import { signInMethodsSchema, signInRequestSchema } from '../session';
import { useInvitationRequestSchema } from '../invitationLinks';
import { endpoint } from '../endpoint';

const SESSION = '/auth/session';

export const getSignInMethods = endpoint({
  method: 'GET',
  path: '/auth/methods',
  summary: 'How one may sign in to the panel: a key always, single sign-on when configured.',
  access: 'public',
  answer: signInMethodsSchema,
  errors: [],
});

export const signIn = endpoint({
  method: 'POST',
  path: SESSION,
  summary:
    'Sign in to the panel with a key: 204 and an HttpOnly session cookie (401 for a wrong key, 403 from a page of another site).',
  access: 'public',
  body: signInRequestSchema,
  answer: z.null(),
  action: 'auth.login',
  noContent: true,
  errors: [401, 403, 415, 422, 429, 503],
});

export const signOut = endpoint({
  method: 'DELETE',
  path: SESSION,
  summary:
    'Sign out: the session ends on the server and the browser is told to forget its cookies (204, also when there was none).',
  access: 'public',
  answer: z.null(),
  action: 'auth.logout',
  noContent: true,
  errors: [403, 503],
});

export const signInWithInvitation = endpoint({
  method: 'POST',
  path: '/auth/invitation',
  summary:
    'Sign in with the token of an invitation’s sign-in link (servers without single sign-on): 204 and a session cookie for the invited person, made a user as `basic`. Each link signs in once; a used, expired, withdrawn or unknown one answers 410 in words and opens nothing.',
  access: 'public',
  body: useInvitationRequestSchema,
  answer: z.null(),
  action: 'auth.login',
  noContent: true,
  errors: [403, 410, 415, 422, 429, 503],
});
