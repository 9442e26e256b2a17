// A group's members: each with their role, a Curator box where the role can
// curate (D13), and Remove. What a change asks first is the card's to decide.
import type { UserGroup } from '../../contract/groups';
import { roleWords } from '../../lib/enumWords';

type Member = UserGroup['users'][number];

/** Only a basic user or a curator may be made a curator (D13); others have the power already. */
const mayCurate = (member: Member) => member.role === 'basic' || member.role === 'curator';

export function GroupMembers({
  group,
  busy,
  onCurate,
  onRemove,
}: {
  group: UserGroup;
  busy: boolean;
  onCurate: (member: Member, isCurator: boolean) => void;
  onRemove: (member: Member) => void;
}) {
  return group.users.length === 0 ? (
    <p>No members yet.</p>
  ) : (
    <table className="group-members">
      <caption className="visually-hidden">Members of {group.name}</caption>
      <thead>
        <tr>
          <th scope="col">Member</th>
          <th scope="col">Role</th>
          <th scope="col">Curator</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {group.users.map((member) => {
          const curator = group.curator_ids.includes(member.id);
          return (
            <tr key={member.id}>
              <th scope="row">{member.email}</th>
              <td>{roleWords(member.role)}</td>
              <td>
                {mayCurate(member) ? (
                  <label>
                    <input
                      type="checkbox"
                      checked={curator}
                      disabled={busy}
                      onChange={(event) => onCurate(member, event.target.checked)}
                    />{' '}
                    Curator
                    <span className="visually-hidden">
                      {' '}
                      of {group.name}: {member.email}
                    </span>
                  </label>
                ) : (
                  <span className="hint">Has every curator power already</span>
                )}
              </td>
              <td>
                <button
                  type="button"
                  className="secondary"
                  disabled={busy}
                  onClick={() => onRemove(member)}
                >
                  Remove{' '}
                  <span className="visually-hidden">
                    {member.email} from {group.name}
                  </span>
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
