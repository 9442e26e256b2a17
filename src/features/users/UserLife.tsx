// Deactivate, reactivate and delete a user (docs/api.md, "Users"): each asked first in
// a dialog that names the user, each told in one result message that then holds
// the keyboard. Only a deactivated user can be deleted (the server's rule too).
import { useId, useState } from 'react';
import type { AcceptedUser } from '../../contract/contract';
import { useCurrentUser } from '../../api/users';
import { useUserLifeChange, type UserLifeAction } from '../../api/userLifeHooks';
import { ActionMessage } from '../../components/ActionMessage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { describeError } from '../../lib/describeError';
import { SCIM_MANAGED_DEACTIVATE_REASON, SCIM_MANAGED_WORDS } from '../../contract/scim';

const WORDS: Record<
  UserLifeAction,
  { button: string; title: (email: string) => string; text: string; done: string; danger: boolean }
> = {
  deactivate: {
    button: 'Deactivate',
    title: (email) => `Deactivate ${email}?`,
    text: 'Their API keys are refused and their panel sessions end at once. You can reactivate them later; nothing of theirs is deleted.',
    done: 'is deactivated: their keys are refused and their sessions ended.',
    danger: true,
  },
  reactivate: {
    button: 'Reactivate',
    title: (email) => `Reactivate ${email}?`,
    text: 'Their API keys work again, with their role as it was.',
    done: 'is active again: their keys work.',
    danger: false,
  },
  delete: {
    button: 'Delete',
    title: (email) => `Delete ${email}?`,
    text: 'The user, their API keys and their sessions are removed for good. What they made (connectors, credentials, keys made in the panel, activity records) stays.',
    done: 'is deleted.',
    danger: true,
  },
};

interface Asked {
  action: UserLifeAction;
  email: string;
}

/** The dialogs and the result message of the users' life; `ask` opens a dialog. */
export function useUserLife() {
  const change = useUserLifeChange();
  const [asked, setAsked] = useState<Asked | null>(null);
  const [said, setSaid] = useState('');
  const ask = (action: UserLifeAction, email: string) => setAsked({ action, email });

  const confirm = ({ action, email }: Asked) => {
    setAsked(null);
    setSaid('');
    change.mutate(
      { action, email },
      {
        onSuccess: () => setSaid(`${email} ${WORDS[action].done}`),
        onError: (error) =>
          setSaid(`${WORDS[action].button} ${email}: not done. ${describeError(error)}`),
      },
    );
  };

  const view = (
    <>
      <ActionMessage words={said} />
      {asked && (
        <ConfirmDialog
          title={WORDS[asked.action].title(asked.email)}
          confirmLabel={`${WORDS[asked.action].button} ${asked.email}`}
          danger={WORDS[asked.action].danger}
          onCancel={() => setAsked(null)}
          onConfirm={() => confirm(asked)}
        >
          <p>{WORDS[asked.action].text}</p>
        </ConfirmDialog>
      )}
    </>
  );
  return { ask, view, pending: change.isPending };
}

/**
 * A user's row actions: deactivate an active user; reactivate or delete a
 * deactivated one. A person the identity provider manages (SCIM) says so, and
 * the buttons are held back with the reason: a change here would be undone.
 */
export function UserLifeButtons({
  user,
  onAsk,
  managed = false,
}: {
  user: AcceptedUser;
  onAsk: (action: UserLifeAction, email: string) => void;
  managed?: boolean;
}) {
  const me = useCurrentUser();
  const reasonId = useId();
  if (me.data?.id === user.id) return <span className="hint">(you)</span>;
  const actions: UserLifeAction[] = user.is_active ? ['deactivate'] : ['reactivate', 'delete'];
  return (
    <span className="user-life-buttons">
      {managed && (
        <span className="hint" id={reasonId}>
          {SCIM_MANAGED_WORDS}. {SCIM_MANAGED_DEACTIVATE_REASON}
        </span>
      )}{' '}
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className="secondary"
          aria-label={`${WORDS[action].button} ${user.email}`}
          aria-describedby={managed ? reasonId : undefined}
          disabled={managed}
          onClick={() => onAsk(action, user.email)}
        >
          {WORDS[action].button}
        </button>
      ))}
    </span>
  );
}
