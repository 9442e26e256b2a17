import { useState, type KeyboardEvent } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { errorAt } from '../../lib/fieldErrors';
import { listItemProblem } from '../../sources/problems';
import type { SourceFormValues } from '../../sources/form';
import type { ListField } from '../../sources/types';
import { friendlyWords } from '../../lib/friendlyWords';
import { Field } from '../Field';

/** A list of text items (addresses, channels, sites): typed one at a time and added, each removable. */
export function ListControl({
  source,
  field,
  id,
}: {
  source: string;
  field: ListField;
  id: string;
}) {
  const form = useFormContext<SourceFormValues>();
  const { register, getValues, setValue, setError, clearErrors, setFocus, formState } = form;
  const name = `config.${field.key}` as const;
  const draftName = `drafts.${field.key}` as const;
  const { field: list } = useController({ control: form.control, name });
  const items = Array.isArray(list.value) ? (list.value as string[]) : [];
  const [announcement, setAnnouncement] = useState('');
  const draftError = errorAt(formState.errors, draftName);

  const refuse = (message: string) => {
    setError(draftName, { type: 'validate', message });
    setFocus(draftName);
  };
  const add = () => {
    const draft = (getValues(draftName) ?? '').trim();
    if (!draft) return refuse(`Type in “${field.itemLabel}” first, then add it`);
    const problem = listItemProblem(source, field.key, draft);
    if (problem) return refuse(problem);
    if (items.some((item) => item.toLowerCase() === draft.toLowerCase())) {
      return refuse(`“${draft}” is already in the list`);
    }
    list.onChange([...items, draft]);
    setValue(draftName, '');
    clearErrors([draftName, name]);
    setAnnouncement(`Added ${draft} to ${field.listNoun}`);
  };
  const removeAt = (index: number, item: string) => {
    list.onChange(items.filter((_, at) => at !== index));
    clearErrors(name);
    setAnnouncement(`Removed ${item} from ${field.listNoun}`);
    setFocus(draftName);
  };
  const draft = register(draftName, { onChange: () => clearErrors(draftName) });
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <fieldset className="list-field">
      <legend>{field.label}</legend>
      {field.hint && <p className="hint">{field.hint}</p>}
      {items.length === 0 ? (
        <p>{field.emptyText}</p>
      ) : (
        <ul aria-label={field.listName} className="list-field-items">
          {items.map((item, index) => {
            const error = errorAt(formState.errors, `${name}.${index}`);
            const errorId = `${id}-remove-${index}-error`;
            return (
              <li key={`${index}:${item}`}>
                <span>{item}</span>
                <button
                  type="button"
                  className="secondary"
                  id={`${id}-remove-${index}`}
                  aria-describedby={error ? errorId : undefined}
                  onClick={() => removeAt(index, item)}
                >
                  Remove {item}
                </button>
                {error && (
                  <p id={errorId} className="field-error">
                    {friendlyWords(error)}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div className="list-field-add">
        <Field id={`${id}-draft`} label={field.itemLabel} error={draftError}>
          {(control) => (
            <input
              {...control}
              type={field.itemType === 'email' ? 'email' : 'text'}
              autoComplete="off"
              spellCheck={false}
              {...draft}
              onKeyDown={addOnEnter}
            />
          )}
        </Field>
        <button type="button" className="secondary" onClick={add}>
          {field.addLabel}
        </button>
      </div>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </fieldset>
  );
}
