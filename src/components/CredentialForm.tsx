// Make a credential: a name, a source, and the values its source needs (secret
// ones in password boxes). The server checks the rules (the contract's
// CREDENTIAL_KEYS) and its 422 words land next to the field they are about.
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useCreateCredential } from '../api/credentials';
import { DOCUMENT_SOURCES, type DocumentSource } from '../api/contract';
import { credentialFields, FORM_SOURCES } from '../lib/credentialFields';
import { placeServerErrors, validationProblemsOf } from '../lib/fieldErrors';
import { ErrorNotice } from './ErrorNotice';
import { Field } from './Field';

interface CredentialFormValues {
  name: string;
  source: DocumentSource;
  values: Record<string, string>;
  /** For a source the form does not know: one key and its value. */
  otherKey: string;
  otherValue: string;
}

interface CredentialFormProps {
  /** Fixed source (the wizard's "New Jira credential"); otherwise a choice. */
  source?: DocumentSource;
  onCreated: (id: number, name: string) => void;
  onCancel?: () => void;
}

export function CredentialForm({ source: fixed, onCreated, onCancel }: CredentialFormProps) {
  const prefix = useId();
  const create = useCreateCredential();
  const { register, handleSubmit, control, setError, formState } = useForm<CredentialFormValues>({
    defaultValues: { name: '', source: fixed ?? 'jira', values: {}, otherKey: '', otherValue: '' },
  });
  const source = useWatch({ control, name: 'source' });
  const fields = credentialFields(source);
  const errors = formState.errors;

  const submit = handleSubmit(async (form) => {
    const credential_json =
      fields.length > 0
        ? Object.fromEntries(
            fields
              .map(({ key }) => [key, (form.values[key] ?? '').trim()] as const)
              .filter(([, value]) => value !== ''),
          )
        : form.otherKey.trim()
          ? { [form.otherKey.trim()]: form.otherValue }
          : {};
    try {
      const made = await create.mutateAsync({
        name: form.name,
        source: form.source,
        credential_json,
        admin_public: true,
      });
      onCreated(made.id, form.name.trim());
    } catch (error) {
      placeServerErrors(error, setError, (loc) => {
        const [, first, key] = loc;
        if (first === 'name') return 'name';
        if (first === 'credential_json' && typeof key === 'string') {
          return fields.length > 0 ? `values.${key}` : 'otherValue';
        }
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
              {[...FORM_SOURCES, ...DOCUMENT_SOURCES.filter((s) => !FORM_SOURCES.includes(s))].map(
                (value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ),
              )}
            </select>
          )}
        </Field>
      )}
      {fields.map((field) => (
        <Field
          key={`${source}-${field.key}`}
          id={`${prefix}-${field.key}`}
          label={field.required ? field.label : `${field.label} (optional)`}
          hint={field.hint}
          error={errors.values?.[field.key]?.message}
        >
          {(control) => (
            <input
              {...control}
              type={field.secret ? 'password' : 'text'}
              autoComplete={field.secret ? 'new-password' : 'off'}
              spellCheck={false}
              {...register(`values.${field.key}`)}
            />
          )}
        </Field>
      ))}
      {fields.length === 0 && (
        <>
          <Field
            id={`${prefix}-other-key`}
            label="Setting name"
            hint="The key the connector reads, for example api_token."
          >
            {(control) => (
              <input {...control} autoComplete="off" spellCheck={false} {...register('otherKey')} />
            )}
          </Field>
          <Field
            id={`${prefix}-other-value`}
            label="Setting value"
            error={errors.otherValue?.message}
          >
            {(control) => (
              <input
                {...control}
                type="password"
                autoComplete="new-password"
                {...register('otherValue')}
              />
            )}
          </Field>
        </>
      )}
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
