// Signing in to the panel (README, "Sessions").
import * as z from 'zod/mini';
import { signInMethodsSchema, signInRequestSchema } from '../session';
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
