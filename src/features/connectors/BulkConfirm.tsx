// The question before a bulk action on the chosen connectors: their names, what
// the action does, and past TYPE_TO_CONFIRM_PAST a delete's count typed before
// its button works. A chunk of its own, asked for once something is chosen, so
// the list's first rows carry none of it (docs/performance.md).
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TypedCount, typedCountMatches } from '../../components/TypedCount';
import { namesOf } from '../../lib/namesOf';

export function BulkConfirm(props: {
  title: string;
  confirmLabel: string;
  /** What the action does, in words. */
  consequence: string;
  /** The connectors it concerns. */
  targets: readonly { name: string }[];
  /** A delete: danger-styled, and many must be counted by hand. */
  destructive: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { targets, destructive } = props;
  const [typed, setTyped] = useState('');
  return (
    <ConfirmDialog
      title={props.title}
      confirmLabel={props.confirmLabel}
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
      danger={destructive}
      confirmDisabled={destructive && !typedCountMatches(targets.length, typed)}
    >
      <p>{namesOf(targets)}</p>
      <p>{props.consequence}</p>
      {destructive && (
        <TypedCount
          count={targets.length}
          purpose="to delete them all"
          value={typed}
          onChange={setTyped}
        />
      )}
    </ConfirmDialog>
  );
}
