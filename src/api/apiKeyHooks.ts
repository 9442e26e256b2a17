// API keys in the panel: query keys, the list, and the four changes, each of
// which refreshes the list (and the activity log, as every change does:
// refreshActivityAfterChanges).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeyListSchema, apiKeySchema, type ApiKeyRequest } from '../contract/apiKeys';
import { apiRequest } from './client';
import { statusResponseSchema } from '../contract/contract';

export const apiKeyKeys = {
  all: ['api-keys'] as const,
  lists: () => [...apiKeyKeys.all, 'list'] as const,
};

export const apiKeyListQuery = () =>
  queryOptions({
    queryKey: apiKeyKeys.lists(),
    queryFn: ({ signal }) =>
      apiRequest({ path: '/admin/api-key', schema: apiKeyListSchema, signal }),
  });

export const useApiKeys = () => useQuery(apiKeyListQuery());

function useKeyMutation<I, O>(request: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export const useCreateApiKey = () =>
  useKeyMutation((body: ApiKeyRequest) =>
    apiRequest({ method: 'POST', path: '/admin/api-key', body, schema: apiKeySchema }),
  );

export const useChangeApiKey = () =>
  useKeyMutation(
    ({ id, ...body }: { id: number; name?: string | null; role?: ApiKeyRequest['role'] }) =>
      apiRequest({ method: 'PATCH', path: `/admin/api-key/${id}`, body, schema: apiKeySchema }),
  );

export const useRegenerateApiKey = () =>
  useKeyMutation((id: number) =>
    apiRequest({ method: 'POST', path: `/admin/api-key/${id}/regenerate`, schema: apiKeySchema }),
  );

export const useDeleteApiKey = () =>
  useKeyMutation((id: number) =>
    apiRequest({ method: 'DELETE', path: `/admin/api-key/${id}`, schema: statusResponseSchema }),
  );
