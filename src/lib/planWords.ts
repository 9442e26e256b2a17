// An import's plan in words, the same for the panel's Configuration
// page and `npm run config -- plan`: what will be made, changed, removed and
// left out, and why.
import type { BundleSection, ImportPlan } from '../contract/configBundle';
// The sources' own files, not lib/sources (a build-time table): the command runs these words too.
import { panelOf } from '../sources/catalogue';

/** A catalogue source's label ("Jira"), or the source as it is. */
const sourceWords = (source: string) => panelOf(source)?.label ?? source;

/** A credential value's name as its source's form labels it ("API token"), or its key. */
export const credentialKeyWords = (source: string, key: string) =>
  panelOf(source)?.credential?.[key]?.label ?? key;

const SECTION_WORDS: Record<BundleSection, string> = {
  users: 'user',
  invitations: 'invitation',
  user_groups: 'group',
  credentials: 'credential',
  connectors: 'connector',
  pairs: 'attachment',
  document_sets: 'document set',
  alerts: 'alert setting',
};

/** `connector the-jira`, `attachment the-jira/jira-access`. */
export const itemWords = (item: { section: BundleSection; ref: string }) =>
  `${SECTION_WORDS[item.section]} ${item.ref}`;

const shown = (value: unknown) => JSON.stringify(value);

/** One line per thing the import does, leaves out or stops at. */
export function planLines(plan: ImportPlan): string[] {
  return [
    ...plan.create.map((item) => `Create ${itemWords(item)}`),
    ...plan.update.map(
      (item) =>
        `Change ${itemWords(item)}: ${Object.entries(item.fields)
          .map(([field, [before, after]]) => `${field} ${shown(before)} → ${shown(after)}`)
          .join('; ')}`,
    ),
    ...plan.remove.map((item) => `Remove ${itemWords(item)}`),
    ...notCreatedLines(plan),
    ...plan.conflicts.map((item) => `Conflict on ${itemWords(item)}: ${item.reason}`),
  ];
}

/** What the bundle names that the import does not make, each with why. */
export function notCreatedLines(plan: ImportPlan): string[] {
  return [
    ...plan.needs_secret.map(
      (need) =>
        `Not created: credential ${need.ref} (${sourceWords(need.source)}) needs ${need.keys
          .map((key) => credentialKeyWords(need.source, key))
          .join(', ')}`,
    ),
    ...plan.skipped.map((item) => `Skipped ${itemWords(item)}: ${item.reason}`),
  ];
}

/** Counts as a person reads them: "22,011". */
const count = new Intl.NumberFormat('en').format;

/** The plan's size in one sentence. */
export function planSummary(plan: ImportPlan): string {
  const parts = [
    `${count(plan.create.length)} to create`,
    `${count(plan.update.length)} to change`,
    `${count(plan.remove.length)} to remove`,
    `${count(plan.unchanged)} unchanged`,
  ];
  if (plan.needs_secret.length > 0)
    parts.push(`${count(plan.needs_secret.length)} needing secrets`);
  if (plan.conflicts.length > 0) parts.push(`${count(plan.conflicts.length)} in conflict`);
  return `${parts.join(', ')}.`;
}
