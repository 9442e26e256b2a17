import type { ReactNode } from 'react';
import { friendlyWords } from '../lib/friendlyWords';

/** What a field's control carries so that its hint and error are read with it. */
interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

interface FieldProps {
  /** The control's id; the hint and error take `<id>-hint` and `<id>-error`. */
  id: string;
  /** A label for one control, or a legend for a group of them (a fieldset). */
  label?: ReactNode;
  legend?: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  /** More ids that describe the control (a live status, a computed value). */
  describedBy?: (string | false | null | undefined)[];
  /** Who carries the description: the control (default for a label) or the fieldset (for a legend). */
  describe?: 'control' | 'group';
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * One form field: a label (or legend), a hint, the control and its error,
 * linked with aria-describedby, so every form reads the same to a screen reader.
 */
export function Field({
  id,
  label,
  legend,
  hint,
  error,
  describedBy = [],
  describe = legend === undefined ? 'control' : 'group',
  className = 'field',
  children,
}: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const ids = [hint ? hintId : null, ...describedBy, error ? errorId : null].filter(Boolean);
  const description = ids.join(' ') || undefined;
  const control: FieldControlProps = {
    id,
    'aria-describedby': describe === 'control' ? description : undefined,
    'aria-invalid': error ? true : undefined,
  };
  const body = (
    <>
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
      {children(control)}
      {error && (
        <p id={errorId} className="field-error">
          {friendlyWords(error)}
        </p>
      )}
    </>
  );
  if (legend !== undefined) {
    return (
      <fieldset
        className={className}
        aria-describedby={describe === 'group' ? description : undefined}
      >
        <legend>{legend}</legend>
        {body}
      </fieldset>
    );
  }
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {body}
    </div>
  );
}
