import type { AttachRequest } from '../contract/groups';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import type { ConnectorCreateRequest, ConnectorPatchRequest } from '../contract/contract';
import { routes } from './routes';
import { connectorKeys, credentialKeys, type ConnectorFilters } from './queryKeys';

const {
  attachCredential,
  createConnector,
  deleteConnector,
  detachCredential,
  getConnector,
  listConnectors,
  updateConnector,
} = routes;

export const connectorListQuery = (filters: ConnectorFilters = {}) =>
  queryOptions({
    queryKey: connectorKeys.list(filters),
    queryFn: ({ signal }) =>
      apiRequest(listConnectors, { query: { credential: filters.credential }, signal }),
  });

export function useCreateConnector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectorCreateRequest) => apiRequest(createConnector, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectorKeys.all }),
  });
}

interface AttachInput {
  connectorId: number;
  credentialId: number;
  /** D7's optional body: the pair's access and groups (D13); none makes it public. */
  body?: AttachRequest;
}

export function useAttachCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ connectorId, credentialId, body }: AttachInput) =>
      apiRequest(attachCredential, {
        params: { connector_id: connectorId, credential_id: credentialId },
        ...(body && { body }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectorKeys.all }),
  });
}

export const connectorDetailQuery = (id: number) =>
  queryOptions({
    queryKey: connectorKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(getConnector, { params: { connector_id: id }, signal }),
  });

/**
 * Every change to a connector changes the lists (and the credential page's
 * "used by"), so each mutation waits for them to be fetched again.
 */
export function useConnectorMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
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

export const useUpdateConnector = () =>
  useConnectorMutation(({ id, change }: { id: number; change: ConnectorPatchRequest }) =>
    apiRequest(updateConnector, { params: { connector_id: id }, body: change }),
  );

/**
 * A deleted connector's own page is not asked for again (it would be a 404):
 * its detail leaves the cache, and only the lists are fetched again.
 */
export function useDeleteConnector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await queryClient.cancelQueries({ queryKey: connectorKeys.detail(id) });
      return apiRequest(deleteConnector, { params: { connector_id: id } });
    },
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: connectorKeys.detail(id) });
      return Promise.all([
        queryClient.invalidateQueries({
          queryKey: connectorKeys.all,
          predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== id,
        }),
        queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
      ]);
    },
  });
}

export const useDetachCredential = () =>
  useConnectorMutation(({ connectorId, credentialId }: AttachInput) =>
    apiRequest(detachCredential, {
      params: { connector_id: connectorId, credential_id: credentialId },
    }),
  );

export type BulkAction = 'pause' | 'resume' | 'delete';
export interface BulkOutcome {
  id: number;
  name: string;
  /** null when done; the server's words otherwise. */
  failure: string | null;
}

/**
 * One action on several connectors, one request each (each is its own
 * transaction), and the lists fetched again once at the end. Every connector
 * gets an outcome: done, or the reason it was not.
 */
export function useBulkConnectors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      action,
      connectors,
    }: {
      action: BulkAction;
      connectors: { id: number; name: string }[];
    }) => {
      const outcomes: BulkOutcome[] = [];
      for (const { id, name } of connectors) {
        try {
          if (action === 'delete') {
            await apiRequest(deleteConnector, { params: { connector_id: id } });
          } else {
            await apiRequest(updateConnector, {
              params: { connector_id: id },
              body: { status: action === 'pause' ? 'PAUSED' : 'ACTIVE' },
            });
          }
          outcomes.push({ id, name, failure: null });
        } catch (error) {
          outcomes.push({
            id,
            name,
            failure: error instanceof Error ? error.message : String(error),
          });
        }
      }
      return outcomes;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectorKeys.all }),
  });
}
