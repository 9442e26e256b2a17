// The one table of the Jira wizard's fields: for each, the step that holds it,
// the id of its control (where an error summary leads), the path of its error
// in the form, and where it sits in the connector creation request (the 422
// `loc` after "body", D3). The step lists, the ids, the request mapping, the
// 422 placement and the error summary are all derived from it.
import type { JiraWizardStep } from '../../lib/paths';
import { toHumanFrequency, type HumanFrequency } from '../../lib/frequency';
import type { WizardOutput, WizardValues } from './wizardSchema';

export interface WizardFieldSpec {
  step: JiraWizardStep;
  /** The control's DOM id; a list field's item ids add `-<index>`. */
  id: string;
  /** Where react-hook-form keeps the field's error; `#` stands for a list index. */
  errorPath: string;
  /** Where the field sits in the creation request, after "body"; null when it is not sent. */
  loc: readonly string[] | null;
  /** The value sent at `loc`, from the validated form. */
  send?: (values: WizardOutput) => unknown;
  /** The form's value back from what was sent at `loc` (undefined when nothing was). */
  read?: (sent: unknown) => WizardValues[keyof WizardValues] | undefined;
}

const text = (sent: unknown) => (typeof sent === 'string' ? sent : '');
const frequency = (sent: unknown): HumanFrequency | undefined =>
  typeof sent === 'number' && sent > 0 ? toHumanFrequency(sent) : undefined;

export const WIZARD_FIELDS = {
  name: {
    step: 'connection',
    id: 'jira-name',
    errorPath: 'name',
    loc: ['name'],
    send: (values) => values.name,
    read: text,
  },
  jira_base_url: {
    step: 'connection',
    id: 'jira-base-url',
    errorPath: 'jira_base_url',
    loc: ['connector_specific_config', 'jira_base_url'],
    send: (values) => values.jira_base_url,
    read: text,
  },
  project_key: {
    step: 'connection',
    id: 'jira-project-key',
    errorPath: 'project_key',
    loc: ['connector_specific_config', 'project_key'],
    // D4: an empty key means every project, sent as null.
    send: (values) => (values.project_key === '' ? null : values.project_key),
    read: text,
  },
  comment_email_blacklist: {
    step: 'connection',
    id: 'jira-blacklist-remove',
    errorPath: 'comment_email_blacklist.#.address',
    loc: ['connector_specific_config', 'comment_email_blacklist'],
    send: (values) => values.comment_email_blacklist.map((item) => item.address),
    read: (sent) =>
      Array.isArray(sent)
        ? sent.filter((item) => typeof item === 'string').map((address) => ({ address }))
        : [],
  },
  blacklist_draft: {
    step: 'connection',
    id: 'jira-blacklist-draft',
    errorPath: 'root.blacklistDraft',
    loc: null,
  },
  refresh: {
    step: 'schedule',
    id: 'jira-refresh-amount',
    errorPath: 'refresh.amount',
    loc: ['refresh_freq'],
    send: (values) => values.refresh,
    read: frequency,
  },
  prune: {
    step: 'schedule',
    id: 'jira-prune-amount',
    errorPath: 'prune.amount',
    loc: ['prune_freq'],
    send: (values) => values.prune,
    read: frequency,
  },
  credential_id: {
    step: 'credential',
    id: 'jira-credential',
    errorPath: 'credential_id',
    loc: null,
  },
} as const satisfies Record<string, WizardFieldSpec>;

export type WizardFieldName = keyof typeof WIZARD_FIELDS;
export const WIZARD_FIELD_ENTRIES = Object.entries(WIZARD_FIELDS) as [
  WizardFieldName,
  WizardFieldSpec,
][];
const entries = WIZARD_FIELD_ENTRIES;

/** The fields of each step, in the order they appear. */
export const fieldsOfStep = (step: JiraWizardStep): WizardFieldName[] =>
  entries.filter(([, spec]) => spec.step === step).map(([name]) => name);

/** The control of a field, or of item `index` of a list field. */
export const fieldId = (name: WizardFieldName, index?: number) =>
  index === undefined ? WIZARD_FIELDS[name].id : `${WIZARD_FIELDS[name].id}-${index}`;

/** The step that holds a form path (`comment_email_blacklist.1.address` → connection). */
export function stepOfField(path: string): JiraWizardStep | null {
  const root = path.split('.')[0] as WizardFieldName;
  return WIZARD_FIELDS[root]?.step ?? null;
}

/** A 422 `loc` (D3) → the form path of its field, or null when no field holds it. */
export function fieldForLoc(loc: readonly (string | number)[]): string | null {
  if (loc[0] !== 'body') return null;
  const rest = loc.slice(1);
  for (const [, spec] of entries) {
    if (!spec.loc || spec.loc.some((part, i) => rest[i] !== part)) continue;
    const index = rest[spec.loc.length];
    const isList = spec.errorPath.includes('#');
    if (!isList && rest.length === spec.loc.length) return spec.errorPath;
    if (isList && typeof index === 'number') return spec.errorPath.replace('#', String(index));
  }
  return null;
}
