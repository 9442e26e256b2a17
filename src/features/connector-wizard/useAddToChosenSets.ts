// The wizard's last step after the attach: the new pair into the document sets
// ticked on its review, as they are now, one set at a time.
import { useQueryClient } from '@tanstack/react-query';
import { documentSetListQuery, useAddPairsToSets } from '../../api/documentSetHooks';
import type { DocumentSetSummary } from '../../contract/documentSets';
import type { SetsNotAdded } from '../../lib/setsNotAdded';
import { attachFailure } from './failureWords';

export function useAddToChosenSets() {
  const queryClient = useQueryClient();
  const addToSets = useAddPairsToSets();
  /**
   * The new pair into the sets chosen on the review, as they are now, one set
   * at a time: what was not added (a set deleted meanwhile, or refused by the
   * server) is named with the reason, for the connector's page to say.
   */
  const add = async (
    pairId: number | null | undefined,
    ids: number[] = [],
  ): Promise<SetsNotAdded | null> => {
    if (ids.length === 0 || pairId === null || pairId === undefined) return null;
    const seen = queryClient.getQueryData(documentSetListQuery().queryKey) ?? [];
    const nameOf = (id: number) => seen.find((set) => set.id === id)?.name ?? `set ${id}`;
    let sets: DocumentSetSummary[];
    try {
      sets = await queryClient.fetchQuery({ ...documentSetListQuery(), staleTime: 0 });
    } catch (error) {
      return { names: ids.map(nameOf), reason: attachFailure(error) };
    }
    const notAdded: SetsNotAdded[] = [];
    for (const id of ids) {
      const set = sets.find((candidate) => candidate.id === id);
      if (!set) {
        notAdded.push({ names: [nameOf(id)], reason: 'That document set no longer exists.' });
        continue;
      }
      try {
        await addToSets.mutateAsync({ sets: [set], pairIds: [pairId] });
      } catch (error) {
        notAdded.push({ names: [set.name], reason: attachFailure(error) });
      }
    }
    return notAdded.length === 0
      ? null
      : {
          names: notAdded.flatMap((item) => item.names),
          reason: [...new Set(notAdded.map((item) => item.reason))].join(' '),
        };
  };
  return { add, isPending: addToSets.isPending };
}
