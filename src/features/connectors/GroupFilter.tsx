// D13: the list's Group filter (`?group=<id>` in the address, like the others).
// Filtered here, over the groups the caller controls (GET /manage/admin/user-group
// names each group's pairs and their connectors): the list endpoint has no such
// parameter. Shown only when there is a group to choose.
import { useMemo } from 'react';
import { useGroups } from '../../api/groupHooks';

/**
 * The ids of the connectors with a pair in `group` (null for no filter), and
 * whether they are still unknown: until the groups answer, the list cannot say
 * which connectors match, and so says nothing of them.
 */
export function useGroupConnectors(group: number | undefined) {
  const groups = useGroups();
  const ids = useMemo((): ReadonlySet<number> | null => {
    if (group === undefined) return null;
    const found = groups.data?.find((g) => g.id === group);
    return new Set(found?.cc_pairs.map((pair) => pair.connector.id) ?? []);
  }, [group, groups.data]);
  return {
    ids,
    unknown: group !== undefined && !groups.isSuccess,
    error: group !== undefined ? groups.error : null,
    retry: () => void groups.refetch(),
  };
}

export function GroupFilter({
  group,
  onGroup,
}: {
  group: number | undefined;
  onGroup: (id: number | undefined) => void;
}) {
  const groups = useGroups();
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
