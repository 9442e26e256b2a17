// D13: the list's Group filter (`?group=<id>` in the address, like the others).
// Its choices are the groups the caller controls, by name alone; the chosen
// group's own answer names its pairs and their connectors, and the list is
// filtered here by them (the list endpoint has no such parameter). Shown only
// when there is a group to choose.
import { useMemo } from 'react';
import { ApiError } from '../../api/client';
import { useControlledGroupNames, useGroup } from '../../api/groupHooks';

/**
 * The ids of the connectors with a pair in `group` (null for no filter), and
 * whether they are still unknown: until the groups answer, the list cannot say
 * which connectors match, and so says nothing of them.
 */
export function useGroupConnectors(group: number | undefined) {
  const chosen = useGroup(group ?? 0, group !== undefined);
  // A group that is gone, or not the caller's, holds none of their connectors.
  const none = chosen.error instanceof ApiError && chosen.error.status === 404;
  const ids = useMemo((): ReadonlySet<number> | null => {
    if (group === undefined) return null;
    return new Set(chosen.data?.cc_pairs.map((pair) => pair.connector.id) ?? []);
  }, [group, chosen.data]);
  return {
    ids,
    unknown: group !== undefined && !chosen.isSuccess && !none,
    error: group !== undefined && !none ? chosen.error : null,
    retry: () => void chosen.refetch(),
  };
}

export function GroupFilter({
  group,
  onGroup,
}: {
  group: number | undefined;
  onGroup: (id: number | undefined) => void;
}) {
  const groups = useControlledGroupNames();
  if (!groups.data || (groups.data.length === 0 && group === undefined)) return null;
  return (
    <div className="field group-filter">
      <label htmlFor="connector-group-filter">Group</label>
      <select
        id="connector-group-filter"
        value={group ?? ''}
        onChange={(event) => onGroup(event.target.value ? Number(event.target.value) : undefined)}
      >
        <option value="">All groups</option>
        {groups.data.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </select>
    </div>
  );
}
