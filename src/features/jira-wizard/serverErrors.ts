// The server's word next to the field it is about: a 422 `loc` (D3) or the 400
// duplicate name (D4) becomes a form error, and the wizard goes to its step.
import type { UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/client';
import { JIRA_WIZARD_STEPS, type JiraWizardStep } from '../../lib/paths';
import { stepOfField, type WizardValues } from './wizardSchema';

/** Form errors that belong to no field are kept here and shown in the summary. */
export const SERVER_ERROR = 'root.server' as const;

type Loc = readonly (string | number)[];

/** `["body", "connector_specific_config", "comment_email_blacklist", 1]` → `comment_email_blacklist.1.address` */
export function fieldForLoc(loc: Loc): string | null {
  const [where, first, second, third] = loc;
  if (where !== 'body') return null;
  if (first === 'name') return 'name';
  if (first === 'refresh_freq') return 'refresh.amount';
  if (first === 'prune_freq') return 'prune.amount';
  if (first !== 'connector_specific_config') return null;
  if (second === 'jira_base_url' || second === 'project_key') return second;
  if (second === 'comment_email_blacklist' && typeof third === 'number') {
    return `comment_email_blacklist.${third}.address`;
  }
  return null;
}

const DUPLICATE_NAME = /already exists/i;

/**
 * Puts each of the server's messages on its field with setError; returns the
 * earliest step, in wizard order, that holds one (null when none maps to a field).
 */
export function applyServerErrors(
  error: unknown,
  setError: UseFormSetError<WizardValues>,
): JiraWizardStep | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 400 && DUPLICATE_NAME.test(error.message)) {
    setError('name', { type: 'server', message: error.message });
    return 'connection';
  }
  if (error.status !== 422) return null;
  const steps = new Set<JiraWizardStep>();
  const unplaced: string[] = [];
  for (const problem of error.validationErrors) {
    const field = fieldForLoc(problem.loc);
    if (!field) {
      unplaced.push(`${problem.loc.join(' › ')}: ${problem.msg}`);
      continue;
    }
    setError(field as 'name', { type: 'server', message: problem.msg });
    const step = stepOfField(field);
    if (step) steps.add(step);
  }
  if (unplaced.length > 0) {
    setError(SERVER_ERROR, { type: 'server', message: unplaced.join('; ') });
  }
  return JIRA_WIZARD_STEPS.find((step) => steps.has(step)) ?? null;
}
