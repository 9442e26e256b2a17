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
import type { UserGroup } from '../../contract/groups';
import { describeError } from '../../lib/describeError';
import { paths } from '../../lib/paths';
import { AddMember } from './AddMember';
import { GroupConnectors } from './GroupConnectors';
import { GroupMembers } from './GroupMembers';
import { GroupQuestion, type Question } from './GroupQuestion';

type Member = UserGroup['users'][number];
type Ask = Question | null;

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
  // Said through the promise, not mutate's callbacks: those are dropped when the
  // card goes first (a deleted group, or one the caller no longer curates,
  // leaves the list with its refetch before the change returns).
  const said = (change: Promise<unknown>, words: string) =>
    void change.then(
      () => say(words),
      (failure: unknown) => say(describeError(failure)),
    );
  const pairIds = group.cc_pairs.map((pair) => pair.id);

  const curate = (member: Member, isCurator: boolean) =>
    said(
      setCurator.mutateAsync({ id: group.id, user_id: member.id, is_curator: isCurator }),
      isCurator
        ? `${member.email} is now a curator of ${group.name}.`
        : `${member.email} is no longer a curator of ${group.name}.`,
    );
  const removeMember = (member: Member) =>
    said(
      update.mutateAsync({
        id: group.id,
        user_ids: group.users.filter((user) => user.id !== member.id).map((user) => user.id),
        cc_pair_ids: pairIds,
      }),
      `${member.email} left ${group.name}.`,
    );
  const addMember = (user: { id: string; email: string }) =>
    said(
      add.mutateAsync({ id: group.id, user_ids: [user.id] }),
      `${user.email} joined ${group.name}.`,
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
      <GroupMembers
        group={group}
        busy={busy}
        onCurate={(member, next) =>
          !next && member.id === me
            ? setAsk({ kind: 'self-curator', member })
            : curate(member, next)
        }
        onRemove={(member) =>
          // Leaving a group one administers is not undone by oneself: ask first.
          member.id === me && !isAdmin
            ? setAsk({ kind: 'self-remove', member })
            : removeMember(member)
        }
      />
      {isAdmin ? <AddMember group={group} onAdd={addMember} busy={busy} /> : null}
      <h3>Connectors</h3>
      <GroupConnectors pairs={group.cc_pairs} />
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
      {ask ? (
        <GroupQuestion
          group={group}
          ask={ask}
          onCancel={() => setAsk(null)}
          onConfirm={() => {
            setAsk(null);
            if (ask.kind === 'self-curator') curate(ask.member, false);
            else if (ask.kind === 'self-remove') removeMember(ask.member);
            else
              void remove.mutateAsync(group.id).then(
                () => (onDeleted ?? say)(`Group ${group.name} deleted.`),
                (failure: unknown) => say(describeError(failure)),
              );
          }}
        />
      ) : null}
    </section>
  );
}
