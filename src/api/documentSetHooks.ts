// Document sets in the panel: the sets the signed-in user sees (each says
// whether they may change it), and the changes to them. A change refreshes
// the sets, the groups (their answer lists their sets) and the activity log.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DocumentSetCreate,
  DocumentSetSummary,
  DocumentSetUpdate,
} from '../contract/documentSets';
import { apiRequest } from './client';
import { groupKeys } from './groupHooks';
import { auditKeys } from './queryKeys';
import { routes } from './routes';

const { createDocumentSet, deleteDocumentSet, listDocumentSets, updateDocumentSet } = routes;

export const documentSetKeys = {
  all: ['document-sets'] as const,
  lists: () => [...documentSetKeys.all, 'list'] as const,
};

export const documentSetListQuery = () =>
  queryOptions({
    queryKey: documentSetKeys.lists(),
    queryFn: ({ signal }) => apiRequest(listDocumentSets, { query: {}, signal }),
  });

export const useDocumentSets = () => useQuery(documentSetListQuery());

function useSetMutation<I, O>(request: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentSetKeys.all }),
        queryClient.invalidateQueries({ queryKey: groupKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]),
  });
}

export const useCreateDocumentSet = () =>
  useSetMutation((body: DocumentSetCreate) => apiRequest(createDocumentSet, { body }));

/** A full replacement (Onyx's PATCH). */
export const useUpdateDocumentSet = () =>
  useSetMutation((body: DocumentSetUpdate) => apiRequest(updateDocumentSet, { body }));

export const useDeleteDocumentSet = () =>
  useSetMutation((id: number) =>
    apiRequest(deleteDocumentSet, { params: { document_set_id: id } }),
  );

/**
 * Adds connector–credential pairs to sets, one full replacement each (Onyx's
 * PATCH): every set keeps all it held, with the pairs after them.
 */
export const useAddPairsToSets = () =>
  useSetMutation(async ({ sets, pairIds }: { sets: DocumentSetSummary[]; pairIds: number[] }) => {
    for (const set of sets) {
      const held = set.cc_pair_summaries.map((pair) => pair.id);
      await apiRequest(updateDocumentSet, {
        body: {
          id: set.id,
          description: set.description,
          cc_pair_ids: [...held, ...pairIds.filter((id) => !held.includes(id))],
          is_public: set.is_public,
          users: [],
          groups: set.groups,
        },
      });
    }
  });
