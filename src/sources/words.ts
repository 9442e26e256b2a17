// A stored config in words, field by field, for the review and the connector's
// page: "Project key: ENG", "Include pull requests: yes". Keys the source does
// not know are listed as they are.
import { formFromConfig, valueFields, type Pair } from './form';
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
      facts.push({ label: field.label, words: wordsOf(field, config[field.key]) });
      continue;
    }
    const chosen = field.tabs.find((tab) => tab.value === tabs[field.key]) ?? field.tabs[0]!;
    facts.push({ label: field.label, words: chosen.label });
    for (const inner of chosen.fields) {
      facts.push({ label: inner.label, words: wordsOf(inner, config[inner.key]) });
    }
  }
  const known = new Set(valueFields(panel.fields).map((f) => f.key));
  for (const [key, value] of Object.entries(config)) {
    if (!known.has(key)) facts.push({ label: key, words: JSON.stringify(value) });
  }
  return facts;
}
