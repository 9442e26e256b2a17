// What is wrong with a source's form, by the contract's own rules (src/contract/
// sources/): the form builds the config it would send and the contract checks
// it, so the panel says what the server would, before anything is sent.
import { configProblems } from '../contract/sources/catalogue';
import { configFromForm, valueFields, type SourceFormValues } from './form';
import type { SourcePanel } from './types';

export interface FieldProblem {
  /** The form path: `config.<key>`, `config.<key>.<index>` for a list item, `config` for the whole. */
  path: string;
  message: string;
}

/** A 422 `loc` after `connector_specific_config` → the form path that holds it. */
export function formPathOf(panel: SourcePanel, rest: readonly (string | number)[]): string {
  const [key, index] = rest;
  const field = valueFields(panel.fields).find((f) => f.key === key);
  if (!field) return 'config';
  const itemised = field.control === 'list' && typeof index === 'number';
  return itemised ? `config.${field.key}.${index}` : `config.${field.key}`;
}

export function sourceProblems(
  source: string,
  panel: SourcePanel,
  values: Pick<SourceFormValues, 'config' | 'tabs'>,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const empty = new Set<string>();
  for (const field of valueFields(panel.fields)) {
    const value = values.config[field.key];
    if ('requiredMessage' in field && field.requiredMessage && String(value ?? '').trim() === '') {
      problems.push({ path: `config.${field.key}`, message: field.requiredMessage });
      empty.add(field.key);
    }
  }
  for (const issue of configProblems(source, configFromForm(panel, values))) {
    if (empty.has(String(issue.path[0]))) continue;
    const path = formPathOf(panel, issue.path as (string | number)[]);
    const message = path === 'config' ? chosenTabWords(panel, values.tabs) : undefined;
    if (!problems.some((p) => p.path === path)) {
      problems.push({ path, message: message ?? issue.message });
    }
  }
  return problems;
}

/** A whole-config refusal in the words of the way of indexing chosen, when it has its own. */
function chosenTabWords(panel: SourcePanel, tabs: Record<string, string>): string | undefined {
  for (const field of panel.fields) {
    if (field.control !== 'tabs') continue;
    const words = field.tabs.find((tab) => tab.value === tabs[field.key])?.emptyMessage;
    if (words) return words;
  }
  return undefined;
}

/** Why one item cannot join a list field, by the contract's rule for that list; null when it can. */
export function listItemProblem(source: string, key: string, item: string): string | null {
  const issue = configProblems(source, { [key]: [item] }).find(
    (i) => i.path[0] === key && i.path[1] === 0,
  );
  return issue?.message ?? null;
}
