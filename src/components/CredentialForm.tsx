// Make a credential: a name, a catalogue source (by its label), and the values
// its source needs (secret ones in password boxes). The server checks the rules
// (src/contract/sources/) and its 422 words land next to the field they are about.
// Who else may use it (every curator, or groups: D13) is chosen here too.
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useCreateCredential } from '../api/credentials';
import type { DocumentSource } from '../contract/contract';
import { credentialFields, credentialJsonOf, FORM_SOURCES } from '../lib/credentialFields';
import { placeServerErrors, validationProblemsOf } from '../lib/fieldErrors';
import { sourceLabel } from '../lib/sources';
import { CredentialValueFields, type CredentialRegister } from './CredentialValueFields';
import { CredentialSharing, NOT_SHARED } from './CredentialSharing';
import { ErrorNotice } from './ErrorNotice';
import { Field } from './Field';

interface CredentialFormValues {
  name: string;
  source: DocumentSource;
  values: Record<string, string | boolean>;
}

export interface CredentialFormProps {
  /** Fixed source (the wizard's "New Jira credential"); otherwise a choice. */
  source?: DocumentSource;
  onCreated: (id: number, name: string) => void;
  onCancel?: () => void;
}

export function CredentialForm({ source: fixed, onCreated, onCancel }: CredentialFormProps) {
  const prefix = useId();
  const create = useCreateCredential();
  const { register, handleSubmit, control, setError, formState } = useForm<CredentialFormValues>({
    defaultValues: { name: '', source: fixed ?? FORM_SOURCES[0], values: {} },
  });
  const source = useWatch({ control, name: 'source' });
  const [sharing, setSharing] = useState(NOT_SHARED);
  const fields = credentialFields(source);
  const errors = formState.errors;

  const submit = handleSubmit(async (form) => {
    try {
      const made = await create.mutateAsync({
        name: form.name,
        source: form.source,
        credential_json: credentialJsonOf(fields, form.values),
        admin_public: true,
        ...sharing,
      });
      onCreated(made.id, form.name.trim());
    } catch (error) {
      placeServerErrors(error, setError, (loc) => {
        const [, first, key] = loc;
        if (first === 'name') return 'name';
        if (first === 'credential_json' && typeof key === 'string') return `values.${key}`;
        return null;
      });
    }
  });

  return (
    <form
      className="credential-form"
      noValidate
      onSubmit={(event) => {
        // React passes events up through portals: a form around the dialog must not submit too.
        event.stopPropagation();
        void submit(event);
      }}
    >
      <Field
        id={`${prefix}-name`}
        label="Name"
        hint="How the credential is known in lists."
        error={errors.name?.message}
      >
        {(control) => <input {...control} autoComplete="off" {...register('name')} />}
      </Field>
      {!fixed && (
        <Field id={`${prefix}-source`} label="Source">
          {(control) => (
            <select {...control} {...register('source')}>
              {FORM_SOURCES.map((value) => (
                <option key={value} value={value}>
                  {sourceLabel(value)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <CredentialValueFields
        key={source}
        fields={fields}
        idPrefix={`${prefix}-${source}`}
        register={register as unknown as CredentialRegister}
        errors={errors}
      />
      <CredentialSharing id={`${prefix}-sharing`} value={sharing} onChange={setSharing} />
      {create.isError && validationProblemsOf(create.error).length === 0 && (
        <ErrorNotice error={create.error} />
      )}
      <div className="form-actions">
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Saving…' : 'Save credential'}
        </button>
        {onCancel && (
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
