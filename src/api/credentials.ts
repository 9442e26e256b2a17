import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import type { CredentialCreateRequest, CredentialPatchRequest } from '../contract/contract';
import {
  credentialCreateResponseSchema,
  credentialListSchema,
  credentialSchema,
  statusResponseSchema,
} from '../contract/answers';
import { connectorKeys, credentialKeys } from './queryKeys';

export const credentialListQuery = () =>
  queryOptions({
    queryKey: credentialKeys.list(),
    queryFn: ({ signal }) =>
      apiRequest({ path: '/manage/admin/credential', schema: credentialListSchema, signal }),
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
  useCredentialMutation((body: CredentialCreateRequest) =>
    apiRequest({
      method: 'POST',
      path: '/manage/credential',
      body,
      schema: credentialCreateResponseSchema,
    }),
  );

export const useUpdateCredential = () =>
  useCredentialMutation(({ id, change }: { id: number; change: CredentialPatchRequest }) =>
    apiRequest({
      method: 'PATCH',
      path: `/manage/admin/credential/${id}`,
      body: change,
      schema: credentialSchema,
    }),
  );

export const useDeleteCredential = () =>
  useCredentialMutation(({ id, force }: { id: number; force: boolean }) =>
    apiRequest({
      method: 'DELETE',
      path: `/manage/admin/credential/${id}`,
      query: { force: force ? 'true' : undefined },
      schema: statusResponseSchema,
    }),
  );
