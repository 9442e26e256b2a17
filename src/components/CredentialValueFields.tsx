// The boxes of a credential's values, for making one and for giving it new
// values: secrets in password boxes (a key file chosen as a file: KeyFileField), a
// yes/no value as a checkbox, fixed values not asked. Given the stored values
// (masked, D6), each box says what is stored and that leaving it empty keeps
// it, and an optional value stored can be ticked for removal.
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { storedWords, type CredentialField } from '../lib/credentialFields';
import { errorAt } from '../lib/fieldErrors';
import { Field } from './Field';
import { KeyFileField } from './KeyFileField';

/** The forms hold the values under `values.<key>`, and the keys to remove under `remove.<key>`. */
export type CredentialRegister = UseFormRegister<{
  values: Record<string, string | boolean>;
  remove: Record<string, boolean>;
}>;

interface CredentialValueFieldsProps {
  fields: readonly CredentialField[];
  idPrefix: string;
  register: CredentialRegister;
  errors: FieldErrors;
  /** The credential's values as stored, masked (D6): the form gives it new values. */
  stored?: Readonly<Record<string, unknown>>;
}

export function CredentialValueFields({
  fields,
  idPrefix,
  register,
  errors,
  stored,
}: CredentialValueFieldsProps) {
  return fields
    .filter((field) => field.fixed === undefined)
    .map((field) => {
      const id = `${idPrefix}-${field.key}`;
      const name = `values.${field.key}` as const;
      const error = errorAt(errors, name);
      if (field.checkbox) {
        return (
          <Field
            key={field.key}
            id={id}
            hint={field.hint}
            error={error}
            className="field checkbox-field"
          >
            {(control) => (
              <label className="choice">
                <input {...control} type="checkbox" {...register(name)} /> {field.label}
              </label>
            )}
          </Field>
        );
      }
      const label = field.required ? field.label : `${field.label} (optional)`;
      if (field.keyFile) {
        return (
          <KeyFileField
            key={field.key}
            field={field}
            id={id}
            label={label}
            register={register}
            error={error}
          />
        );
      }
      const hint = stored
        ? [field.hint, storedWords(field, stored[field.key])].filter(Boolean).join(' ')
        : field.hint;
      const removable = stored !== undefined && !field.required && field.key in stored;
      return (
        <Field key={field.key} id={id} label={label} hint={hint} error={error}>
          {(control) => (
            <>
              <input
                {...control}
                type={field.secret ? 'password' : 'text'}
                autoComplete={field.secret ? 'new-password' : 'off'}
                spellCheck={false}
                {...register(name)}
              />
              {removable && (
                <label className="choice">
                  <input type="checkbox" {...register(`remove.${field.key}`)} /> Remove the stored{' '}
                  {field.secret ? 'secret' : 'value'}{' '}
                  <span className="visually-hidden">of {field.label}</span>
                </label>
              )}
            </>
          )}
        </Field>
      );
    });
}
