// Sync jobs in the panel (D14; docs/workers.md): a pair's runs, their errors
// and its documents; run now, prune now, cancel; the workers and worker keys.
// Each change refreshes the runs and the connector health that shows them.
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { RunOnceRequest } from '../contract/sync';
import { apiRequest } from './client';
import { connectorKeys } from './queryKeys';
import { routes } from './routes';

const {
  cancelIndexAttempt,
  createWorkerKey,
  deleteWorkerKey,
  listIndexAttempts,
  listPairDocuments,
  listPairErrors,
  listWorkerKeys,
  listWorkers,
  prunePair,
  runConnectorOnce,
} = routes;

export const syncKeys = {
  all: ['sync'] as const,
  runs: (pairId: number, page: number) => [...syncKeys.all, 'runs', pairId, page] as const,
  errors: (pairId: number, jobId: number) => [...syncKeys.all, 'errors', pairId, jobId] as const,
  documents: (pairId: number, q: string, page: number) =>
    [...syncKeys.all, 'documents', pairId, q, page] as const,
  workers: () => [...syncKeys.all, 'workers'] as const,
  workerKeys: () => [...syncKeys.all, 'worker-keys'] as const,
};

export const RUNS_PAGE_SIZE = 10;
const OPEN_RUN_REFRESH_MS = 5_000;

export const usePairRuns = (pairId: number, page: number) =>
  useQuery(
    queryOptions({
      queryKey: syncKeys.runs(pairId, page),
      queryFn: ({ signal }) =>
        apiRequest(listIndexAttempts, {
          params: { cc_pair_id: pairId },
          query: { page_num: String(page), page_size: String(RUNS_PAGE_SIZE) },
          signal,
        }),
      placeholderData: keepPreviousData,
      // While a run waits or runs, its page is read again every few seconds.
      refetchInterval: (query) =>
        query.state.data?.items.some(
          (run) => run.status === 'not_started' || run.status === 'in_progress',
        )
          ? OPEN_RUN_REFRESH_MS
          : false,
    }),
  );

export const useRunErrors = (pairId: number, jobId: number) =>
  useQuery({
    queryKey: syncKeys.errors(pairId, jobId),
    queryFn: ({ signal }) =>
      apiRequest(listPairErrors, {
        params: { cc_pair_id: pairId },
        query: { index_attempt_id: String(jobId), include_resolved: 'true', page_size: '100' },
        signal,
      }),
  });

export const usePairDocuments = (pairId: number, q: string, page: number) =>
  useQuery({
    queryKey: syncKeys.documents(pairId, q, page),
    queryFn: ({ signal }) =>
      apiRequest(listPairDocuments, {
        params: { cc_pair_id: pairId },
        query: { ...(q ? { q } : {}), page_num: String(page), page_size: String(RUNS_PAGE_SIZE) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useWorkers = () =>
  useQuery({
    queryKey: syncKeys.workers(),
    queryFn: ({ signal }) => apiRequest(listWorkers, { signal }),
  });

export const useWorkerKeys = () =>
  useQuery({
    queryKey: syncKeys.workerKeys(),
    queryFn: ({ signal }) => apiRequest(listWorkerKeys, { signal }),
  });

/** A change to runs: the runs and the connectors' health are read again. */
function useSyncMutation<I, O>(request: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: syncKeys.all }),
        queryClient.invalidateQueries({ queryKey: connectorKeys.statuses() }),
      ]),
  });
}

export const useRunNow = () =>
  useSyncMutation((body: RunOnceRequest) => apiRequest(runConnectorOnce, { body }));

export const usePruneNow = () =>
  useSyncMutation((pairId: number) => apiRequest(prunePair, { params: { cc_pair_id: pairId } }));

export const useCancelRun = () =>
  useSyncMutation((jobId: number) =>
    apiRequest(cancelIndexAttempt, { params: { index_attempt_id: jobId } }),
  );

export const useCreateWorkerKey = () =>
  useSyncMutation((name: string) => apiRequest(createWorkerKey, { body: { name } }));

export const useRevokeWorkerKey = () =>
  useSyncMutation((id: number) => apiRequest(deleteWorkerKey, { params: { worker_key_id: id } }));
