import { useState, type KeyboardEvent } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { errorAt } from '../../lib/fieldErrors';
import { listItemProblem } from '../../sources/problems';
import type { SourceFormValues } from '../../sources/form';
import type { ListField } from '../../sources/types';
import { friendlyWords } from '../../lib/friendlyWords';
import { Field } from '../Field';
import { UploadFiles } from './UploadFiles';

/**
 * A list of text items (addresses, channels, sites): typed one at a time and
 * added, each removable. An uploaded list (the File source's) also takes files:
 * each upload adds the stored files' locations, and keeps their names beside
 * them (one per item: a typed location is its own name), which the list shows.
 */
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
  const namesKey = field.upload && 'namesKey' in field.upload ? field.upload.namesKey : null;
  const namesName = `config.${namesKey ?? field.key}` as const;
  const storedNames = useWatch({ control: form.control, name: namesName });
  // A zip uploaded where no name is sent: its name is known on this page only.
  const [uploadedNames, setUploadedNames] = useState<ReadonlyMap<string, string>>(new Map());
  const names = namesKey && Array.isArray(storedNames) ? (storedNames as string[]) : [];
  /** The list and, for an uploaded one, its names, changed together. */
  const change = (next: string[], nextNames: string[]) => {
    list.onChange(next);
    if (namesKey) setValue(namesName, nextNames);
  };
  const nameAt = (index: number) =>
    names[index] || uploadedNames.get(items[index]!) || items[index]!;
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
    change([...items, draft], [...items.map((_, at) => nameAt(at)), draft]);
    setValue(draftName, '');
    clearErrors([draftName, name]);
    setAnnouncement(`Added ${draft} to ${field.listNoun}`);
  };
  const removeAt = (index: number, item: string) => {
    const kept = (_: unknown, at: number) => at !== index;
    change(items.filter(kept), items.map((_, at) => nameAt(at)).filter(kept));
    clearErrors(name);
    setAnnouncement(`Removed ${item} from ${field.listNoun}`);
    setFocus(draftName);
  };
  const uploaded = (locations: string[], answeredNames: string[]) => {
    change([...items, ...locations], [...items.map((_, at) => nameAt(at)), ...answeredNames]);
    setUploadedNames(
      (known) => new Map([...known, ...locations.map((at, i) => [at, answeredNames[i]!] as const)]),
    );
    clearErrors(name);
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
          {items.map((location, index) => {
            const item = nameAt(index);
            return (
              <ListItem
                key={`${index}:${location}`}
                id={`${id}-remove-${index}`}
                item={item}
                error={errorAt(formState.errors, `${name}.${index}`)}
                onRemove={() => removeAt(index, item)}
              />
            );
          })}
        </ul>
      )}
      {field.upload && (
        <UploadFiles
          id={`${id}-upload`}
          onUploaded={uploaded}
          zipOnly={'zipOnly' in field.upload}
        />
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

/** One item of the list, its Remove button and the server's word about it. */
function ListItem(props: {
  id: string;
  item: string;
  error: string | undefined;
  onRemove: () => void;
}) {
  const { id, item, error, onRemove } = props;
  const errorId = `${id}-error`;
  return (
    <li>
      <span>{item}</span>
      <button
        type="button"
        className="secondary"
        id={id}
        aria-describedby={error ? errorId : undefined}
        onClick={onRemove}
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
}
