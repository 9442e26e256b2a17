import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { ROLE_MEANINGS, USER_ROLES, type UserRole } from '../../contract/contract';
import { Field } from '../../components/Field';
import { useSetUserRole } from '../../api/users';
import { ConfirmAdminDialog } from './ConfirmAdminDialog';
import { placeServerErrors, roleFormSchema, type RoleFormValues } from './roleFormRules';
import { RoleOutcome } from './RoleOutcome';
import { roleWords } from '../../lib/enumWords';
import { paths } from '../../lib/paths';

const CURATOR_ON_GROUPS_PAGE =
  'Curators are made on the Groups page: make the user a member of a group there, then tick Curator.';

/** `email` and `role`: the user chosen in the directory and their current role, to start from. */
export function RoleForm({ email = '', role }: { email?: string; role?: UserRole }) {
  const mutation = useSetUserRole();
  const [confirming, setConfirming] = useState<RoleFormValues | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<RoleFormValues>({
    resolver: zodResolver(roleFormSchema),
    // A chosen user's current role is where the radios start.
    defaultValues: { user_email: email, explicit_override: false, ...(role && { new_role: role }) },
  });

  // Explicit override passes D8's rules for one change only: it is untied after
  // every submission, and whenever the user or the role changes. A result
  // belongs to the submission that made it: a new user or role clears it.
  const untieOverride = () => setValue('explicit_override', false);
  const startOver = () => {
    untieOverride();
    mutation.reset();
  };
  // The role the user had when the change was sent, when the directory told it:
  // the result then says what changed, not what might have.
  const [previous, setPrevious] = useState<UserRole | undefined>(undefined);
  const send = (values: RoleFormValues) => {
    const same = email !== '' && values.user_email.trim().toLowerCase() === email.toLowerCase();
    setPrevious(same ? role : undefined);
    mutation.mutate(values, {
      onError: (error) => placeServerErrors(error, setError),
      onSettled: untieOverride,
    });
  };

  const onValid = (values: RoleFormValues) => {
    if (mutation.isPending) return;
    // D13: curators come from curatorships, even with the override (a curator
    // who curates nothing is no curator): say where instead, and put the
    // keyboard on those words, not on the first choice.
    if (values.new_role === 'curator') {
      setError('new_role', { message: CURATOR_ON_GROUPS_PAGE });
      requestAnimationFrame(() => {
        const refusal = document.getElementById('new-role-error');
        refusal?.setAttribute('tabindex', '-1');
        refusal?.focus();
      });
      return;
    }
    if (values.new_role === 'admin') setConfirming(values);
    else send(values);
  };

  const emailError = errors.user_email?.message;
  const roleError = errors.new_role?.message;
  return (
    <div className="users-layout">
      <form onSubmit={handleSubmit(onValid)} noValidate aria-label="Set a user's role">
        <Field
          id="user-email"
          label="User's e-mail"
          hint="The address the user has here; letter case does not matter."
          error={emailError}
        >
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="off"
              spellCheck={false}
              {...register('user_email', { onChange: startOver })}
            />
          )}
        </Field>

        <Field id="new-role" legend="New role" error={roleError}>
          {() => <RoleOptions register={register} onChange={startOver} />}
        </Field>

        <OverrideField register={register} />

        {/* aria-disabled, not disabled: the button keeps focus while the server answers. */}
        <button type="submit" aria-disabled={mutation.isPending || undefined}>
          {mutation.isPending ? 'Setting the role…' : 'Set role'}
        </button>
      </form>

      <div role="status" aria-label="Result" className="role-outcome">
        <RoleOutcome
          key={mutation.submittedAt}
          status={mutation.status}
          sent={mutation.variables}
          previous={previous}
          error={mutation.error}
        />
      </div>

      {confirming && (
        <ConfirmAdminDialog
          email={confirming.user_email}
          override={confirming.explicit_override}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setConfirming(null);
            send(confirming);
          }}
        />
      )}
    </div>
  );
}

/** The roles to choose from, each with its meaning. */
function RoleOptions(props: { register: UseFormRegister<RoleFormValues>; onChange: () => void }) {
  const { register, onChange } = props;
  return (
    <ul className="role-options">
      {USER_ROLES.map((role) => (
        <li key={role}>
          <input
            type="radio"
            id={`role-${role}`}
            value={role}
            aria-describedby={`role-${role}-meaning`}
            {...register('new_role', { onChange })}
          />
          <div>
            <label htmlFor={`role-${role}`}>{roleWords(role)}</label>
            <p id={`role-${role}-meaning`} className="hint">
              {ROLE_MEANINGS[role]}
              {role === 'curator' ? (
                <>
                  . Curators are made on the <Link to={paths.groups.getHref()}>Groups page</Link>.
                </>
              ) : null}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Explicit override: D8's rules passed for one change. */
function OverrideField({ register }: { register: UseFormRegister<RoleFormValues> }) {
  return (
    <div className="field checkbox-field">
      <input
        type="checkbox"
        id="explicit-override"
        aria-describedby="explicit-override-hint"
        {...register('explicit_override')}
      />
      <div>
        <label htmlFor="explicit-override">Explicit override</label>
        <p id="explicit-override-hint" className="hint">
          Lets you make a change the role rules refuse: changing the role of a user who is limited,
          a Slack user or an external-permission user (they have no web sign-in here), and setting
          limited, Slack user or external-permission user directly. It never lets you demote
          yourself, nor makes a curator: curators come from the Groups page.
        </p>
      </div>
    </div>
  );
}
