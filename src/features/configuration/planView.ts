// An import's plan as the Configuration page shows it: one group per kind of
// step ("Create 10,000 connectors"), each line naming its item as the panel
// does (a connector and a credential by name, an attachment by both, a group
// by its name) and a change by the fields' labels. The plan speaks in the
// bundle's refs; the bundle the person chose holds the names.
import type { BundleSection, ConfigBundleInput, ImportPlan } from '../../contract/configBundle';
import { fieldChange } from '../../lib/activityWords';
import { friendlyWords } from '../../lib/friendlyWords';
import { credentialKeyWords } from '../../lib/planWords';
import { countOf } from '../../lib/plural';
import { sourceLabel } from '../../lib/sources';

/** What a kind of item is called, one and many. */
const KINDS: Record<BundleSection, [string, string]> = {
  users: ['user', 'users'],
  invitations: ['invitation', 'invitations'],
  user_groups: ['group', 'groups'],
  credentials: ['credential', 'credentials'],
  connectors: ['connector', 'connectors'],
  pairs: ['attachment', 'attachments'],
  document_sets: ['document set', 'document sets'],
  alerts: ['alert setting', 'alert settings'],
};

export interface Names {
  connector: (ref: string) => string;
  credential: (ref: string) => string;
}

/** The bundle's names by ref; a ref the bundle does not name reads as itself. */
export function namesOf(bundle: ConfigBundleInput | null): Names {
  const named = (items: readonly { ref: string; name?: string | null }[] | undefined) => {
    const byRef = new Map((items ?? []).map((item) => [item.ref, item.name?.trim() || item.ref]));
    return (ref: string) => byRef.get(ref) ?? ref;
  };
  return {
    connector: named(bundle?.connectors as { ref: string; name?: string }[] | undefined),
    credential: named(bundle?.credentials as { ref: string; name?: string | null }[] | undefined),
  };
}

/** An item as the panel names it: `connector “Eng Jira”`, `attachment of “Bot” to “Eng Jira”`. */
export function itemName(item: { section: BundleSection; ref: string }, names: Names): string {
  const [kind] = KINDS[item.section];
  switch (item.section) {
    case 'connectors':
      return `${kind} “${names.connector(item.ref)}”`;
    case 'credentials':
      return `${kind} “${names.credential(item.ref)}”`;
    case 'pairs': {
      const [connector = '', credential = '-'] = item.ref.split('/');
      return credential === '-'
        ? `${kind} of no credential to “${names.connector(connector)}”`
        : `${kind} of “${names.credential(credential)}” to “${names.connector(connector)}”`;
    }
    case 'users':
    case 'invitations':
      return `${kind} ${item.ref}`;
    case 'alerts':
      return 'the alert webhook';
    default:
      return `${kind} “${item.ref}”`;
  }
}

export interface PlanGroup {
  key: string;
  /** "Create 10,000 connectors". */
  title: string;
  lines: string[];
}

/** Groups in the plan's order; a kind with nothing in it is left out. */
export function planGroups(plan: ImportPlan, names: Names): PlanGroup[] {
  const groups: PlanGroup[] = [];
  const add = (key: string, verb: string, section: BundleSection, lines: string[]) => {
    if (lines.length === 0) return;
    const [one, many] = KINDS[section];
    groups.push({ key, title: `${verb} ${countOf(lines.length, one, many)}`, lines });
  };
  const bySection = <T extends { section: BundleSection }>(items: readonly T[]) => {
    const sections = new Map<BundleSection, T[]>();
    for (const item of items) {
      const listed = sections.get(item.section);
      if (listed) listed.push(item);
      else sections.set(item.section, [item]);
    }
    return sections;
  };
  for (const [section, items] of bySection(plan.create)) {
    add(
      `create-${section}`,
      'Create',
      section,
      items.map((item) => `Create ${itemName(item, names)}`),
    );
  }
  for (const [section, items] of bySection(plan.update)) {
    add(
      `update-${section}`,
      'Change',
      section,
      items.map(
        (item) =>
          `Change ${itemName(item, names)}: ${Object.entries(item.fields)
            .map(([name, [before, after]]) => {
              const change = fieldChange(name, before, after);
              return `${change.field} ${change.before} → ${change.after}`;
            })
            .join('; ')}`,
      ),
    );
  }
  for (const [section, items] of bySection(plan.remove)) {
    add(
      `remove-${section}`,
      'Remove',
      section,
      items.map((item) => `Remove ${itemName(item, names)}`),
    );
  }
  add(
    'needs-secret',
    'Not created for want of their values:',
    'credentials',
    plan.needs_secret.map((need) => notCreatedWords(need, names)),
  );
  for (const [section, items] of bySection(plan.skipped)) {
    add(
      `skipped-${section}`,
      'Leave out',
      section,
      items.map((item) => `Leave out ${itemName(item, names)}: ${item.reason}`),
    );
  }
  for (const [section, items] of bySection(plan.conflicts)) {
    add(
      `conflicts-${section}`,
      'Conflicts on',
      section,
      items.map((item) => `Conflict on ${itemName(item, names)}: ${item.reason}`),
    );
  }
  return groups;
}

/** "Not created: credential “Jira production” (Jira) needs API token". */
export function notCreatedWords(need: ImportPlan['needs_secret'][number], names: Names): string {
  return `Not created: credential “${names.credential(need.ref)}” (${sourceLabel(need.source)}) needs ${need.keys
    .map((key) => credentialKeyWords(need.source, key))
    .join(', ')}`;
}

/** A bundle item as a 422's `loc` points at it: its kind, name and place in the file. */
function itemAt(bundle: ConfigBundleInput | null, section: BundleSection, index: number): string {
  const items = (bundle as Record<string, unknown> | null)?.[section];
  const item = Array.isArray(items)
    ? (items[index] as Record<string, unknown> | undefined)
    : undefined;
  const [kind] = KINDS[section];
  const place = `${kind} ${index + 1}`;
  const said = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);
  const name =
    section === 'pairs'
      ? item && `${said(item.credential) ?? '-'} on ${said(item.connector) ?? '?'}`
      : item && (said(item.name) ?? said(item.email) ?? said(item.ref));
  return name ? `${place} (“${name}”)` : place;
}

/**
 * Each problem of a bundle the server refused (422), naming the item it is in
 * from its `loc` (["body", "connectors", 57, "source"]); a choice among many
 * (the sources) is said in words, not listed.
 */
export function bundleProblems(
  problems: readonly { loc: readonly (string | number)[]; msg: string }[],
  bundle: ConfigBundleInput | null,
): string[] {
  return problems.map(({ loc, msg }) => {
    const [, section, index, ...rest] = loc;
    const where =
      typeof section === 'string' && section in KINDS && typeof index === 'number'
        ? [itemAt(bundle, section as BundleSection, index), ...rest].join(' › ')
        : loc.filter((part) => part !== 'body').join(' › ') || 'the file';
    const choices = msg.match(/^Input should be (.+)$/)?.[1]?.split(/, | or /) ?? [];
    const words =
      choices.length > 6 ? 'not one of the values this server takes.' : friendlyWords(msg);
    return `${where}: ${words}`;
  });
}

/** What the bundle names that the import does not make, each with why. */
export const notMadeLines = (plan: ImportPlan, names: Names): string[] => [
  ...plan.needs_secret.map((need) => notCreatedWords(need, names)),
  ...plan.skipped.map((item) => `Leave out ${itemName(item, names)}: ${item.reason}`),
];
