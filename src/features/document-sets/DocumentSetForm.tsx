// Make or change a document set: its name, description, who sees it (the
// wizard's access choice, D13) and the connectors it holds. Only the pairs the
// caller sees are offered; in a private set a connector private to groups is
// offered only when the set shares one of its groups (the server's rule too).
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { connectorStatusQuery } from '../../api/connectorHealth';
import { useCreateDocumentSet, useUpdateDocumentSet } from '../../api/documentSetHooks';
import { AccessChoice, PUBLIC_ACCESS, type AccessValue } from '../../components/AccessChoice';
import { Field } from '../../components/Field';
import { useAccessChoices } from '../../components/useAccessChoices';
import type { DocumentSetSummary } from '../../contract/documentSets';
import { DOCUMENT_SET_DESCRIPTION_MAX } from '../../contract/documentSets';
import type { ConnectorStatusRow } from '../../contract/health';
import { describeError } from '../../lib/describeError';

interface Props {
  /** The set to change; none to make a new one. */
  set?: DocumentSetSummary;
  onDone: (words: string) => void;
  onCancel: () => void;
}

/** A pair as the list of connectors names it: its connector, and its credential when it has one. */
export const pairLabel = (row: ConnectorStatusRow) =>
  row.credential.id === 0
    ? row.connector.name
    : `${row.connector.name} (${row.credential.name ?? `credential ${row.credential.id}`})`;

/** Why a pair cannot go in a set with this access; null when it can. */
function pairRefusal(row: ConnectorStatusRow, access: AccessValue) {
  if (access.access === 'public' || row.access_type !== 'private') return null;
  return row.groups.some((group) => access.groups.includes(group))
    ? null
    : 'private to other groups: share the set with one of them to add it';
}

export function DocumentSetForm({ set, onDone, onCancel }: Props) {
  const formId = useId();
  const choices = useAccessChoices();
  const pairs = useQuery(connectorStatusQuery());
  const create = useCreateDocumentSet();
  const update = useUpdateDocumentSet();
  const [name, setName] = useState(set?.name ?? '');
  const [description, setDescription] = useState(set?.description ?? '');
  const [access, setAccess] = useState<AccessValue | null>(
    set ? { access: set.is_public ? 'public' : 'private', groups: set.groups } : null,
  );
  const [chosen, setChosen] = useState<number[]>(set?.cc_pair_summaries.map((p) => p.id) ?? []);
  const [error, setError] = useState<{ field: 'name' | 'pairs' | 'form'; words: string } | null>(
    null,
  );
  const nameRef = useRef<HTMLInputElement>(null);
  const pairsRef = useRef<HTMLFieldSetElement>(null);
  const formError = useRef<HTMLParagraphElement>(null);
  const value = access ?? choices.start ?? PUBLIC_ACCESS;
  const pending = create.isPending || update.isPending;

  const refuse = (field: 'name' | 'pairs' | 'form', words: string) => {
    setError({ field, words });
    requestAnimationFrame(() =>
      (field === 'name'
        ? nameRef.current
        : field === 'pairs'
          ? pairsRef.current?.querySelector('input')
          : formError.current
      )?.focus(),
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const trimmed = name.trim();
    if (!trimmed) return refuse('name', 'Enter a name for the set.');
    const rows = pairs.data ?? [];
    const kept = chosen.filter((id) => {
      const row = rows.find((item) => item.cc_pair_id === id);
      return !row || pairRefusal(row, value) === null;
    });
    if (kept.length === 0) return refuse('pairs', 'Choose at least one connector.');
    const body = {
      name: trimmed,
      description,
      cc_pair_ids: kept,
      is_public: value.access === 'public',
      users: [],
      groups: value.access === 'public' ? [] : value.groups,
    };
    const done = () =>
      onDone(set ? `Saved document set ${trimmed}.` : `Document set ${trimmed} created.`);
    const failed = (failure: unknown) => refuse('form', describeError(failure));
    if (set) update.mutate({ ...body, id: set.id }, { onSuccess: done, onError: failed });
    else create.mutate(body, { onSuccess: done, onError: failed });
  };

  return (
    <form className="set-form" onSubmit={submit} noValidate aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`}>{set ? `Change ${set.name}` : 'New document set'}</h2>
      {error?.field === 'form' && (
        <p className="field-error" role="alert" tabIndex={-1} ref={formError}>
          {error.words}
        </p>
      )}
      <Field
        id={`${formId}-name`}
        label="Name"
        error={error?.field === 'name' ? error.words : null}
      >
        {(control) => (
          <input
            {...control}
            ref={nameRef}
            type="text"
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <Field id={`${formId}-description`} label="Description">
        {(control) => (
          <textarea
            {...control}
            maxLength={DOCUMENT_SET_DESCRIPTION_MAX}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        )}
      </Field>
      <AccessChoice
        id={`${formId}-access`}
        legend="Who sees this set"
        groups={choices.groups}
        value={value}
        onChange={setAccess}
        publicLabel="Public: everyone sees it"
        privateLabel="Private to groups: only their members see it (with none, only you and admins)"
        onlyGroupHint={(group) => `This set will be shared with group ${group}.`}
      />
      <PairsField
        ref={pairsRef}
        id={`${formId}-pairs`}
        pairs={pairs}
        access={value}
        chosen={chosen}
        onChange={setChosen}
        error={error?.field === 'pairs' ? error.words : null}
      />
      <div className="form-actions">
        <button type="submit" disabled={pending}>
          {pending ? 'Saving…' : set ? 'Save set' : 'Create set'}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The connectors the set holds: those the caller sees, each refused when the access rules it out. */
function PairsField(props: {
  ref: Ref<HTMLFieldSetElement>;
  id: string;
  pairs: UseQueryResult<ConnectorStatusRow[]>;
  access: AccessValue;
  chosen: number[];
  onChange: (chosen: number[]) => void;
  error: string | null;
}) {
  const { ref, id, pairs, access, chosen, onChange, error } = props;
  const rows = pairs.data ?? [];
  return (
    <fieldset
      className="field"
      ref={ref}
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
    >
      <legend>Connectors</legend>
      <p className="hint" id={`${id}-hint`}>
        Only the connectors you may see are listed: those private to groups you are not in are not,
        nor connectors without a credential.
      </p>
      {pairs.isPending ? (
        <p role="status">Loading connectors…</p>
      ) : rows.length === 0 ? (
        <p>No connector to add yet.</p>
      ) : (
        <ul className="choices">
          {rows.map((row) => {
            const refusal = pairRefusal(row, access);
            return (
              <li key={row.cc_pair_id}>
                <label>
                  <input
                    type="checkbox"
                    aria-invalid={error ? true : undefined}
                    disabled={refusal !== null}
                    checked={refusal === null && chosen.includes(row.cc_pair_id)}
                    onChange={(event) =>
                      onChange(
                        event.target.checked
                          ? [...chosen, row.cc_pair_id]
                          : chosen.filter((one) => one !== row.cc_pair_id),
                      )
                    }
                  />{' '}
                  {pairLabel(row)}
                  {refusal && <span className="hint"> — {refusal}</span>}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
