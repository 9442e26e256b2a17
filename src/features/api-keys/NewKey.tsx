// Making a key: the form, and the secret shown once (with Copy).
import { useState, type FormEvent } from 'react';
import { API_KEY_ROLES, type ApiKey } from '../../api/apiKeys';
import { useCreateApiKey } from '../../api/apiKeyHooks';
import { ErrorNotice } from '../../components/ErrorNotice';

export type KeyRole = (typeof API_KEY_ROLES)[number];

export function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <section aria-label="The new key" className="notice">
      <p>
        <strong>Copy the key now: you will not see it again.</strong>
      </p>
      <p>
        <code aria-label="API key">{secret}</code>{' '}
        <button
          type="button"
          onClick={() => void navigator.clipboard?.writeText(secret).then(() => setCopied(true))}
        >
          Copy
        </button>{' '}
        {copied ? <span role="status">Copied</span> : null}
      </p>
      <button type="button" onClick={onDone}>
        Done
      </button>
    </section>
  );
}

interface NewKeyFormProps {
  /** Called as the request leaves (the page clears its last result message). */
  onStart: () => void;
  onMade: (made: ApiKey) => void;
}

export function NewKeyForm({ onStart, onMade }: NewKeyFormProps) {
  const create = useCreateApiKey();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onStart();
    const expires = String(form.get('expires') ?? '');
    onMade(
      await create.mutateAsync({
        name: String(form.get('name') ?? '').trim() || null,
        role: String(form.get('role')) as KeyRole,
        expires_at: expires ? new Date(expires).toISOString() : null,
      }),
    );
  };
  return (
    <form aria-label="New key" onSubmit={(event) => void submit(event).catch(() => {})}>
      <h2>New key</h2>
      <label>
        Name <input name="name" maxLength={200} />
      </label>{' '}
      <label>
        Role{' '}
        <select name="role" defaultValue="basic">
          {API_KEY_ROLES.map((role) => (
            <option key={role}>{role}</option>
          ))}
        </select>
      </label>{' '}
      <label>
        Expires (optional) <input name="expires" type="datetime-local" />
      </label>{' '}
      <button type="submit" disabled={create.isPending}>
        Make key
      </button>
      {create.isError ? <ErrorNotice error={create.error} /> : null}
    </form>
  );
}
