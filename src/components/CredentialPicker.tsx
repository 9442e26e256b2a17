// An editable combobox with list autocomplete (WAI-ARIA APG): focus stays in the
// input, the active option is named by aria-activedescendant. No form library,
// so the connector list can use it without loading one.
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { DocumentSource } from '../api/contract';
import { useCredentials } from '../api/credentials';
import { credentialFits, credentialLabel, maskedEntries } from '../lib/credentials';
import { ErrorNotice } from './ErrorNotice';
import './CredentialPicker.css';

export interface CredentialPickerProps {
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  /** Only credentials that fit this source (D7: credential 0 only for credential-free sources). */
  source?: DocumentSource;
  /** A first option "All credentials" that maps to null. */
  allowAll?: boolean;
  id?: string;
  description?: string;
  errorMessage?: string;
  onBlur?: () => void;
}

interface Choice {
  key: string;
  id: number | null;
  label: string;
  detail: string;
  secrets: string[];
  haystack: string;
}

const ALL_CHOICE: Choice = {
  key: 'all',
  id: null,
  label: 'All credentials',
  detail: '',
  secrets: [],
  haystack: 'all credentials',
};

export function CredentialPicker(props: CredentialPickerProps) {
  const { label, value, onChange, source, allowAll = false, description, errorMessage } = props;
  const generated = useId();
  const inputId = props.id ?? `credential-picker${generated}`;
  const [listId, descriptionId, errorId, statusId] = ['list', 'description', 'error', 'status'].map(
    (part) => `${inputId}-${part}`,
  ) as [string, string, string, string];
  const credentials = useCredentials();
  const [open, setOpen] = useState(false);
  /** What the person typed; null shows the selected credential's name. */
  const [query, setQuery] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);

  const choices = useMemo(() => {
    const fitting = (credentials.data ?? []).filter((c) => !source || credentialFits(c, source));
    const listed = fitting.map((credential): Choice => {
      const name = credentialLabel(credential);
      const detail = `${credential.source} · #${credential.id}`;
      return {
        key: String(credential.id),
        id: credential.id,
        label: name,
        detail,
        secrets: maskedEntries(credential.credential_json),
        haystack: `${name} ${detail} ${credential.id}`.toLowerCase(),
      };
    });
    return allowAll ? [ALL_CHOICE, ...listed] : listed;
  }, [credentials.data, source, allowAll]);

  const needle = query?.trim().toLowerCase() ?? '';
  const visible = needle ? choices.filter((choice) => choice.haystack.includes(needle)) : choices;
  const selected = choices.find((choice) => choice.id === value);
  const shownText = query ?? selected?.label ?? (value === null ? '' : `Credential ${value}`);
  const expanded = open && visible.length > 0;
  const optionId = (choice: Choice) => `${listId}-${choice.key}`;
  const active = expanded ? visible[activeIndex] : undefined;

  useEffect(() => {
    if (active) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const close = () => {
    setOpen(false);
    setActiveIndex(-1);
  };
  const select = (choice: Choice) => {
    onChange(choice.id);
    setQuery(null);
    close();
  };
  const move = (step: 1 | -1) => {
    const last = visible.length - 1;
    if (!open) {
      const current = query === null ? visible.findIndex((choice) => choice.id === value) : -1;
      setOpen(true);
      setActiveIndex(current >= 0 ? current : step === 1 ? 0 : last);
    } else if (activeIndex < 0) setActiveIndex(step === 1 ? 0 : last);
    else
      setActiveIndex(
        activeIndex === (step === 1 ? last : 0) ? (step === 1 ? 0 : last) : activeIndex + step,
      );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (event.altKey) setOpen(event.key === 'ArrowDown');
      else move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && open) {
      event.preventDefault(); // a form around the picker is not submitted by choosing
      if (active) select(active);
      else close();
    } else if (event.key === 'Escape' && (open || query !== null)) {
      event.preventDefault();
      if (open) close();
      else setQuery(null); // the second Escape drops what was typed
    }
  };

  const noChoices = credentials.isSuccess && choices.length === 0;
  const status = credentials.isPending
    ? 'Loading credentials…'
    : noChoices
      ? source
        ? `No ${source} credentials yet.`
        : 'No credentials yet.'
      : open && needle && visible.length === 0
        ? `No credential matches “${query?.trim()}”.`
        : open && needle
          ? `${visible.length} of ${choices.length} match.`
          : '';
  const quietStatus = status.endsWith('match.');
  const describedBy = [description && descriptionId, status && statusId, errorMessage && errorId];

  return (
    <div className="credential-picker field">
      <label htmlFor={inputId}>{label}</label>
      {description && (
        <p id={descriptionId} className="hint">
          {description}
        </p>
      )}
      <div className="credential-picker-control">
        <input
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={active ? optionId(active) : undefined}
          aria-describedby={describedBy.filter(Boolean).join(' ') || undefined}
          aria-invalid={errorMessage ? true : undefined}
          disabled={credentials.isPending || credentials.isError || noChoices}
          value={shownText}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            close();
            setQuery(null);
            props.onBlur?.();
          }}
        />
        <ul role="listbox" id={listId} aria-label={label} hidden={!expanded}>
          {visible.map((choice, index) => (
            // Keys are handled on the input (aria-activedescendant); options take clicks only.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={choice.key}
              id={optionId(choice)}
              role="option"
              aria-selected={index === activeIndex}
              className={choice.id === value ? 'current' : undefined}
              onMouseDown={(event) => event.preventDefault()} // keeps focus in the input
              onClick={() => select(choice)}
            >
              <span className="credential-option-name">{choice.label}</span>
              {choice.detail && <span className="credential-option-detail">{choice.detail}</span>}
              {choice.secrets.length > 0 && (
                <span className="credential-option-secrets">{choice.secrets.join(' · ')}</span>
              )}
            </li>
          ))}
        </ul>
      </div>
      <p id={statusId} role="status" className={quietStatus ? 'visually-hidden' : 'hint'}>
        {status}
      </p>
      {credentials.isError && (
        <ErrorNotice error={credentials.error} onRetry={() => void credentials.refetch()} />
      )}
      {errorMessage && (
        <p id={errorId} className="field-error">
          {errorMessage}
        </p>
      )}
    </div>
  );
}
