import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import type { CredentialCreateRequest, CredentialPatchRequest } from '../contract/contract';
import { routes } from './routes';
import { connectorKeys, credentialKeys } from './queryKeys';

const {
  createCredential,
  deleteCredential,
  listCredentials,
  listCredentialOrigins,
  removeCredentialOrigin,
  updateCredential,
} = routes;

export const credentialListQuery = () =>
  queryOptions({
    queryKey: credentialKeys.list(),
    queryFn: ({ signal }) => apiRequest(listCredentials, { signal }),
    staleTime: 60_000,
  });

export const useCredentials = () => useQuery(credentialListQuery());

/** A credential change shows in the credential list and in every connector that uses it. */
function useCredentialMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
        queryClient.invalidateQueries({ queryKey: connectorKeys.all }),
      ]),
  });
}

export const useCreateCredential = () =>
  useCredentialMutation((body: CredentialCreateRequest) => apiRequest(createCredential, { body }));

export const useUpdateCredential = () =>
  useCredentialMutation(({ id, change }: { id: number; change: CredentialPatchRequest }) =>
    apiRequest(updateCredential, { params: { credential_id: id }, body: change }),
  );

export const useDeleteCredential = () =>
  useCredentialMutation(({ id, force }: { id: number; force: boolean }) =>
    apiRequest(deleteCredential, {
      params: { credential_id: id },
      query: { force: force ? 'true' : undefined },
    }),
  );

/** A credential's approved origins (D15), asked for only while `enabled` (its list is open). */
export const useCredentialOrigins = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: credentialKeys.origins(id),
    queryFn: ({ signal }) =>
      apiRequest(listCredentialOrigins, { params: { credential_id: id }, signal }),
    enabled,
  });

export const useRemoveCredentialOrigin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, origin }: { id: number; origin: string }) =>
      apiRequest(removeCredentialOrigin, { params: { credential_id: id }, body: { origin } }),
    onSuccess: (_answer, { id }) =>
      queryClient.invalidateQueries({ queryKey: credentialKeys.origins(id) }),
  });
};
