// What is typed in the wizard, kept per source for this browser tab
// (sessionStorage) so that a reload or a visit to another page loses nothing.
// The wizard holds no secret (a credential is chosen by id), so the draft holds
// none either. What no longer fits the form's shape is dropped, not half-restored.
import * as z from 'zod/mini';
import { FREQUENCY_UNITS } from '../../lib/frequency';
import { TAB_STORAGE_PREFIX } from '../../lib/session';
import { wizardDefaults, type WizardSource, type WizardValues } from './wizardValues';

const storageKey = (source: string) => `${TAB_STORAGE_PREFIX}wizard.${source}.draft`;

const frequency = z.object({ amount: z.string(), unit: z.enum(FREQUENCY_UNITS) });
const draftSchema = z.object({
  name: z.string(),
  config: z.record(z.string(), z.unknown()),
  tabs: z.record(z.string(), z.string()),
  drafts: z.record(z.string(), z.string()),
  refresh: frequency,
  prune: frequency,
  credential_id: z.nullable(z.int()),
});

/** Whether anything differs from an empty wizard: only then is there a draft to keep. */
/** What was typed: the access a curator starts with (useAccessChoices) is not. */
const typed = ({ access: _access, groups: _groups, ...rest }: WizardValues) => rest;

export const isDraft = (wizard: WizardSource, values: WizardValues) =>
  JSON.stringify(typed(values)) !== JSON.stringify(typed(wizardDefaults(wizard)));

/** A kept value is taken only where it has the kind the field's own value has. */
const sameKind = (a: unknown, b: unknown) =>
  Array.isArray(a) ? Array.isArray(b) : typeof a === typeof b && !Array.isArray(b);

export function loadWizardDraft(wizard: WizardSource): WizardValues | null {
  try {
    const text = sessionStorage.getItem(storageKey(wizard.source));
    const parsed = draftSchema.safeParse(JSON.parse(text ?? 'null'));
    if (!parsed.success) return null;
    const defaults = wizardDefaults(wizard);
    const config = Object.fromEntries(
      Object.entries(defaults.config).map(([key, value]) => {
        const kept = parsed.data.config[key];
        return [key, sameKind(value, kept) ? kept : value];
      }),
    ) as WizardValues['config'];
    return { ...defaults, ...parsed.data, config, tabs: { ...defaults.tabs, ...parsed.data.tabs } };
  } catch {
    return null;
  }
}

export function saveWizardDraft(wizard: WizardSource, values: WizardValues): void {
  try {
    if (isDraft(wizard, values)) {
      sessionStorage.setItem(storageKey(wizard.source), JSON.stringify(values));
    } else sessionStorage.removeItem(storageKey(wizard.source));
  } catch {
    // storage refused (private mode): the draft lives as long as the page
  }
}

export function clearWizardDraft(source: string): void {
  try {
    sessionStorage.removeItem(storageKey(source));
  } catch {
    // nothing was kept
  }
}
