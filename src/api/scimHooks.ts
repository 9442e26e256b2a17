// The identity provider's SCIM token (Settings) and the people it manages (the
// Users page): query keys, reads, and making a token, which refreshes both.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from './routes';
import { apiRequest } from './client';

const { createScimToken, getScimToken, listScimManagedUsers } = routes;

export const scimKeys = {
  all: ['scim'] as const,
  token: () => [...scimKeys.all, 'token'] as const,
  managed: () => [...scimKeys.all, 'managed'] as const,
};

export const scimTokenQuery = () =>
  queryOptions({
    queryKey: scimKeys.token(),
    queryFn: ({ signal }) => apiRequest(getScimToken, { signal }),
  });

export const scimManagedQuery = () =>
  queryOptions({
    queryKey: scimKeys.managed(),
    queryFn: ({ signal }) => apiRequest(listScimManagedUsers, { signal }),
    select: (answer) => new Set(answer.user_ids),
  });

export const useScimToken = () => useQuery(scimTokenQuery());
export const useScimManaged = (enabled = true) => useQuery({ ...scimManagedQuery(), enabled });

export function useMakeScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest(createScimToken, { body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scimKeys.all }),
  });
}
