// The boxes of a credential's values, for making one and for giving it new
// values: secrets in password boxes (a key file chosen as a file: KeyFileField), a
// yes/no value as a checkbox, fixed values not asked.
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { CredentialField } from '../lib/credentialFields';
import { errorAt } from '../lib/fieldErrors';
import { Field } from './Field';
import { KeyFileField } from './KeyFileField';

/** The forms hold the values under `values.<key>`. */
export type CredentialRegister = UseFormRegister<{ values: Record<string, string | boolean> }>;

interface CredentialValueFieldsProps {
  fields: readonly CredentialField[];
  idPrefix: string;
  register: CredentialRegister;
  errors: FieldErrors;
}

export function CredentialValueFields({
  fields,
  idPrefix,
  register,
  errors,
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
      return (
        <Field key={field.key} id={id} label={label} hint={field.hint} error={error}>
          {(control) => (
            <input
              {...control}
              type={field.secret ? 'password' : 'text'}
              autoComplete={field.secret ? 'new-password' : 'off'}
              spellCheck={false}
              {...register(name)}
            />
          )}
        </Field>
      );
    });
}
