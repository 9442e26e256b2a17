// Undoing many is not one click: past this many things, the number is typed
// before the confirmation's button works (the list's bulk delete, and the
// deletion of a credential many connectors use).
import { useId } from 'react';

export const TYPE_TO_CONFIRM_PAST = 20;

/** Whether `count` things need their number typed, and whether `typed` is it. */
export const mustTypeCount = (count: number) => count > TYPE_TO_CONFIRM_PAST;
export const typedCountMatches = (count: number, typed: string) =>
  !mustTypeCount(count) || typed.trim() === String(count);

export function TypedCount(props: {
  count: number;
  /** The label after "Type <count>", such as "to delete them all". */
  purpose: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  if (!mustTypeCount(props.count)) return null;
  return (
    <p className="field">
      <label htmlFor={id}>
        Type {props.count} {props.purpose}
      </label>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </p>
  );
}
