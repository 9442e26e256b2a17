import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import {
  attachResponseSchema,
  connectorCreateResponseSchema,
  connectorListSchema,
  type ConnectorCreateRequest,
} from './contract';

export interface ConnectorFilters {
  credential?: number;
}

export const connectorKeys = {
  all: ['connectors'] as const,
  lists: () => [...connectorKeys.all, 'list'] as const,
  list: (filters: ConnectorFilters) => [...connectorKeys.lists(), filters] as const,
};

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

export interface AttachInput {
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
