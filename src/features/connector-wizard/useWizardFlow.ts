// The wizard's moves: Next checks the step (by the form's schema, and the name
// against the list, D4); Create checks every step and goes to the first with a
// problem, then places the server's own words on their fields; Retry attaches
// again; Back and Start over.
import { useState, type FormEvent } from 'react';
import type { Path, UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { connectorListQuery } from '../../api/connectors';
import { DUPLICATE_CONNECTOR_REFUSAL } from '../../contract/contract';
import { isDuplicateConnector } from '../../contract/rules';
import { paths, type WizardStep } from '../../lib/paths';
import { applyServerErrors, SERVER_ERROR } from './serverErrors';
import type { useCreateAndAttach } from './useCreateAndAttach';
import { clearWizardDraft } from './wizardDraft';
import { wizardDefaults, type WizardSource, type WizardValues } from './wizardValues';

/** The form paths each step's problems live under (checked again together). */
const STEP_ROOTS: Record<WizardStep, Path<WizardValues>[]> = {
  connection: ['name', 'config', 'drafts', 'root.config' as Path<WizardValues>],
  schedule: ['refresh', 'prune'],
  credential: ['credential_id'],
  access: ['access', 'groups'],
  review: [],
};

interface FlowParts {
  wizard: WizardSource;
  form: UseFormReturn<WizardValues>;
  steps: WizardStep[];
  step: WizardStep;
  created: ReturnType<typeof useCreateAndAttach>;
  /** Moves focus to the summary (or heading) again. */
  refocus: () => void;
}

export function useWizardFlow({ wizard, form, steps, step, created, refocus }: FlowParts) {
  const { source } = wizard;
  const navigate = useNavigate();
  // The list (usually cached already) tells at step 1 whether the name is taken (D4).
  const connectors = useQuery(connectorListQuery());
  const [summaryStep, setSummaryStep] = useState<WizardStep | null>(null);
  const [createError, setCreateError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const { getValues, setError, clearErrors, trigger, getFieldState } = form;
  const index = steps.indexOf(step);
  const goTo = (target: WizardStep) => navigate(paths.newConnector.getHref(source, target));
  const showProblems = (target: WizardStep) => {
    setSummaryStep(target);
    refocus();
    if (target !== step) goTo(target);
  };
  /** Checks `checked` steps by the schema; returns the first that holds a problem. */
  const check = async (checked: readonly WizardStep[]) => {
    // The whole form at once when every step is checked: a step never shown has
    // no fields registered, and react-hook-form keeps no nested error for those.
    const every = steps.every((s) => checked.includes(s));
    await (every ? trigger() : trigger(checked.flatMap((s) => STEP_ROOTS[s])));
    return checked.find((s) => STEP_ROOTS[s].some((root) => getFieldState(root).invalid));
  };

  const next = async () => {
    const failed = await check([step]);
    const name = getValues('name').trim();
    const taken =
      step === 'connection' &&
      !failed &&
      (connectors.data ?? []).some((c) => isDuplicateConnector(c, { name, source }));
    if (taken) setError('name', { type: 'validate', message: DUPLICATE_CONNECTOR_REFUSAL });
    if (failed || taken) return showProblems(step);
    setSummaryStep(null);
    goTo(steps[index + 1] ?? 'review');
  };

  const submitCreate = async () => {
    setCreateError(null);
    clearErrors(SERVER_ERROR);
    const failed = await check(steps);
    if (failed) return showProblems(failed);
    setSubmitting(true);
    const error = await created.create(getValues()).finally(() => setSubmitting(false));
    if (!error) return;
    const target = applyServerErrors(error, setError, wizard.panel);
    if (target) showProblems(target);
    else setCreateError(error);
  };

  const submitRetry = async () => {
    if (await check(['credential'])) return showProblems('credential');
    const credentialId = getValues('credential_id');
    if (credentialId !== null) await created.retryAttach(credentialId);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (step !== 'review') return next();
    if (created.pending) return submitRetry();
    return submitCreate();
  };
  const back = () => goTo(steps[index - 1] ?? 'connection');
  const restart = () => {
    created.startOver();
    clearWizardDraft(source);
    form.reset(wizardDefaults(wizard));
    goTo('connection');
  };
  const busy = submitting || created.working;
  return { onSubmit, back, restart, summaryStep, createError, busy };
}
