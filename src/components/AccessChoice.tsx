// D13: who sees a connector's new pair. Public (everyone with admin rights),
// or private to groups the caller controls; a caller with one group is told
// it is the one. One control for the wizard's Access step, the connector
// page's Attach and the unfinished connectors' Finish it (useAccessChoices
// says which groups to offer and how a curator starts).
import type { AttachRequest } from '../contract/groups';
import { useState, type ReactNode } from 'react';
import { Field } from './Field';

export interface GroupOption {
  id: number;
  name: string;
}

/** Public, or private to the chosen groups. */
export interface AccessValue {
  access: 'public' | 'private';
  groups: number[];
}

export const PUBLIC_ACCESS: AccessValue = { access: 'public', groups: [] };

/** What is wrong with the choice, in words; null when nothing is. */
export function accessProblem(value: AccessValue): string | null {
  return value.access === 'private' && value.groups.length === 0
    ? 'Choose at least one group, or make the connector public'
    : null;
}

/** D7's attach body for the choice (D13): a private pair names its groups. */
export function attachBodyOf(value: AccessValue): AttachRequest {
  return value.access === 'private'
    ? { access_type: 'private', groups: value.groups }
    : { access_type: 'public', groups: [] };
}

/** The choice in words, for a review. */
export function accessWords(value: AccessValue, groups: GroupOption[]) {
  if (value.access === 'public') return 'Public: everyone with admin rights sees it';
  const names = value.groups.map((id) => groups.find((g) => g.id === id)?.name ?? `#${id}`);
  return `Private to ${names.length === 1 ? 'group' : 'groups'} ${names.join(', ')}: only their curators and members see it`;
}

interface AccessChoiceProps {
  /** `<id>-access` names the first radio, `<id>-groups` the first group (where an error leads). */
  id: string;
  groups: GroupOption[];
  value: AccessValue;
  onChange: (value: AccessValue) => void;
  error?: string | null | undefined;
  legend?: string;
  /** The words of the two choices and of the one group a caller has (a document set says its own). */
  publicLabel?: string;
  privateLabel?: string;
  onlyGroupHint?: (name: string) => string;
}

export function AccessChoice({
  id,
  groups,
  value,
  onChange,
  error,
  legend = 'Who sees this connector',
  publicLabel = 'Public: everyone with admin rights sees it',
  privateLabel = 'Private to groups: only their curators and members see it',
  onlyGroupHint = (name) => `This connector will be assigned to group ${name}.`,
}: AccessChoiceProps) {
  const only = groups.length === 1 ? groups[0] : undefined;
  const choose = (access: AccessValue['access']) => onChange({ ...value, access });
  return (
    <>
      <Field id={`${id}-access`} legend={legend}>
        {(radio) => (
          <div className="choices">
            <label>
              <input
                type="radio"
                id={radio.id}
                name={`${id}-access`}
                value="public"
                checked={value.access === 'public'}
                onChange={() => choose('public')}
              />{' '}
              {publicLabel}
            </label>
            <label>
              <input
                type="radio"
                name={`${id}-access`}
                value="private"
                checked={value.access === 'private'}
                onChange={() => choose('private')}
              />{' '}
              {privateLabel}
            </label>
          </div>
        )}
      </Field>
      {value.access === 'private' && (
        <GroupBoxes
          id={`${id}-groups`}
          groups={groups}
          chosen={value.groups}
          onChange={(chosen) => onChange({ ...value, groups: chosen })}
          error={error}
          hint={only ? onlyGroupHint(only.name) : undefined}
        />
      )}
    </>
  );
}

interface GroupBoxesProps {
  /** The first box's id (where an error leads); the others add their group's id. */
  id: string;
  groups: GroupOption[];
  chosen: number[];
  onChange: (chosen: number[]) => void;
  legend?: string;
  hint?: ReactNode;
  error?: string | null | undefined;
}

/** More groups than this: the boxes come with a search, and show at most this many matches. */
export const GROUP_BOXES_SHOWN = 12;

/**
 * A box per group, in a fieldset that carries the hint and the error. Past
 * GROUP_BOXES_SHOWN groups a search (by name, letter case aside) finds the
 * others; the chosen ones always stay in view.
 */
export function GroupBoxes({
  id,
  groups,
  chosen,
  onChange,
  legend = 'Groups',
  hint,
  error,
}: GroupBoxesProps) {
  const [find, setFind] = useState('');
  const many = groups.length > GROUP_BOXES_SHOWN;
  const needle = find.trim().toLocaleLowerCase('en');
  const matching = groups.filter(
    (group) => !chosen.includes(group.id) && group.name.toLocaleLowerCase('en').includes(needle),
  );
  const shown = many
    ? groups.filter(
        (group) =>
          chosen.includes(group.id) || matching.slice(0, GROUP_BOXES_SHOWN).includes(group),
      )
    : groups;
  const hidden = many ? Math.max(0, matching.length - GROUP_BOXES_SHOWN) : 0;
  return (
    <Field id={id} legend={legend} error={error} hint={hint}>
      {(box) => (
        <>
          {many && (
            <div className="field">
              <label htmlFor={`${box.id}-find`}>Find a group by name</label>
              <input
                id={`${box.id}-find`}
                type="search"
                value={find}
                onChange={(event) => setFind(event.target.value)}
              />
            </div>
          )}
          <ul className="choices">
            {shown.map((group, index) => (
              <li key={group.id}>
                <label>
                  <input
                    type="checkbox"
                    id={index === 0 ? box.id : `${box.id}-${group.id}`}
                    aria-invalid={box['aria-invalid']}
                    checked={chosen.includes(group.id)}
                    onChange={(event) =>
                      onChange(
                        event.target.checked
                          ? [...chosen, group.id]
                          : chosen.filter((g) => g !== group.id),
                      )
                    }
                  />{' '}
                  {group.name}
                </label>
              </li>
            ))}
          </ul>
          {many && (
            <p className="hint" role="status">
              {hidden > 0
                ? `${hidden.toLocaleString('en')} more ${hidden === 1 ? 'group matches' : 'groups match'}: type more of a name to find ${hidden === 1 ? 'it' : 'them'}.`
                : matching.length === 0 && needle
                  ? `No other group’s name holds “${find.trim()}”.`
                  : ''}
            </p>
          )}
        </>
      )}
    </Field>
  );
}
