// What is typed in the Jira wizard, kept for this browser tab (sessionStorage)
// so that a reload or a visit to another page loses nothing. The wizard holds
// no secret (a credential is chosen by id), so the draft holds none either.
// A draft that no longer fits the form's shape is dropped, not half-restored.
import { z } from 'zod';
import { FREQUENCY_UNITS } from '../../lib/frequency';
import { DEFAULT_VALUES, type WizardValues } from './wizardSchema';
import { TAB_STORAGE_PREFIX } from '../../lib/session';

const STORAGE_KEY = `${TAB_STORAGE_PREFIX}jiraWizard.draft`;

const frequency = z.object({ amount: z.string(), unit: z.enum(FREQUENCY_UNITS) });
const draftSchema = z.object({
  name: z.string(),
  jira_base_url: z.string(),
  project_key: z.string(),
  comment_email_blacklist: z.array(z.object({ address: z.string() })),
  blacklist_draft: z.string(),
  refresh: frequency,
  prune: frequency,
  credential_id: z.int().nullable(),
}) satisfies z.ZodType<WizardValues>;

/** Whether anything differs from an empty wizard: only then is there a draft to keep. */
export const isDraft = (values: WizardValues) =>
  JSON.stringify(values) !== JSON.stringify(DEFAULT_VALUES);

export function loadWizardDraft(): WizardValues | null {
  try {
    const parsed = draftSchema.safeParse(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveWizardDraft(values: WizardValues): void {
  try {
    if (isDraft(values)) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(values));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage refused (private mode): the draft lives as long as the page
  }
}

export function clearWizardDraft(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing was kept
  }
}
