// A credential chooser: an editable combobox with list autocomplete. No form
// library, so the connector list can use it without loading one.
import { useEffect, useId, useMemo } from 'react';
import type { DocumentSource } from '../contract/contract';
import { useCredentials } from '../api/credentials';
import { credentialChoices, matchingChoices, pickerStatus, type Choice } from './credentialChoices';
import { QueryErrorNotice } from './ErrorNotice';
import { Field } from './Field';
import { SourceLogo } from './SourceLabel';
import { useCombobox } from './useCombobox';
import './CredentialPicker.css';

export interface CredentialPickerProps {
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  /** Only credentials that fit this source (D7: credential 0 only for credential-free sources). */
  source?: DocumentSource;
  /** A first option "All credentials" that maps to null, and a button that clears the choice. */
  allowAll?: boolean;
  id?: string;
  description?: string;
  errorMessage?: string;
  onBlur?: () => void;
}

export function CredentialPicker(props: CredentialPickerProps) {
  const { label, value, onChange, source, allowAll = false, description, errorMessage } = props;
  const generated = useId();
  const inputId = props.id ?? `credential-picker${generated}`;
  const [listId, statusId] = [`${inputId}-list`, `${inputId}-status`];
  const credentials = useCredentials();
  const choices = useMemo(
    () => credentialChoices(credentials.data ?? [], { source, allowAll }),
    [credentials.data, source, allowAll],
  );
  const box = useCombobox<Choice>({
    options: choices,
    match: matchingChoices,
    isCurrent: (choice) => choice.id === value,
    onSelect: (choice) => onChange(choice.id),
    onClear: () => onChange(null),
  });
  const optionId = (choice: Choice) => `${listId}-${choice.key}`;

  useEffect(() => {
    if (box.active)
      document.getElementById(optionId(box.active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const selected = choices.find((choice) => choice.id === value);
  const shownText = box.typed ?? selected?.label ?? (value === null ? '' : `Credential ${value}`);
  const none = credentials.isSuccess && choices.length === 0;
  const status = pickerStatus({
    loading: credentials.isPending,
    none,
    source,
    open: box.open,
    typed: box.typed ?? '',
    matches: box.visible.length,
    total: choices.length,
  });
  const clearable = allowAll && value !== null && !box.typed;

  return (
    <Field
      id={inputId}
      label={label}
      hint={description}
      error={errorMessage}
      describedBy={[status && statusId]}
      className="credential-picker field"
    >
      {(control) => (
        <>
          <div className="credential-picker-control">
            <input
              {...control}
              type="text"
              role="combobox"
              autoComplete="off"
              spellCheck={false}
              aria-autocomplete="list"
              aria-expanded={box.expanded}
              aria-controls={listId}
              aria-activedescendant={box.active ? optionId(box.active) : undefined}
              disabled={credentials.isPending || credentials.isError || none}
              value={shownText}
              onChange={(event) => box.onType(event.target.value)}
              onClick={box.onOpen}
              onKeyDown={box.onKeyDown}
              onBlur={() => {
                box.onLeave();
                props.onBlur?.();
              }}
            />
            {clearable && (
              <button
                type="button"
                className="credential-picker-clear"
                aria-label={`Clear ${label.toLowerCase()}: show all credentials`}
                onClick={() => onChange(null)}
              >
                ×
              </button>
            )}
            {/* Options are rendered only while the list is open: 500 credentials cost nothing until then. */}
            <ul role="listbox" id={listId} aria-label={label} hidden={!box.expanded}>
              {(box.expanded ? box.visible : []).map((choice, index) => (
                // Keys are handled on the input (aria-activedescendant); options take clicks only.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <li
                  key={choice.key}
                  id={optionId(choice)}
                  role="option"
                  aria-selected={index === box.activeIndex}
                  className={choice.id === value ? 'current' : undefined}
                  onMouseDown={(event) => event.preventDefault()} // keeps focus in the input
                  onClick={() => box.select(choice)}
                >
                  <ChoiceWords choice={choice} />
                </li>
              ))}
            </ul>
          </div>
          <p
            id={statusId}
            role="status"
            className={status.endsWith('match.') ? 'visually-hidden' : 'hint'}
          >
            {status}
          </p>
          {credentials.isError && (
            <QueryErrorNotice
              error={credentials.error}
              onRetry={() => void credentials.refetch()}
            />
          )}
        </>
      )}
    </Field>
  );
}

/** An option's words: its source and name, what it is about, the secrets it holds. */
function ChoiceWords({ choice }: { choice: Choice }) {
  return (
    <>
      <span className="source-label">
        {choice.source && <SourceLogo source={choice.source} />}
        <span className="credential-option-name">{choice.label}</span>
      </span>
      {choice.detail && <span className="credential-option-detail">{choice.detail}</span>}
      {choice.secrets.length > 0 && (
        <span className="credential-option-secrets">{choice.secrets.join(' · ')}</span>
      )}
    </>
  );
}
