// The panel's side of testing a connection: mutations, since each request is
// sent when the user asks for it (and the first may carry secrets).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import type { ConnectionTestRequest } from '../contract/connectionTest';
import { routes } from './routes';
import { connectorKeys } from './queryKeys';

const { testConnection, testPair } = routes;

/**
 * Tries a source, config and credential without saving anything: the server
 * writes nothing, so there is nothing to invalidate afterwards.
 */
export function useTestConnection() {
  return useMutation({
    mutationFn: (body: ConnectionTestRequest) => apiRequest(testConnection, { body }),
  });
}

/**
 * Tests a saved connector–credential pair now; the server keeps the result on
 * the pair, so the connector's page is fetched again (and waited for) to show it.
 */
export function useTestPair(connectorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pairId: number) => apiRequest(testPair, { params: { cc_pair_id: pairId } }),
    // The pair's health changes with its test: the connector and every status view.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: connectorKeys.detail(connectorId) }),
        queryClient.invalidateQueries({ queryKey: connectorKeys.statuses() }),
      ]),
  });
}
