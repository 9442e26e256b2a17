// An admin adds members from the user directory: type part of an address, then
// Add beside the person. (The directory is an admin's page: a curator changes
// curators among the members an admin chose.)
import { useState } from 'react';
import { useUserDirectory } from '../../api/users';
import type { UserGroup } from '../../contract/groups';
import { roleWords } from '../../lib/enumWords';

const SHOWN = 8;

export function AddMember({
  group,
  onAdd,
  busy,
}: {
  group: UserGroup;
  onAdd: (user: { id: string; email: string }) => void;
  busy: boolean;
}) {
  const [q, setQ] = useState('');
  const typed = q.trim();
  const found = useUserDirectory({ q: typed, page: 0, pageSize: SHOWN, active: true });
  const members = new Set(group.users.map((user) => user.id));
  const candidates = (found.data?.items ?? []).filter((user) => !members.has(user.id));
  const searchId = `group-${group.id}-find`;
  return (
    <div className="group-add">
      <label htmlFor={searchId}>Add a member to {group.name}: find by e-mail</label>
      <input id={searchId} type="search" value={q} onChange={(event) => setQ(event.target.value)} />
      {typed === '' ? null : found.isPending ? (
        <p role="status">Looking…</p>
      ) : candidates.length === 0 ? (
        <p role="status">Nobody else matches “{typed}”.</p>
      ) : (
        <ul className="group-candidates" aria-label={`People matching “${typed}”`}>
          {candidates.map((user) => (
            <li key={user.id}>
              <span>
                {user.email} <span className="hint">({roleWords(user.role)})</span>
              </span>
              <button
                type="button"
                className="secondary"
                disabled={busy}
                onClick={() => onAdd(user)}
              >
                Add <span className="visually-hidden">{user.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
