import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { refreshActivityAfterChanges } from '../api/auditHooks';
import { ApiError } from '../api/client';
import { session } from '../lib/session';

export const SESSION_EXPIRED =
  'Your session has ended (it timed out, you signed out elsewhere, or your account changed). Sign in again.';

/** 4xx answers will not change by asking again; a lost connection or a 5xx may. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

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
