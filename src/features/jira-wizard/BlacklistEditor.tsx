import { useState, type KeyboardEvent } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { fieldId } from './wizardFields';
import { TextField } from './TextField';
import { blacklistAddressSchema, type WizardValues } from './wizardSchema';
import { friendlyWords } from '../../lib/friendlyWords';

const DRAFT_ERROR = 'root.blacklistDraft' as const;

/** Addresses whose comments are left out: add one at a time, remove any. */
export function BlacklistEditor() {
  const { control, register, getValues, setValue, setError, clearErrors, setFocus, formState } =
    useFormContext<WizardValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'comment_email_blacklist' });
  const [announcement, setAnnouncement] = useState('');
  const draftError = formState.errors.root?.blacklistDraft?.message;
  const itemErrors = formState.errors.comment_email_blacklist;

  const refuse = (message: string) => {
    setError(DRAFT_ERROR, { type: 'validate', message });
    setFocus('blacklist_draft');
  };
  const add = () => {
    const draft = getValues('blacklist_draft').trim();
    if (!draft) return refuse('Type an e-mail address first, then add it');
    const parsed = blacklistAddressSchema.safeParse(draft);
    if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? 'Not an e-mail address');
    const known = getValues('comment_email_blacklist').map((item) => item.address.toLowerCase());
    if (known.includes(parsed.data.toLowerCase())) {
      return refuse(`${parsed.data} is already in the list`);
    }
    append({ address: parsed.data }, { shouldFocus: false });
    setValue('blacklist_draft', '');
    clearErrors(DRAFT_ERROR);
    setAnnouncement(`Added ${parsed.data} to the blacklist`);
  };
  const removeAt = (index: number, address: string) => {
    remove(index);
    setAnnouncement(`Removed ${address} from the blacklist`);
    setFocus('blacklist_draft');
  };
  const draft = register('blacklist_draft', { onChange: () => clearErrors(DRAFT_ERROR) });
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <fieldset className="blacklist">
      <legend>Comment e-mail blacklist (optional)</legend>
      <p className="hint">Comments written by these addresses are left out of the index.</p>
      {fields.length === 0 ? (
        <p>No addresses: comments by everyone are indexed.</p>
      ) : (
        <ul aria-label="Blacklisted addresses" className="blacklist-items">
          {fields.map((field, index) => {
            const error = itemErrors?.[index]?.address?.message;
            const errorId = `${fieldId('comment_email_blacklist', index)}-error`;
            return (
              <li key={field.id}>
                <span>{field.address}</span>
                <button
                  type="button"
                  className="secondary"
                  id={fieldId('comment_email_blacklist', index)}
                  aria-describedby={error ? errorId : undefined}
                  onClick={() => removeAt(index, field.address)}
                >
                  Remove {field.address}
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
      <div className="blacklist-add">
        <TextField
          id={fieldId('blacklist_draft')}
          label="E-mail address to leave out"
          type="email"
          autoComplete="off"
          spellCheck={false}
          error={draftError}
          {...draft}
          onKeyDown={addOnEnter}
        />
        <button type="button" className="secondary" onClick={add}>
          Add address
        </button>
      </div>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </fieldset>
  );
}
