import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { credentialListSchema } from './contract';

export const credentialKeys = {
  all: ['credentials'] as const,
  lists: () => [...credentialKeys.all, 'list'] as const,
  list: () => [...credentialKeys.lists(), {}] as const,
};

export const credentialListQuery = () =>
  queryOptions({
    queryKey: credentialKeys.list(),
    queryFn: ({ signal }) =>
      apiRequest({ path: '/manage/admin/credential', schema: credentialListSchema, signal }),
    staleTime: 60_000,
  });

export const useCredentials = () => useQuery(credentialListQuery());
