// A stored config in words, field by field, for the review and the connector's
// page: "Project key: ENG", "Include pull requests: yes". Keys the source does
// not know are listed as they are.
import { configKeys, formFromConfig, type Pair } from './form';
import type { SourcePanel, ValueField } from './types';

export interface Fact {
  label: string;
  /** One value, or a list of items. */
  words: string | string[];
}

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/**
 * What a field's value reads as: an uploaded list's files by the names they
 * were uploaded with (their stored locations mean nothing to a person).
 */
function shownValue(field: ValueField, config: Record<string, unknown>): unknown {
  const value = config[field.key];
  if (field.control !== 'list' || !field.upload || !('namesKey' in field.upload)) return value;
  const names = config[field.upload.namesKey];
  if (!Array.isArray(value) || !Array.isArray(names)) return value;
  return value.map((location, index) =>
    typeof names[index] === 'string' && names[index] !== '' ? names[index] : location,
  );
}

function wordsOf(field: ValueField, value: unknown): string | string[] {
  if (field.control === 'checkbox') return value === true ? 'yes' : 'no';
  if (isEmpty(value)) return field.emptyWords ?? 'None';
  const labelOf = (item: unknown) =>
    ('options' in field ? field.options.find((o) => o.value === item)?.label : undefined) ??
    String(item);
  switch (field.control) {
    case 'select':
      return labelOf(value);
    case 'multiselect':
      return (value as unknown[]).map(labelOf).join(', ');
    case 'list':
      return (value as unknown[]).map(String);
    case 'pairs':
      return (value as Pair[]).map(
        (pair) => `${pair[field.left.value] ?? ''} → ${pair[field.right.value] ?? ''}`,
      );
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

export function factsOf(panel: SourcePanel, config: Record<string, unknown>): Fact[] {
  const { tabs } = formFromConfig(panel, config);
  const facts: Fact[] = [];
  for (const field of panel.fields) {
    if (field.control !== 'tabs') {
      facts.push({ label: field.label, words: wordsOf(field, shownValue(field, config)) });
      continue;
    }
    const chosen = field.tabs.find((tab) => tab.value === tabs[field.key]) ?? field.tabs[0]!;
    facts.push({ label: field.label, words: chosen.label });
    for (const inner of chosen.fields) {
      facts.push({ label: inner.label, words: wordsOf(inner, config[inner.key]) });
    }
  }
  // An uploaded list's names and metadata are said with its items, not apart.
  const known = new Set(configKeys(panel.fields));
  for (const [key, value] of Object.entries(config)) {
    if (!known.has(key)) facts.push({ label: key, words: JSON.stringify(value) });
  }
  return facts;
}

/** One setting that changed, in the words of the connector's page. */
export interface SettingChange {
  label: string;
  before: string;
  after: string;
}

/** A config's facts as label → words; none for no config (before a creation, after a deletion). */
function factWords(panel: SourcePanel | undefined, config: unknown): Map<string, string> {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) return new Map();
  const entries = Object.entries(config as Record<string, unknown>);
  // A source the panel does not know: its keys as they are, text unquoted.
  const facts: Fact[] = panel
    ? factsOf(panel, config as Record<string, unknown>)
    : entries.map(([key, value]) => ({
        label: key,
        words: typeof value === 'string' ? value : JSON.stringify(value),
      }));
  return new Map(
    facts.map(({ label, words }) => [label, Array.isArray(words) ? words.join(', ') : words]),
  );
}

/**
 * What changed between two configs, fact by fact as the connector's page and
 * the review word them ("Project key: ENG → OPS"); a fact on one side only
 * reads "—" on the other.
 */
export function settingChanges(
  panel: SourcePanel | undefined,
  before: unknown,
  after: unknown,
): SettingChange[] {
  const was = factWords(panel, before);
  const is = factWords(panel, after);
  const labels = new Set([...is.keys(), ...was.keys()]);
  return [...labels]
    .filter((label) => was.get(label) !== is.get(label))
    .map((label) => ({ label, before: was.get(label) ?? '—', after: is.get(label) ?? '—' }));
}
