// Field shapes many sources share, so each source's file says only its words:
// an optional list of names (none: all of them), a required text or address.
import type { ListField, TextField } from './types';

/** An optional list of names; empty means every one of them is indexed. */
export const namesList = (
  key: string,
  noun: string,
  itemLabel: string,
  extra: Partial<ListField> = {},
): ListField => ({
  key,
  control: 'list',
  itemType: 'text',
  label: `${noun[0]!.toUpperCase()}${noun.slice(1)} (optional)`,
  itemLabel,
  addLabel: `Add ${itemLabel.toLowerCase()}`,
  listName: `${noun[0]!.toUpperCase()}${noun.slice(1)} to index`,
  listNoun: `the ${noun}`,
  emptyText: `No ${noun}: all of them are indexed.`,
  emptyWords: `All ${noun}`,
  ...extra,
});

/** A text the contract requires. */
export const requiredText = (
  key: string,
  label: string,
  hint: string,
  requiredMessage: string,
  control: 'text' | 'url' = 'text',
): TextField => ({ key, control, label, hint, requiredMessage });

/** An optional text box; empty sends null (Onyx's None). */
export const optionalTextBox = (
  key: string,
  label: string,
  hint: string,
  emptyWords: string,
  extra: Partial<TextField> = {},
): TextField => ({
  key,
  control: 'text',
  label: `${label} (optional)`,
  hint,
  emptyWords,
  ...extra,
});

export const onyxGuide = (name: string) =>
  `https://docs.onyx.app/admins/connectors/official/${name}`;
