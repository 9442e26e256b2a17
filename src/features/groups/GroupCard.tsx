// One group: its members (curators ticked), its connectors and their access,
// and what the caller may do to it. Every change says what it did in the
// page's message, which takes the keyboard.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  useAddGroupMembers,
  useDeleteGroup,
  useSetCurator,
  useUpdateGroup,
} from '../../api/groupHooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { UserGroup } from '../../contract/groups';
import { describeError } from '../../lib/describeError';
import { roleWords } from '../../lib/enumWords';
import { paths } from '../../lib/paths';
import { countOf } from '../../lib/plural';
import { sourceLabel } from '../../lib/sources';
import { AddMember } from './AddMember';

type Member = UserGroup['users'][number];
type Ask =
  | { kind: 'self-curator'; member: Member }
  | { kind: 'self-remove'; member: Member }
  | { kind: 'delete' }
  | null;

const ACCESS_WORDS: Record<string, string> = {
  public: 'Public: every admin and curator sees it',
  private: 'Private to its groups',
  sync: 'Access synced from the source (seen as public)',
};

/** A connector with several pairs in the group is listed once (its first pair's access). */
const oncePerConnector = (pairs: UserGroup['cc_pairs']) =>
  pairs.filter(
    (pair, index) => pairs.findIndex((other) => other.connector.id === pair.connector.id) === index,
  );

/** Only a basic user or a curator may be made a curator (D13); others have the power already. */
const mayCurate = (member: Member) => member.role === 'basic' || member.role === 'curator';

export function GroupCard({
  group,
  me,
  isAdmin,
  say,
  own = false,
  onDeleted,
}: {
  group: UserGroup;
  me: string | undefined;
  isAdmin: boolean;
  say: (words: string) => void;
  /** On the group's own page its name is the page's heading; in the list it links there. */
  own?: boolean;
  /** After the group is deleted (its own page leaves; the list says so). */
  onDeleted?: (words: string) => void;
}) {
  const setCurator = useSetCurator();
  const update = useUpdateGroup();
  const add = useAddGroupMembers();
  const remove = useDeleteGroup();
  const [ask, setAsk] = useState<Ask>(null);
  const busy = setCurator.isPending || update.isPending || add.isPending || remove.isPending;
  const failed = (failure: unknown) => say(describeError(failure));
  const pairIds = group.cc_pairs.map((pair) => pair.id);

  const curate = (member: Member, isCurator: boolean) =>
    setCurator.mutate(
      { id: group.id, user_id: member.id, is_curator: isCurator },
      {
        onSuccess: () =>
          say(
            isCurator
              ? `${member.email} is now a curator of ${group.name}.`
              : `${member.email} is no longer a curator of ${group.name}.`,
          ),
        onError: failed,
      },
    );
  const removeMember = (member: Member) =>
    update.mutate(
      {
        id: group.id,
        user_ids: group.users.filter((user) => user.id !== member.id).map((user) => user.id),
        cc_pair_ids: pairIds,
      },
      { onSuccess: () => say(`${member.email} left ${group.name}.`), onError: failed },
    );
  const addMember = (user: { id: string; email: string }) =>
    add.mutate(
      { id: group.id, user_ids: [user.id] },
      { onSuccess: () => say(`${user.email} joined ${group.name}.`), onError: failed },
    );

  const titleId = `group-${group.id}-title`;
  return (
    <section className="group-card" aria-labelledby={titleId}>
      {own ? (
        <h1 id={titleId}>{group.name}</h1>
      ) : (
        <h2 id={titleId}>
          <Link to={paths.group.getHref(group.id)}>{group.name}</Link>
        </h2>
      )}
      <h3>Members</h3>
      {group.users.length === 0 ? (
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
                          onChange={(event) => {
                            const next = event.target.checked;
                            if (!next && member.id === me) setAsk({ kind: 'self-curator', member });
                            else curate(member, next);
                          }}
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
                      onClick={() =>
                        // Leaving a group one administers is not undone by oneself: ask first.
                        member.id === me && !isAdmin
                          ? setAsk({ kind: 'self-remove', member })
                          : removeMember(member)
                      }
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
      )}
      {isAdmin ? <AddMember group={group} onAdd={addMember} busy={busy} /> : null}
      <h3>Connectors</h3>
      {group.cc_pairs.length === 0 ? (
        <p>No connectors in this group yet.</p>
      ) : (
        <ul className="group-pairs">
          {oncePerConnector(group.cc_pairs).map((pair) => (
            <li key={pair.id}>
              <Link to={paths.connector.getHref(pair.connector.id)}>
                {pair.connector.name ?? `Connector ${pair.connector.id}`}
              </Link>{' '}
              ({sourceLabel(pair.connector.source)}) — {ACCESS_WORDS[pair.access_type]}
            </li>
          ))}
        </ul>
      )}
      {isAdmin ? (
        <button
          type="button"
          className="danger"
          disabled={busy}
          onClick={() => setAsk({ kind: 'delete' })}
        >
          Delete group <span className="visually-hidden">{group.name}</span>
        </button>
      ) : null}
      {ask?.kind === 'self-curator' ? (
        <ConfirmDialog
          title="Remove yourself as a curator of this group?"
          confirmLabel="Remove me as curator"
          danger
          onCancel={() => setAsk(null)}
          onConfirm={() => {
            setAsk(null);
            curate(ask.member, false);
          }}
        >
          <p>
            You will no longer administer {group.name}’s connectors. If you curate no other group,
            your role becomes basic from your next step.
          </p>
        </ConfirmDialog>
      ) : null}
      {ask?.kind === 'self-remove' ? (
        <ConfirmDialog
          title={`Leave ${group.name}?`}
          confirmLabel="Leave the group"
          danger
          onCancel={() => setAsk(null)}
          onConfirm={() => {
            setAsk(null);
            removeMember(ask.member);
          }}
        >
          <p>
            You will no longer see or administer {group.name}’s connectors
            {group.curator_ids.includes(ask.member.id) ? ', nor curate it' : ''}, and only an admin
            can add you back. If you curate no other group, your role becomes basic from your next
            step.
          </p>
        </ConfirmDialog>
      ) : null}
      {ask?.kind === 'delete' ? (
        <ConfirmDialog
          title={`Delete group ${group.name}?`}
          confirmLabel="Delete group"
          danger
          onCancel={() => setAsk(null)}
          onConfirm={() => {
            setAsk(null);
            remove.mutate(group.id, {
              onSuccess: () => (onDeleted ?? say)(`Group ${group.name} deleted.`),
              onError: failed,
            });
          }}
        >
          <p>
            Its {countOf(group.users.length, 'member')} stay users; a curator who curates no other
            group becomes basic. Its {countOf(group.cc_pairs.length, 'connector')} keep their other
            groups; a connector private to {group.name} alone will be seen by admins only.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
