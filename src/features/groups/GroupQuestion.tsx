// What the group card asks before a change one cannot undo oneself: giving up
// one's own curatorship, leaving a group one administers, deleting the group.
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { UserGroup } from '../../contract/groups';
import { countOf } from '../../lib/plural';

type Member = UserGroup['users'][number];
export type Question =
  | { kind: 'self-curator'; member: Member }
  | { kind: 'self-remove'; member: Member }
  | { kind: 'delete' };

export function GroupQuestion({
  group,
  ask,
  onCancel,
  onConfirm,
}: {
  group: UserGroup;
  ask: Question;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  if (ask.kind === 'self-curator')
    return (
      <ConfirmDialog
        title="Remove yourself as a curator of this group?"
        confirmLabel="Remove me as curator"
        danger
        onCancel={onCancel}
        onConfirm={onConfirm}
      >
        <p>
          You will no longer administer {group.name}’s connectors. If you curate no other group,
          your role becomes basic from your next step.
        </p>
      </ConfirmDialog>
    );
  if (ask.kind === 'self-remove')
    return (
      <ConfirmDialog
        title={`Leave ${group.name}?`}
        confirmLabel="Leave the group"
        danger
        onCancel={onCancel}
        onConfirm={onConfirm}
      >
        <p>
          You will no longer see or administer {group.name}’s connectors
          {group.curator_ids.includes(ask.member.id) ? ', nor curate it' : ''}, and only an admin
          can add you back. If you curate no other group, your role becomes basic from your next
          step.
        </p>
      </ConfirmDialog>
    );
  return (
    <ConfirmDialog
      title={`Delete group ${group.name}?`}
      confirmLabel="Delete group"
      danger
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p>
        Its {countOf(group.users.length, 'member')} stay users; a curator who curates no other group
        becomes basic. Its {countOf(group.cc_pairs.length, 'connector')} keep their other groups; a
        connector private to {group.name} alone will be seen by admins only.
      </p>
    </ConfirmDialog>
  );
}
