import { ApiError } from '../../api/client';
import { describeError } from '../../lib/describeError';
import type { SetUserRoleRequest, UserRole } from '../../contract/contract';
import { SELF_DEMOTION_REFUSAL } from '../../contract/contract';
import { unplacedMessages } from './roleFormRules';
import { roleWords } from '../../lib/enumWords';

interface RoleOutcomeProps {
  status: 'idle' | 'pending' | 'success' | 'error';
  /** What was sent: the outcome speaks of it, not of what the form holds now. */
  sent: SetUserRoleRequest | undefined;
  /** The user's role before, when the panel knew it (chosen in the directory). */
  previous?: UserRole;
  error: unknown;
}

/** A saved change in words: what changed when the role before is known. */
function Saved({ sent, previous }: { sent: SetUserRoleRequest; previous?: UserRole }) {
  const now = roleWords(sent.new_role);
  if (previous === sent.new_role) {
    return (
      <p>
        {sent.user_email} already had the role {now}: nothing changed.
      </p>
    );
  }
  if (previous) {
    return (
      <>
        <p>
          Saved: {sent.user_email} is now {now} (was {roleWords(previous)}).
        </p>
        {previous === 'curator' ? <p className="hint">They no longer curate any group.</p> : null}
      </>
    );
  }
  return (
    <>
      <p>
        Saved: {sent.user_email} has the role {now}.
      </p>
      <p className="hint">If they already had this role, nothing needed to change.</p>
    </>
  );
}

function Refusal({ error, sent }: { error: ApiError; sent: SetUserRoleRequest }) {
  if (error.status === 404) {
    return (
      <p>
        User not found: no user has the e-mail address {sent.user_email}. Check the address; a role
        can only be set for a user who already exists.
      </p>
    );
  }
  if (error.status === 400) {
    return (
      <>
        <p>The server refused the change: “{error.message}”</p>
        {error.message === SELF_DEMOTION_REFUSAL ? (
          <p className="hint">Explicit override never allows this: ask another administrator.</p>
        ) : (
          !sent.explicit_override && (
            <p className="hint">
              Explicit override passes this rule. If you mean this change, tick “Explicit override”
              and set the role again.
            </p>
          )
        )}
      </>
    );
  }
  if (error.status === 422) {
    return <p>The server did not accept the form: see the messages next to the fields.</p>;
  }
  return <p>{describeError(error)}</p>;
}

/** D8: every answer of the server, in words, for the change that was sent. */
export function RoleOutcome({ status, sent, previous, error }: RoleOutcomeProps) {
  if (status === 'idle' || !sent) return null;
  if (status === 'pending') {
    return <p className="loading">Setting the role of {sent.user_email}…</p>;
  }
  if (status === 'success') {
    return (
      <div className="notice notice-success">
        <Saved sent={sent} previous={previous} />
      </div>
    );
  }
  const unplaced = unplacedMessages(error);
  return (
    <div className="notice notice-error">
      {error instanceof ApiError ? (
        <Refusal error={error} sent={sent} />
      ) : (
        <p>{describeError(error)}</p>
      )}
      {unplaced.length > 0 && (
        <ul>
          {unplaced.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
