import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import type { ConnectorCreateRequest, ConnectorPatchRequest } from '../contract/contract';
import {
  attachResponseSchema,
  connectorCreateResponseSchema,
  connectorDetailSchema,
  connectorListSchema,
  connectorStatusListSchema,
  statusResponseSchema,
} from '../contract/answers';
import { connectorKeys, credentialKeys, type ConnectorFilters } from './queryKeys';

const CONNECTOR_PATH = '/manage/admin/connector';

export const connectorListQuery = (filters: ConnectorFilters = {}) =>
  queryOptions({
    queryKey: connectorKeys.list(filters),
    queryFn: ({ signal }) =>
      apiRequest({
        path: CONNECTOR_PATH,
        query: { credential: filters.credential },
        schema: connectorListSchema,
        signal,
      }),
  });

/** Which connectors run and which are paused (the list's snapshots do not say). */
export const connectorStatusQuery = () =>
  queryOptions({
    queryKey: connectorKeys.statuses(),
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/manage/admin/connector-status',
        schema: connectorStatusListSchema,
        signal,
      }),
  });

export function useCreateConnector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectorCreateRequest) =>
      apiRequest({
        method: 'POST',
        path: CONNECTOR_PATH,
        body,
        schema: connectorCreateResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectorKeys.all }),
  });
}

interface AttachInput {
  connectorId: number;
  credentialId: number;
}

export function useAttachCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ connectorId, credentialId }: AttachInput) =>
      apiRequest({
        method: 'PUT',
        path: `${CONNECTOR_PATH}/${connectorId}/credential/${credentialId}`,
        schema: attachResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectorKeys.all }),
  });
}

export const connectorDetailQuery = (id: number) =>
  queryOptions({
    queryKey: connectorKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest({ path: `${CONNECTOR_PATH}/${id}`, schema: connectorDetailSchema, signal }),
  });

/**
 * Every change to a connector changes the lists (and the credential page's
 * "used by"), so each mutation waits for them to be fetched again.
 */
function useConnectorMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
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
    apiRequest({
      method: 'PATCH',
      path: `${CONNECTOR_PATH}/${id}`,
      body: change,
      schema: connectorDetailSchema,
    }),
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
      return apiRequest({
        method: 'DELETE',
        path: `${CONNECTOR_PATH}/${id}`,
        schema: statusResponseSchema,
      });
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
    apiRequest({
      method: 'DELETE',
      path: `${CONNECTOR_PATH}/${connectorId}/credential/${credentialId}`,
      schema: statusResponseSchema,
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
            await apiRequest({
              method: 'DELETE',
              path: `${CONNECTOR_PATH}/${id}`,
              schema: statusResponseSchema,
            });
          } else {
            await apiRequest({
              method: 'PATCH',
              path: `${CONNECTOR_PATH}/${id}`,
              body: { status: action === 'pause' ? 'PAUSED' : 'ACTIVE' },
              schema: connectorDetailSchema,
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
