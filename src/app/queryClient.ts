import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { refreshActivityAfterChanges } from '../api/auditHooks';
import { ApiError } from '../api/client';
import { session } from '../lib/session';

export const SESSION_EXPIRED =
  'The server did not accept your API key (it may have been revoked). Sign in again with a valid key.';

/** 4xx answers will not change by asking again; a lost connection or a 5xx may. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401 && session.get().apiKey) {
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
