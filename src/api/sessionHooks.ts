// Signing in and out of the panel (docs/security.md, "Sessions"): a key is exchanged once
// for the session cookie (kept by the browser, out of every script's reach);
// signing out ends the session on the server. How one may sign in is asked
// without a key.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { session } from '../lib/session';
import { apiRequest } from './client';
import { signInMethodsSchema } from '../contract/session';

export const signInMethodsQuery = () =>
  queryOptions({
    queryKey: ['auth', 'methods'] as const,
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/auth/methods',
        schema: signInMethodsSchema,
        authenticated: false,
        signal,
      }),
    staleTime: Infinity,
  });

export const useSignInMethods = () => useQuery(signInMethodsQuery());

/** A 204 has no body. */
const noBody = z.null();

/** The key, once, for a session; what a previous session left in the cache goes. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'sign-in'],
    mutationFn: (apiKey: string) =>
      apiRequest({
        method: 'POST',
        path: '/auth/session',
        body: { api_key: apiKey.trim() },
        schema: noBody,
        authenticated: false,
      }),
    onSuccess: () => {
      queryClient.clear();
      session.signedIn();
    },
  });
}

/** The session ends on the server; the tab forgets its drafts whatever the answer. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'sign-out'],
    mutationFn: () => apiRequest({ method: 'DELETE', path: '/auth/session', schema: noBody }),
    onSettled: () => {
      session.signOutAndForget();
      queryClient.clear();
    },
  });
}
