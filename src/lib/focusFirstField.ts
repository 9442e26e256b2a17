// Where the keyboard goes when a form or a dialog opens: its first field, not
// the button that opened it (nor a Close or Cancel before the fields). Its text
// is selected, so a rename replaces the old name as soon as one types (and the
// arrow keys still keep it), as a desktop's Rename does; an empty field is
// simply focused.

const FIELDS =
  'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)';

/** Focuses the first field in `container`, its text selected; false when it has none. */
export function focusFirstField(container: ParentNode | null | undefined): boolean {
  const field = container?.querySelector<HTMLElement>(FIELDS);
  if (!field) return false;
  field.focus();
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) field.select();
  return true;
}
