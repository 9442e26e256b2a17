// Rename, new values, delete: one credential's changes. New values are merged
// into the stored ones (an empty box keeps its stored value; a ticked "Remove"
// removes it); secrets are typed in password boxes and never shown back.
import { useState, type ReactNode } from 'react';
import type { ConnectorSnapshot, Credential } from '../../contract/contract';
import { useDeleteCredential } from '../../api/credentials';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TypedCount, typedCountMatches } from '../../components/TypedCount';
import { ErrorNotice } from '../../components/ErrorNotice';
import { CredentialSharing } from '../../components/CredentialSharing';
import { Field } from '../../components/Field';
import { SaveOrCancel } from '../../components/SaveOrCancel';
import {
  CredentialValueFields,
  type CredentialRegister,
} from '../../components/CredentialValueFields';
import { credentialLabel } from '../../lib/credentials';
import { namesOf } from '../../lib/namesOf';
import { useCredentialChange, type ChangeMode } from './useCredentialChange';

type Change = ReturnType<typeof useCredentialChange>;

export function CredentialActions(props: {
  credential: Credential;
  /** Undefined while the connectors are not in (or could not be listed). */
  usedBy: ConnectorSnapshot[] | undefined;
  onDone: (words: string) => void;
}) {
  const { credential, usedBy, onDone } = props;
  const label = credentialLabel(credential);
  const change = useCredentialChange(credential, label, onDone);
  const [deleting, setDeleting] = useState(false);
  const [typed, setTyped] = useState('');
  const using = usedBy?.length ?? 0;
  const remove = useDeleteCredential();

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
        <ModeButton change={change} mode="rename">
          Rename <span className="visually-hidden">{label}</span>
        </ModeButton>
        {change.fields.length > 0 && (
          <ModeButton change={change} mode="values">
            New values <span className="visually-hidden">for {label}</span>
          </ModeButton>
        )}
        <ModeButton change={change} mode="sharing">
          Sharing <span className="visually-hidden">of {label}</span>
        </ModeButton>
        <button type="button" className="secondary" onClick={() => setDeleting(true)}>
          Delete <span className="visually-hidden">{label}</span>
        </button>
      </div>
      {change.mode && <ChangeForm change={change} credential={credential} label={label} />}
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

/** The button that opens (or closes) one of the change forms. */
function ModeButton(props: { change: Change; mode: ChangeMode; children: ReactNode }) {
  const { change, mode } = props;
  return (
    <button
      type="button"
      className="secondary"
      ref={change.buttons[mode]}
      aria-expanded={change.mode === mode}
      onClick={() => change.setMode(change.mode === mode ? null : mode)}
    >
      {props.children}
    </button>
  );
}

/** The open change form: a new name, new values or who may use it. */
function ChangeForm(props: { change: Change; credential: Credential; label: string }) {
  const { change, credential, label } = props;
  const { mode, formState, register, form, sharing, setSharing, fields, stored } = change;
  return (
    <form
      ref={form}
      noValidate
      className="credential-change"
      onSubmit={(event) => void change.save(event)}
      aria-label={
        mode === 'rename'
          ? `Rename ${label}`
          : mode === 'sharing'
            ? `Sharing of ${label}`
            : `New values for ${label}`
      }
    >
      {mode === 'sharing' ? (
        <CredentialSharing id={`sharing-${credential.id}`} value={sharing} onChange={setSharing} />
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
      <SaveOrCancel label="Save" saving={change.saving} onCancel={change.cancel} />
    </form>
  );
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
