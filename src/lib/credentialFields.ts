// The fields of a credential form, per catalogue source: the keys come from the
// contract (src/contract/sources/, the rules the server checks); the words from the
// source's panel file. A key with a fixed value (Onyx's authentication_method)
// is not asked but always sent.
import type { DocumentSource } from '../contract/contract';
import { credentialKeys } from '../contract/sources/catalogue';
import { catalogueOrder, panelOf } from '../sources/catalogue';
import type { CredentialFieldWords } from '../sources/types';

export interface CredentialField extends CredentialFieldWords {
  key: string;
  required: boolean;
}

/** The sources the credential form offers, in the catalogue's order. */
export const FORM_SOURCES: DocumentSource[] = catalogueOrder()
  .filter(([, panel]) => Object.keys(panel.credential).length > 0)
  .map(([source]) => source);

export function credentialFields(source: DocumentSource): CredentialField[] {
  const words = panelOf(source)?.credential ?? {};
  return credentialKeys(source).map(({ key, required }) => ({
    key,
    required,
    ...(words[key] ?? { label: key, secret: true }),
  }));
}

/** credential_json from what was typed: fixed values added, empty boxes left out. */
export function credentialJsonOf(
  fields: readonly CredentialField[],
  typed: Record<string, string | boolean | undefined>,
): Record<string, string | boolean> {
  const json: Record<string, string | boolean> = {};
  for (const field of fields) {
    const value = field.fixed ?? typed[field.key];
    if (typeof value === 'boolean') json[field.key] = value;
    else if (typeof value === 'string' && value.trim() !== '') json[field.key] = value.trim();
  }
  return json;
}

/**
 * What a box of "New values" says of the value stored under its key, masked
 * as every answer masks it (D6): an empty box keeps the stored value, since
 * new values are merged into the stored ones.
 */
export function storedWords(field: CredentialField, stored: unknown): string {
  if (stored === undefined) return 'Nothing stored.';
  const shown = typeof stored === 'string' ? stored : JSON.stringify(stored);
  return `Stored: ${shown}. Leave empty to keep the stored ${field.secret ? 'secret' : 'value'}.`;
}

/** The yes/no switches of a stored credential, as its "New values" form starts. */
export function storedSwitches(
  fields: readonly CredentialField[],
  stored: Readonly<Record<string, unknown>>,
): Record<string, boolean> {
  const switches: Record<string, boolean> = {};
  for (const field of fields) {
    const value = stored[field.key];
    if (field.checkbox && typeof value === 'boolean') switches[field.key] = value;
  }
  return switches;
}

/** The keys ticked for removal, as the change sends them: null removes a stored value. */
export function removalsOf(ticked: Readonly<Record<string, boolean>> = {}): Record<string, null> {
  return Object.fromEntries(
    Object.entries(ticked)
      .filter(([, remove]) => remove)
      .map(([key]) => [key, null]),
  );
}
