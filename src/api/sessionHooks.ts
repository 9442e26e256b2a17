// Signing in and out of the panel (docs/security.md, "Sessions"): a key is exchanged once
// for the session cookie (kept by the browser, out of every script's reach);
// signing out ends the session on the server. How one may sign in is asked
// without a key.
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { describeError } from '../lib/describeError';
import { session, type SignInLink } from '../lib/session';
import { apiRequest, setFirstReadsKey } from './client';
import { routes } from './routes';

const { getSignInMethods, signIn, signOut, signInWithInvitation } = routes;

export const signInMethodsQuery = () =>
  queryOptions({
    queryKey: ['auth', 'methods'] as const,
    queryFn: ({ signal }) => apiRequest(getSignInMethods, { signal }),
    staleTime: Infinity,
    // Asked without a session: signing out keeps it.
    meta: { withoutSession: true },
  });

export const useSignInMethods = () => useQuery(signInMethodsQuery());

/** The key, once, for a session; what a previous session left in the cache goes. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'sign-in'],
    mutationFn: (apiKey: string) => apiRequest(signIn, { body: { api_key: apiKey.trim() } }),
    onSuccess: () => {
      queryClient.clear();
      session.signedIn();
    },
  });
}

const exchanges = new WeakMap<SignInLink, Promise<void>>();

/**
 * A sign-in link (a key, or an invitation's token) exchanged for a session,
 * once per link: the entry starts it before the first render, so the first
 * page's requests can follow the moment the session is open, and the shell's
 * wait (App's LinkSignIn) shares it. Settles either way: a link the server
 * refuses signs the tab out, saying why, for the sign-in page.
 */
export function exchangeSignInLink(
  queryClient: QueryClient,
  link: SignInLink,
  /** The entry's fresh cache, holding only the first reads this link's key signed: kept. */
  keepCache = false,
): Promise<void> {
  const started = exchanges.get(link);
  if (started) return started;
  const asked =
    'key' in link
      ? apiRequest(signIn, { body: { api_key: link.key.trim() } })
      : apiRequest(signInWithInvitation, { body: { token: link.invitation } });
  // Settled either way, the key that signed the first reads meanwhile goes.
  const settled = asked.finally(() => setFirstReadsKey(null));
  const exchange = settled.then(
    () => {
      // What a previous session left in the cache goes.
      if (!keepCache) queryClient.clear();
      session.signedIn();
    },
    (error: unknown) =>
      session.signOut(
        'key' in link
          ? `The key of the sign-in link was not accepted: ${describeError(error)}`
          : describeError(error),
      ),
  );
  exchanges.set(link, exchange);
  return exchange;
}

/** An invitation's sign-in link, once, for a session of the invited person. */
export function useInvitationSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'invitation'],
    mutationFn: (token: string) => apiRequest(signInWithInvitation, { body: { token } }),
    onSuccess: () => {
      queryClient.clear();
      session.signedIn();
    },
  });
}

/** A query that needs the session: every one but those the sign-in page asks without one. */
const needsSession = (query: Query) => query.meta?.withoutSession !== true;

/**
 * The session ends on the server; the tab forgets its drafts whatever the
 * answer. Nothing is asked for once Sign out is pressed: the tab signs out
 * first (its pages, and the queries they watch, go), what is on its way is
 * cancelled and the cache emptied, and only then is the session ended, so no
 * refetch races it into a 401.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const forgetSessionQueries = async () => {
    await queryClient.cancelQueries({ predicate: needsSession });
    queryClient.removeQueries({ predicate: needsSession });
  };
  return useMutation({
    mutationKey: ['auth', 'sign-out'],
    onMutate: async () => {
      session.signOutAndForget();
      await forgetSessionQueries();
    },
    mutationFn: () => apiRequest(signOut),
    // Whatever a last render of the pages asked for meanwhile goes too.
    onSettled: async () => {
      await forgetSessionQueries();
      queryClient.getMutationCache().clear();
    },
  });
}
