// The server's word next to the field it is about: a 422 `loc` (D3) or the 400
// duplicate name (D4) becomes a form error, and the wizard goes to its step.
import type { UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/client';
import { DUPLICATE_CONNECTOR_REFUSAL } from '../../contract/contract';
import { placeServerErrors } from '../../lib/fieldErrors';
import { WIZARD_STEPS, type WizardStep } from '../../lib/paths';
import type { SourcePanel } from '../../sources/types';
import { fieldForLoc, stepOfPath } from './wizardFields';
import type { WizardValues } from './wizardValues';

/** Form errors that belong to no field are kept here and shown in the summary. */
export const SERVER_ERROR = 'root.server' as const;

/**
 * Puts each of the server's messages on its field with setError; returns the
 * earliest step, in wizard order, that holds one (null when none maps to a field).
 */
export function applyServerErrors(
  error: unknown,
  setError: UseFormSetError<WizardValues>,
  panel: SourcePanel,
): WizardStep | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 400 && error.message === DUPLICATE_CONNECTOR_REFUSAL) {
    setError('name', { type: 'server', message: error.message });
    return 'connection';
  }
  if (error.status !== 422) return null;
  const { placed, unplaced } = placeServerErrors(error, setError, (loc) => fieldForLoc(loc, panel));
  if (unplaced.length > 0) {
    setError(SERVER_ERROR, { type: 'server', message: unplaced.join('; ') });
  }
  const steps = new Set(placed.map(stepOfPath));
  return WIZARD_STEPS.find((step) => steps.has(step)) ?? null;
}
