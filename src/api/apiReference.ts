import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { apiDocumentSchema } from '../contract/contract';
import { routes } from './routes';

const { getOpenApiDocument } = routes;

export const apiReferenceKeys = {
  all: ['apiReference'] as const,
  document: () => [...apiReferenceKeys.all, 'document'] as const,
};

/** The API's own description; it changes only with the server, so it is read once. */
export const apiDocumentQuery = () =>
  queryOptions({
    queryKey: apiReferenceKeys.document(),
    // Declared as any JSON object (the document is richer than the page needs);
    // the page reads the parts it shows.
    queryFn: async ({ signal }) =>
      apiDocumentSchema.parse(await apiRequest(getOpenApiDocument, { signal })),
    staleTime: Infinity,
  });

export const useApiDocument = () => useQuery(apiDocumentQuery());
