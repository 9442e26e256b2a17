import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { apiDocumentSchema } from '../contract/contract';

export const apiReferenceKeys = {
  all: ['apiReference'] as const,
  document: () => [...apiReferenceKeys.all, 'document'] as const,
};

/** The API's own description; it changes only with the server, so it is read once. */
export const apiDocumentQuery = () =>
  queryOptions({
    queryKey: apiReferenceKeys.document(),
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/openapi.json',
        schema: apiDocumentSchema,
        authenticated: false,
        signal,
      }),
    staleTime: Infinity,
  });

export const useApiDocument = () => useQuery(apiDocumentQuery());
