// Invited addresses, apart from the users: each invitation can be withdrawn
// (asked first, naming the address); the result message then holds the keyboard.
import { useState } from 'react';
import { useInvitedUsers, useRemoveInvitation } from '../../api/userLifeHooks';
import { useSignInMethods } from '../../api/sessionHooks';
import { ActionMessage } from '../../components/ActionMessage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryErrorNotice } from '../../components/ErrorNotice';
import { describeError } from '../../lib/describeError';
import { countOf } from '../../lib/plural';

export function InvitedList() {
  const invited = useInvitedUsers();
  const remove = useRemoveInvitation();
  const provider = useSignInMethods().data?.oidc?.name;
  const [asked, setAsked] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const list = invited.data ?? [];

  const confirm = (email: string) => {
    setAsked(null);
    setSaid('');
    remove.mutate(email, {
      onSuccess: () => setSaid(`The invitation of ${email} is withdrawn.`),
      onError: (error) => setSaid(`The invitation of ${email} stays: ${describeError(error)}`),
    });
  };

  return (
    <section aria-labelledby="invited-title">
      <h2 id="invited-title">Invited, not signed in yet</h2>
      {invited.isError && <QueryErrorNotice error={invited.error} />}
      <p className="hint">
        {invited.isPending
          ? 'Loading invitations…'
          : invited.isLoadingError
            ? // Nothing was read: "no open invitations" would not be true.
              ''
            : list.length === 0
              ? 'No open invitations.'
              : `${countOf(list.length, 'open invitation')}.`}
      </p>
      <ul className="user-list" aria-label="Invited addresses">
        {list.map(({ email }) => (
          <li key={email} className="user-line">
            <span className="user-email">{email}</span> <span className="role-badge">invited</span>
            <button
              type="button"
              className="secondary"
              aria-label={`Remove invitation of ${email}`}
              onClick={() => setAsked(email)}
            >
              Remove invitation
            </button>
          </li>
        ))}
      </ul>
      <ActionMessage words={said} />
      {asked && (
        <ConfirmDialog
          title={`Remove the invitation of ${asked}?`}
          confirmLabel={`Remove invitation of ${asked}`}
          danger
          onCancel={() => setAsked(null)}
          onConfirm={() => confirm(asked)}
        >
          <p>
            {provider
              ? `${asked} will no longer be let in by ${provider} unless invited again.`
              : `${asked}’s sign-in link stops working; inviting again makes a new one.`}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
