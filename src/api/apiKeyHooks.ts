// API keys in the panel: query keys, the list, and the four changes, each of
// which refreshes the list (and the activity log, as every change does:
// refreshActivityAfterChanges).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyRequest } from '../contract/apiKeys';
import { routes } from './routes';
import { apiRequest } from './client';

const { createApiKey, deleteApiKey, listApiKeys, regenerateApiKey, updateApiKey } = routes;

export const apiKeyKeys = {
  all: ['api-keys'] as const,
  lists: () => [...apiKeyKeys.all, 'list'] as const,
};

export const apiKeyListQuery = () =>
  queryOptions({
    queryKey: apiKeyKeys.lists(),
    queryFn: ({ signal }) => apiRequest(listApiKeys, { signal }),
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
  useKeyMutation((body: ApiKeyRequest) => apiRequest(createApiKey, { body }));

export const useChangeApiKey = () =>
  useKeyMutation(
    ({ id, ...body }: { id: number; name?: string | null; role?: ApiKeyRequest['role'] }) =>
      apiRequest(updateApiKey, { params: { api_key_id: id }, body }),
  );

export const useRegenerateApiKey = () =>
  useKeyMutation((id: number) => apiRequest(regenerateApiKey, { params: { api_key_id: id } }));

export const useDeleteApiKey = () =>
  useKeyMutation((id: number) => apiRequest(deleteApiKey, { params: { api_key_id: id } }));
