// One key in the list: its facts, and its actions. Rename and change role in
// place (a role change asked first, as it changes what the key may do);
// regenerate and delete are asked by the page.
import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import { isPersonKey, type ApiKey } from '../../contract/apiKeys';
import { useChangeApiKey } from '../../api/apiKeyHooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { describeError } from '../../lib/describeError';
import { roleWords } from '../../lib/enumWords';
import { focusFirstField } from '../../lib/focusFirstField';
import { formatDateTime } from '../../lib/format';
import type { KeyRole } from './NewKey';
import { KeyRoleField } from './KeyRoleField';

export type KeyAction = 'regenerate' | 'delete';

/** A key's name, else how it was made: the key command's keys have none. */
const keyTitle = (key: ApiKey) =>
  key.api_key_name ?? (isPersonKey(key) ? 'Made with npm run keys' : 'No name');

/** How the page names a key: its name, else its display form and how it was made. */
export const keyLabel = (key: ApiKey) =>
  key.api_key_name ?? `${key.api_key_display} (${keyTitle(key).toLowerCase()})`;

/** The id of a key's Edit button (the page sends the keyboard there after Done). */
export const editButtonId = (keyId: number) => `api-key-${keyId}-edit`;

interface Edit {
  name: string | null;
  role: KeyRole;
}

interface KeyRowProps {
  apiKey: ApiKey;
  onAsk: (kind: KeyAction, key: ApiKey) => void;
  /** The words of a change made here (the page's result message). */
  onSaid: (words: string) => void;
}

export function KeyRow({ apiKey, onAsk, onSaid }: KeyRowProps) {
  const change = useChangeApiKey();
  const [editing, setEditing] = useState(false);
  const [roleAsked, setRoleAsked] = useState<Edit | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const label = keyLabel(apiKey);

  // Edit: the keyboard goes to the Name field, the form's first control, the name selected.
  useEffect(() => {
    if (editing) focusFirstField(nameRef.current?.form);
  }, [editing]);
  const cancel = () => {
    setEditing(false);
    editRef.current?.focus();
  };

  // The result, or the refusal, is the page's result message (it takes the keyboard).
  const save = async (edit: Edit) => {
    setRoleAsked(null);
    onSaid('');
    try {
      const saved = await change.mutateAsync({ id: apiKey.api_key_id, ...edit });
      setEditing(false);
      onSaid(`Key ${keyLabel(saved)} saved (${roleWords(saved.api_key_role)}).`);
    } catch (error) {
      onSaid(`Save ${label}: not done. ${describeError(error)}`);
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const edit = {
      name: String(form.get('name') ?? '').trim() || null,
      role: String(form.get('role')) as KeyRole,
    };
    if (edit.role !== apiKey.api_key_role) setRoleAsked(edit);
    else void save(edit);
  };

  return (
    <tr>
      <th scope="row">
        {editing ? (
          <EditKeyForm
            apiKey={apiKey}
            label={label}
            nameRef={nameRef}
            onSubmit={submit}
            saving={change.isPending}
            onCancel={cancel}
          />
        ) : (
          <>
            {keyTitle(apiKey)} <span className="hint">{apiKey.api_key_display}</span>
          </>
        )}
      </th>
      <td data-label="Role">{roleWords(apiKey.api_key_role)}</td>
      <td data-label="Owner">{apiKey.owner?.email ?? apiKey.user_email}</td>
      <td data-label="Last used">
        {apiKey.last_used_at ? formatDateTime(apiKey.last_used_at) : 'Never'}
      </td>
      <td data-label="Expires">
        {apiKey.expires_at ? formatDateTime(apiKey.expires_at) : 'Never'}
      </td>
      <td className="key-actions">
        <button
          type="button"
          className="secondary"
          aria-label={`Edit ${label}`}
          id={editButtonId(apiKey.api_key_id)}
          ref={editRef}
          onClick={() => setEditing(true)}
        >
          Edit
        </button>{' '}
        <button
          type="button"
          className="secondary"
          aria-label={`Regenerate ${label}`}
          onClick={() => onAsk('regenerate', apiKey)}
        >
          Regenerate
        </button>{' '}
        <button
          type="button"
          className="danger"
          aria-label={`Delete ${label}`}
          onClick={() => onAsk('delete', apiKey)}
        >
          Delete
        </button>
        {roleAsked ? (
          <ConfirmDialog
            title={`Make ${label} ${roleWords(roleAsked.role)}?`}
            confirmLabel={`Make it ${roleWords(roleAsked.role)}`}
            onConfirm={() => void save(roleAsked)}
            onCancel={() => setRoleAsked(null)}
          >
            <p>
              Its role changes from {roleWords(apiKey.api_key_role)} to {roleWords(roleAsked.role)}:
              whoever uses it may do what a {roleWords(roleAsked.role)} user may, from the next
              request on.
            </p>
          </ConfirmDialog>
        ) : null}
      </td>
    </tr>
  );
}

/** A key's name and role, changed in place. */
function EditKeyForm(props: {
  apiKey: ApiKey;
  label: string;
  nameRef: Ref<HTMLInputElement>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  onCancel: () => void;
}) {
  const { apiKey, label, nameRef, onSubmit, saving, onCancel } = props;
  return (
    <form aria-label={`Edit ${label}`} onSubmit={onSubmit}>
      <label>
        Name{' '}
        <input ref={nameRef} name="name" defaultValue={apiKey.api_key_name ?? ''} maxLength={200} />
      </label>{' '}
      <KeyRoleField defaultRole={apiKey.api_key_role} />{' '}
      <button type="submit" disabled={saving}>
        Save
      </button>{' '}
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
