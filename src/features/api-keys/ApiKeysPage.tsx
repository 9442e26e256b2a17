// API keys (admins): list, make one (its secret shown once, with Copy), rename
// or change its role, regenerate and delete, each change confirmed.
import { useState, type FormEvent } from 'react';
import { API_KEY_ROLES, type ApiKey } from '../../api/apiKeys';
import {
  useApiKeys,
  useChangeApiKey,
  useCreateApiKey,
  useDeleteApiKey,
  useRegenerateApiKey,
} from '../../api/apiKeyHooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorNotice, QueryErrorNotice } from '../../components/ErrorNotice';
import { formatDateTime } from '../../lib/format';

type Role = (typeof API_KEY_ROLES)[number];
type Pending = { kind: 'regenerate' | 'delete'; key: ApiKey } | null;

function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
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

function NewKeyForm({ onMade }: { onMade: (secret: string) => void }) {
  const create = useCreateApiKey();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const expires = String(form.get('expires') ?? '');
    const made = await create.mutateAsync({
      name: String(form.get('name') ?? '').trim() || null,
      role: String(form.get('role')) as Role,
      expires_at: expires ? new Date(expires).toISOString() : null,
    });
    if (made.api_key) onMade(made.api_key);
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

function KeyRow({ apiKey, onAsk }: { apiKey: ApiKey; onAsk: (pending: Pending) => void }) {
  const change = useChangeApiKey();
  const [editing, setEditing] = useState(false);
  const label = apiKey.api_key_name ?? apiKey.api_key_display;
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await change.mutateAsync({
      id: apiKey.api_key_id,
      name: String(form.get('name') ?? '').trim() || null,
      role: String(form.get('role')) as Role,
    });
    setEditing(false);
  };
  return (
    <tr>
      <th scope="row">
        {editing ? (
          <form aria-label={`Edit ${label}`} onSubmit={(event) => void save(event).catch(() => {})}>
            <label>
              Name <input name="name" defaultValue={apiKey.api_key_name ?? ''} maxLength={200} />
            </label>{' '}
            <label>
              Role{' '}
              <select name="role" defaultValue={apiKey.api_key_role}>
                {API_KEY_ROLES.map((role) => (
                  <option key={role}>{role}</option>
                ))}
              </select>
            </label>{' '}
            <button type="submit">Save</button>{' '}
            <button type="button" onClick={() => setEditing(false)}>
              Cancel
            </button>
            {change.isError ? <ErrorNotice error={change.error} /> : null}
          </form>
        ) : (
          <>
            {label} <span className="hint">{apiKey.api_key_display}</span>
          </>
        )}
      </th>
      <td>{apiKey.api_key_role}</td>
      <td>{apiKey.owner?.email ?? apiKey.user_email}</td>
      <td>{apiKey.last_used_at ? formatDateTime(apiKey.last_used_at) : 'Never'}</td>
      <td>{apiKey.expires_at ? formatDateTime(apiKey.expires_at) : 'Never'}</td>
      <td>
        <button type="button" aria-label={`Edit ${label}`} onClick={() => setEditing(true)}>
          Edit
        </button>{' '}
        <button
          type="button"
          aria-label={`Regenerate ${label}`}
          onClick={() => onAsk({ kind: 'regenerate', key: apiKey })}
        >
          Regenerate
        </button>{' '}
        <button
          type="button"
          aria-label={`Delete ${label}`}
          onClick={() => onAsk({ kind: 'delete', key: apiKey })}
        >
          Delete
        </button>
      </td>
    </tr>
  );
}

export function ApiKeysPage() {
  const keys = useApiKeys();
  const regenerate = useRegenerateApiKey();
  const remove = useDeleteApiKey();
  const [secret, setSecret] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const confirm = async () => {
    if (!pending) return;
    const { kind, key } = pending;
    setPending(null);
    setFailure(null);
    try {
      if (kind === 'delete') await remove.mutateAsync(key.api_key_id);
      else setSecret((await regenerate.mutateAsync(key.api_key_id)).api_key ?? null);
    } catch (error) {
      setFailure(error);
    }
  };
  const pendingLabel = pending && (pending.key.api_key_name ?? pending.key.api_key_display);

  return (
    <section className="page" aria-labelledby="api-keys-title">
      <h1 id="api-keys-title">API keys</h1>
      {secret ? <SecretOnce secret={secret} onDone={() => setSecret(null)} /> : null}
      <NewKeyForm onMade={setSecret} />
      {failure ? <ErrorNotice error={failure} /> : null}
      {keys.isPending ? <p role="status">Loading keys…</p> : null}
      {keys.isError ? <QueryErrorNotice error={keys.error} /> : null}
      {keys.data ? (
        <table>
          <caption>Live keys</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Owner</th>
              <th scope="col">Last used</th>
              <th scope="col">Expires</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {keys.data.map((apiKey) => (
              <KeyRow key={apiKey.api_key_id} apiKey={apiKey} onAsk={setPending} />
            ))}
          </tbody>
        </table>
      ) : null}
      {pending ? (
        <ConfirmDialog
          title={
            pending.kind === 'delete' ? `Delete ${pendingLabel}?` : `Regenerate ${pendingLabel}?`
          }
          confirmLabel={pending.kind === 'delete' ? 'Delete' : 'Regenerate'}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        >
          {pending.kind === 'delete'
            ? 'Whoever uses this key is refused from the next request on.'
            : 'The key gets a new secret; the old one is refused from the next request on.'}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
