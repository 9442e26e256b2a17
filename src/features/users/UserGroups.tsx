// D13 on Users and roles: each person's groups and what they curate, from the
// group list (an admin's page, so every group is in it).
import { useMemo } from 'react';
import { useGroups } from '../../api/groupHooks';

/** Per user id: the names of their groups, and of those they curate. */
export function useGroupsByUser() {
  const groups = useGroups();
  return useMemo(() => {
    const byUser = new Map<string, { member: string[]; curator: string[] }>();
    for (const group of groups.data ?? []) {
      for (const user of group.users) {
        const entry = byUser.get(user.id) ?? { member: [], curator: [] };
        entry.member.push(group.name);
        if (group.curator_ids.includes(user.id)) entry.curator.push(group.name);
        byUser.set(user.id, entry);
      }
    }
    return byUser;
  }, [groups.data]);
}

export function UserGroups({
  groups,
}: {
  groups: { member: string[]; curator: string[] } | undefined;
}) {
  if (!groups || groups.member.length === 0) return null;
  return (
    <p className="hint user-groups">
      Groups: {groups.member.join(', ')}
      {groups.curator.length > 0 && ` · curator of ${groups.curator.join(', ')}`}
    </p>
  );
}
