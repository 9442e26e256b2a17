// A source's fields as a form's values and back: the values a form starts
// with (defaults, or a stored config), and the config it sends. Empty optional
// fields are sent as Onyx sends them (null, an empty list, the box's default);
// the fields of a way of indexing that was not chosen are sent empty.
import type { SourcePanel, SourceField, TabsField, ValueField } from './types';

export interface Pair {
  [side: string]: string;
}
export type FormValue = string | boolean | string[] | Pair[];

export interface SourceFormValues {
  config: Record<string, FormValue>;
  /** The way of indexing chosen in each tabs field (never sent). */
  tabs: Record<string, string>;
  /** What is typed in a list's "add" box (never sent). */
  drafts: Record<string, string>;
}

/** Every field that holds a config value, those inside tabs included, in form order. */
export function valueFields(fields: readonly SourceField[]): ValueField[] {
  return fields.flatMap((field) =>
    field.control === 'tabs' ? field.tabs.flatMap((tab) => tab.fields) : [field],
  );
}

const tabsFields = (fields: readonly SourceField[]) =>
  fields.filter((field): field is TabsField => field.control === 'tabs');

function emptyValue(field: ValueField): FormValue {
  switch (field.control) {
    case 'checkbox':
      return field.default;
    case 'select':
      return field.default;
    case 'multiselect':
      return [...field.default];
    case 'list':
    case 'pairs':
      return [];
    case 'fixed':
      return field.value;
    default:
      return 'default' in field ? (field.default ?? '') : '';
  }
}

/** The names kept beside an uploaded list's items (the File source's `file_names`). */
const uploadNames = (fields: readonly SourceField[]) =>
  valueFields(fields).flatMap((f) =>
    f.control === 'list' && f.upload && 'namesKey' in f.upload ? [f.upload] : [],
  );

/** Every config key a form sends: its fields', and the keys an uploaded list sends beside its own. */
export const configKeys = (fields: readonly SourceField[]): string[] => [
  ...valueFields(fields).map((field) => field.key),
  ...uploadNames(fields).flatMap(({ namesKey, metadataKey }) => [namesKey, metadataKey]),
];

export function formDefaults(panel: SourcePanel): SourceFormValues {
  return {
    config: Object.fromEntries([
      ...valueFields(panel.fields).map((f) => [f.key, emptyValue(f)]),
      ...uploadNames(panel.fields).map(({ namesKey }) => [namesKey, []]),
    ]),
    tabs: Object.fromEntries(tabsFields(panel.fields).map((t) => [t.key, t.tabs[0]!.value])),
    drafts: Object.fromEntries(
      valueFields(panel.fields)
        .filter((f) => f.control === 'list')
        .map((f) => [f.key, '']),
    ),
  };
}

const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

function fromStored(field: ValueField, stored: unknown): FormValue {
  if (stored === undefined) return emptyValue(field);
  switch (field.control) {
    case 'fixed':
      return field.value;
    case 'checkbox':
      return typeof stored === 'boolean' ? stored : field.default;
    case 'list':
    case 'multiselect':
      return strings(stored);
    case 'pairs':
      return Array.isArray(stored)
        ? stored.map((pair) => ({
            [field.left.value]: String((pair as Pair)?.[field.left.value] ?? ''),
            [field.right.value]: String((pair as Pair)?.[field.right.value] ?? ''),
          }))
        : [];
    default:
      return typeof stored === 'string' || typeof stored === 'number' ? String(stored) : '';
  }
}

/** Whether a text or list field holds something. */
const filled = (value: FormValue) =>
  Array.isArray(value) ? value.length > 0 : typeof value === 'string' ? value.trim() !== '' : false;

/** The form of a stored config: each field's value, and the way of indexing it was made with. */
export function formFromConfig(
  panel: SourcePanel,
  config: Record<string, unknown>,
): SourceFormValues {
  const values = formDefaults(panel);
  for (const field of valueFields(panel.fields)) {
    values.config[field.key] = fromStored(field, config[field.key]);
  }
  for (const { namesKey } of uploadNames(panel.fields)) {
    values.config[namesKey] = strings(config[namesKey]);
  }
  for (const group of tabsFields(panel.fields)) {
    const inUse = group.tabs.find(({ fields }) => {
      const onlyBoxes = fields.every((f) => f.control === 'checkbox');
      return fields.some((f) =>
        onlyBoxes ? values.config[f.key] === true : filled(values.config[f.key]!),
      );
    });
    // Nothing chosen in any way of indexing: the way that asks for nothing (everything), if any.
    const chosen = inUse ?? group.tabs.find(({ fields }) => fields.length === 0);
    if (chosen) values.tabs[group.key] = chosen.value;
  }
  return values;
}

function sent(field: ValueField, value: FormValue | undefined): unknown {
  switch (field.control) {
    case 'checkbox':
      return typeof value === 'boolean' ? value : field.default;
    case 'list':
      return strings(value)
        .map((item) => item.trim())
        .filter(Boolean);
    case 'multiselect':
      return strings(value);
    case 'pairs':
      return (Array.isArray(value) ? (value as Pair[]) : []).filter((pair) =>
        Object.values(pair).some((side) => side.trim() !== ''),
      );
    case 'number': {
      const text = String(value ?? '').trim();
      return text === '' ? null : /^-?\d+$/.test(text) ? Number(text) : text;
    }
    case 'select':
      return value === '' ? null : value;
    case 'fixed':
      return field.value;
    default: {
      const text = String(value ?? '').trim();
      if (text !== '') return field.upperCase ? text.toUpperCase() : text;
      // A required box sends what it holds, for the contract to name; an optional one sends "none".
      return field.requiredMessage ? '' : (field.emptyAs ?? null);
    }
  }
}

/**
 * An uploaded list's locations and their names, one each (a location typed in
 * by hand is its own name), as Onyx's File form sends them, and its zip
 * metadata file: none.
 */
function sentUploads(
  key: string,
  { namesKey, metadataKey }: { namesKey: string; metadataKey: string },
  config: Record<string, FormValue>,
) {
  const names = strings(config[namesKey]);
  const kept = strings(config[key])
    .map((location, index) => [location.trim(), names[index]?.trim() || location.trim()] as const)
    .filter(([location]) => location !== '');
  return {
    [key]: kept.map(([location]) => location),
    [namesKey]: kept.map(([, name]) => name),
    [metadataKey]: null,
  };
}

/** The connector_specific_config a form sends: every field of the source, in Onyx's keys. */
export function configFromForm(
  panel: SourcePanel,
  values: Pick<SourceFormValues, 'config' | 'tabs'>,
): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const field of panel.fields) {
    if (field.control === 'list' && field.upload && 'namesKey' in field.upload) {
      Object.assign(config, sentUploads(field.key, field.upload, values.config));
      continue;
    }
    if (field.control !== 'tabs') {
      config[field.key] = sent(field, values.config[field.key]);
      continue;
    }
    const chosen = values.tabs[field.key] ?? field.tabs[0]!.value;
    for (const tab of field.tabs) {
      for (const inner of tab.fields) {
        config[inner.key] =
          tab.value === chosen
            ? sent(inner, values.config[inner.key])
            : sent(inner, emptyValue(inner));
      }
    }
  }
  return config;
}
