import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { auditKeys } from '../api/queryKeys';
import { session } from '../lib/session';

export const SESSION_EXPIRED =
  'Your session has ended (it timed out, you signed out elsewhere, or your account changed). Sign in again.';

/** 4xx answers will not change by asking again; a lost connection or a 5xx may. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/**
 * Every change the API makes writes an activity record, and so does every
 * refused one (docs/api.md, "Activity log"): after any change from the panel,
 * settled either way, the records on screen are fetched again. One rule for
 * every mutation, present and future, instead of one line in each. Here, with
 * the client, rather than with the activity log's hooks: the entry loads this
 * module, and the log's schemas and export belong to its own page.
 */
export const refreshActivityAfterChanges = (queryClient: QueryClient) =>
  queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    if (event.action.type === 'success' || event.action.type === 'error') {
      void queryClient.invalidateQueries({ queryKey: auditKeys.all });
    }
  });

export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401 && session.get().signedIn) {
      session.signOut(SESSION_EXPIRED);
      queryClient.clear();
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: { queries: { retry: shouldRetry, staleTime: 10_000 } },
  });
  refreshActivityAfterChanges(queryClient);
  return queryClient;
}
