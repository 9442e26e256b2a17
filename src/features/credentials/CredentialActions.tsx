// Rename, new values, delete: one credential's changes. New values are merged
// into the stored ones (an empty box keeps its stored value; a ticked "Remove"
// removes it); secrets are typed in password boxes and never shown back.
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ConnectorSnapshot, Credential } from '../../contract/contract';
import { useDeleteCredential, useUpdateCredential } from '../../api/credentials';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TypedCount, typedCountMatches } from '../../components/TypedCount';
import { ErrorNotice } from '../../components/ErrorNotice';
import { CredentialSharing, type SharingValue } from '../../components/CredentialSharing';
import { Field } from '../../components/Field';
import { SaveOrCancel } from '../../components/SaveOrCancel';
import {
  CredentialValueFields,
  type CredentialRegister,
} from '../../components/CredentialValueFields';
import {
  credentialFields,
  credentialJsonOf,
  removalsOf,
  storedSwitches,
} from '../../lib/credentialFields';
import { credentialLabel } from '../../lib/credentials';
import { focusFirstField } from '../../lib/focusFirstField';
import { placeServerErrors } from '../../lib/fieldErrors';
import { namesOf } from '../../lib/namesOf';

interface ChangeValues {
  name: string;
  values: Record<string, string | boolean>;
  remove: Record<string, boolean>;
}

export function CredentialActions(props: {
  credential: Credential;
  /** Undefined while the connectors are not in (or could not be listed). */
  usedBy: ConnectorSnapshot[] | undefined;
  onDone: (words: string) => void;
}) {
  const { credential, usedBy, onDone } = props;
  const label = credentialLabel(credential);
  const [mode, setMode] = useState<'rename' | 'values' | 'sharing' | null>(null);
  const storedSharing = {
    curator_public: credential.curator_public ?? false,
    groups: credential.groups ?? [],
  };
  const [sharing, setSharing] = useState<SharingValue>(storedSharing);
  const [deleting, setDeleting] = useState(false);
  const [typed, setTyped] = useState('');
  const using = usedBy?.length ?? 0;
  const update = useUpdateCredential();
  const remove = useDeleteCredential();
  const fields = credentialFields(credential.source);
  const stored = credential.credential_json ?? {};
  // The yes/no switches start as stored: the form sends them whatever their state.
  const untouched = (name: string, switches = stored): ChangeValues => ({
    name,
    values: storedSwitches(fields, switches),
    remove: {},
  });
  const { register, handleSubmit, setError, formState, reset } = useForm<ChangeValues>({
    defaultValues: untouched(credential.name ?? ''),
  });
  // Opening a form puts the keyboard in its first box (Rename: the old name selected).
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (mode) focusFirstField(form.current);
  }, [mode]);
  const renameButton = useRef<HTMLButtonElement>(null);
  const valuesButton = useRef<HTMLButtonElement>(null);
  const sharingButton = useRef<HTMLButtonElement>(null);
  /** The form closes unsaved; the keyboard goes back to the button that opened it. */
  const cancel = () => {
    ({ rename: renameButton, values: valuesButton, sharing: sharingButton })[
      mode ?? 'rename'
    ].current?.focus();
    setMode(null);
    setSharing(storedSharing);
    reset(untouched(credential.name ?? ''));
  };

  const save = handleSubmit(async (form) => {
    const change =
      mode === 'rename'
        ? { name: form.name }
        : mode === 'sharing'
          ? sharing
          : {
              // Only what was typed or ticked: the server keeps every other stored value.
              credential_json: {
                ...credentialJsonOf(fields, form.values),
                ...removalsOf(form.remove),
              },
            };
    try {
      await update.mutateAsync({ id: credential.id, change });
      setMode(null);
      // What was just saved is what is stored now.
      reset(untouched(form.name, form.values));
      onDone(
        mode === 'rename'
          ? `Renamed to “${form.name.trim()}”.`
          : mode === 'sharing'
            ? `Who may use “${label}” is saved: ${sharingWords(sharing)}.`
            : `New values saved for “${label}”.`,
      );
    } catch (error) {
      placeServerErrors(error, setError, ([, first, key]) =>
        first === 'name' ? 'name' : first === 'credential_json' ? `values.${String(key)}` : null,
      );
    }
  });

  // Unknown users: not forced, so the server refuses if any connector uses it.
  const inUse = (usedBy?.length ?? 0) > 0;
  const erase = async () => {
    setDeleting(false);
    await remove.mutateAsync({ id: credential.id, force: inUse });
    onDone(`Credential “${label}” was deleted.`);
  };

  return (
    <div className="credential-actions">
      <div className="detail-actions">
        <button
          type="button"
          className="secondary"
          ref={renameButton}
          aria-expanded={mode === 'rename'}
          onClick={() => setMode(mode === 'rename' ? null : 'rename')}
        >
          Rename <span className="visually-hidden">{label}</span>
        </button>
        {fields.length > 0 && (
          <button
            type="button"
            className="secondary"
            ref={valuesButton}
            aria-expanded={mode === 'values'}
            onClick={() => setMode(mode === 'values' ? null : 'values')}
          >
            New values <span className="visually-hidden">for {label}</span>
          </button>
        )}
        <button
          type="button"
          className="secondary"
          ref={sharingButton}
          aria-expanded={mode === 'sharing'}
          onClick={() => setMode(mode === 'sharing' ? null : 'sharing')}
        >
          Sharing <span className="visually-hidden">of {label}</span>
        </button>
        <button type="button" className="secondary" onClick={() => setDeleting(true)}>
          Delete <span className="visually-hidden">{label}</span>
        </button>
      </div>
      {mode && (
        <form
          ref={form}
          noValidate
          className="credential-change"
          onSubmit={(event) => void save(event)}
          aria-label={
            mode === 'rename'
              ? `Rename ${label}`
              : mode === 'sharing'
                ? `Sharing of ${label}`
                : `New values for ${label}`
          }
        >
          {mode === 'sharing' ? (
            <CredentialSharing
              id={`sharing-${credential.id}`}
              value={sharing}
              onChange={setSharing}
            />
          ) : mode === 'rename' ? (
            <Field
              id={`rename-${credential.id}`}
              label="New name"
              error={formState.errors.name?.message}
            >
              {(control) => <input {...control} autoComplete="off" {...register('name')} />}
            </Field>
          ) : (
            <CredentialValueFields
              fields={fields}
              idPrefix={`values-${credential.id}`}
              register={register as unknown as CredentialRegister}
              errors={formState.errors}
              stored={stored}
            />
          )}
          <SaveOrCancel label="Save" saving={update.isPending} onCancel={cancel} />
        </form>
      )}
      {remove.isError && <ErrorNotice error={remove.error} />}
      {deleting && (
        <ConfirmDialog
          title={`Delete “${label}”?`}
          confirmLabel={inUse ? 'Detach and delete' : 'Delete credential'}
          onCancel={() => setDeleting(false)}
          onConfirm={() => void erase().catch(() => {})}
          confirmDisabled={!typedCountMatches(using, typed)}
        >
          <p>{deleteWords(usedBy)}</p>
          <TypedCount
            count={using}
            purpose="to detach it from them all and delete it"
            value={typed}
            onChange={setTyped}
          />
        </ConfirmDialog>
      )}
    </div>
  );
}

/** Who else may use it, in words. */
function sharingWords(sharing: SharingValue) {
  const groups = sharing.groups.length;
  if (sharing.curator_public) return 'every curator';
  return groups === 0
    ? 'admins and its maker only'
    : `the curators of ${groups === 1 ? 'one group' : `${groups} groups`}`;
}

/** What deleting does to the connectors that use it: at most ten named (lib/namesOf). */
function deleteWords(usedBy: ConnectorSnapshot[] | undefined) {
  if (!usedBy) {
    return 'Which connectors use it is not known yet: if any does, the deletion is refused and nothing changes.';
  }
  if (usedBy.length === 0) return 'No connector uses it. This cannot be undone.';
  const one = usedBy.length === 1;
  return (
    `${one ? 'One connector uses' : `${usedBy.length.toLocaleString('en')} connectors use`} it: ` +
    `${namesOf(usedBy)} It is detached from ${one ? 'it' : 'them'} first, and ` +
    `${one ? 'it stops' : 'they stop'} being listed until ${one ? 'it gets' : 'they get'} another credential.`
  );
}
