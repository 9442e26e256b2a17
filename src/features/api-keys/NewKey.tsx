// Making a key: the form (its secret is shown once by the page, with SecretShownOnce).
import { useId, useRef, useState, type FormEvent } from 'react';
import { API_KEY_ROLES, type ApiKey } from '../../contract/apiKeys';
import { useCreateApiKey } from '../../api/apiKeyHooks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { validationProblemsOf } from '../../lib/fieldErrors';
import { KeyRoleField } from './KeyRoleField';

export type KeyRole = (typeof API_KEY_ROLES)[number];

const IN_THE_FUTURE = 'Choose a date and time in the future.';

interface NewKeyFormProps {
  /** Called as the request leaves (the page clears its last result message). */
  onStart: () => void;
  onMade: (made: ApiKey) => void;
}

export function NewKeyForm({ onStart, onMade }: NewKeyFormProps) {
  const create = useCreateApiKey();
  const expiresId = useId();
  const expiresRef = useRef<HTMLInputElement>(null);
  const [expiresError, setExpiresError] = useState<string | null>(null);
  // A refused expiry is said next to its field, which gets the keyboard (docs/panel.md, "Conventions").
  const refuseExpiry = (words: string) => {
    setExpiresError(words);
    expiresRef.current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const expires = String(form.get('expires') ?? '');
    const ends = expires ? new Date(expires) : null;
    // The same rule as the server's, checked before sending.
    if (ends && !(ends.getTime() > Date.now())) return refuseExpiry(IN_THE_FUTURE);
    setExpiresError(null);
    onStart();
    try {
      const made = await create.mutateAsync({
        name: String(form.get('name') ?? '').trim() || null,
        role: String(form.get('role')) as KeyRole,
        expires_at: ends ? ends.toISOString() : null,
      });
      onMade(made);
    } catch (error) {
      const problem = validationProblemsOf(error).find(({ loc }) => loc[1] === 'expires_at');
      if (problem) refuseExpiry(problem.msg);
    }
  };
  return (
    <form aria-label="New key" onSubmit={(event) => void submit(event)}>
      <h2>New key</h2>
      <label>
        Name <input name="name" maxLength={200} />
      </label>{' '}
      <KeyRoleField defaultRole="basic" />{' '}
      <Field id={expiresId} label="Expires (optional)" error={expiresError}>
        {(control) => <input {...control} ref={expiresRef} name="expires" type="datetime-local" />}
      </Field>
      <button type="submit" disabled={create.isPending}>
        Make key
      </button>
      {create.isError && !expiresError ? <ErrorNotice error={create.error} /> : null}
    </form>
  );
}
