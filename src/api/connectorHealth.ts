// Connector health (issue 25): every pair's status and what needs attention
// (one query, read by the list, the navigation's count, the credentials page),
// and replacing a credential in place, on one connector or on all of them.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import {
  listConnectorStatus,
  replaceCredentialEverywhere,
  swapCredential,
} from '../contract/endpoints/health';
import type { CredentialSwapRequest, ReplaceEverywhereRequest } from '../contract/health';
import { connectorKeys, credentialKeys } from './queryKeys';

/** Every pair with its health (the list filters "Needs attention" from these). */
export const connectorStatusQuery = () =>
  queryOptions({
    queryKey: connectorKeys.statuses(),
    queryFn: ({ signal }) => apiRequest(listConnectorStatus, { query: {}, signal }),
  });

/** A swap changes the pair, its connector and the credentials' use: all are fetched again. */
function useHealthMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: connectorKeys.all }),
        queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
      ]),
  });
}

export const useSwapCredential = () =>
  useHealthMutation((body: CredentialSwapRequest) => apiRequest(swapCredential, { body }));

export const useReplaceEverywhere = () =>
  useHealthMutation(({ id, body }: { id: number; body: ReplaceEverywhereRequest }) =>
    apiRequest(replaceCredentialEverywhere, { params: { credential_id: id }, body }),
  );
