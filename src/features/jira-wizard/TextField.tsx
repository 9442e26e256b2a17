import type { ComponentProps, ReactNode } from 'react';
import { Field } from '../../components/Field';

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
}

/** A labelled text input: the shared Field around an input. */
export function TextField({ id, label, hint, error, className, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => <input {...control} {...input} />}
    </Field>
  );
}
