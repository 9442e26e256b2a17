// D13 on Users and roles: each person's groups and what they curate, as the
// directory's page names them (the directory is an admin's: every group).
import type { DirectoryUser } from '../../contract/contract';

export function UserGroups({ groups }: { groups: DirectoryUser['groups'] }) {
  if (groups.length === 0) return null;
  const curated = groups.filter((group) => group.is_curator);
  return (
    <p className="hint user-groups">
      Groups: {groups.map((group) => group.name).join(', ')}
      {curated.length > 0 && ` · curator of ${curated.map((group) => group.name).join(', ')}`}
    </p>
  );
}
