import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { FormProvider, get, useForm, type FieldErrors } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { connectorListQuery } from '../../api/connectors';
import { DUPLICATE_CONNECTOR_REFUSAL } from '../../api/contract';
import { isDuplicateConnector } from '../../api/contractRules';
import { useCredentials } from '../../api/credentials';
import { describeError } from '../../lib/describeError';
import { JIRA_WIZARD_STEPS, paths, type JiraWizardStep } from '../../lib/paths';
import { LeaveWizardDialog } from './LeaveWizardDialog';
import { ConnectionStep } from './ConnectionStep';
import { CredentialStep } from './CredentialStep';
import { ErrorSummary, stepErrors } from './ErrorSummary';
import { PendingAttachNotice } from './PendingAttachNotice';
import { ReviewStep } from './ReviewStep';
import { ScheduleStep } from './ScheduleStep';
import { applyServerErrors, SERVER_ERROR } from './serverErrors';
import { STEP_TITLES, StepIndicator } from './StepIndicator';
import { useCreateJiraConnector } from './useCreateJiraConnector';
import { WizardActions } from './WizardActions';
import { clearWizardDraft, isDraft, loadWizardDraft, saveWizardDraft } from './wizardDraft';
import { fieldsOfStep } from './wizardFields';
import {
  DEFAULT_VALUES,
  fromCreateRequest,
  wizardSchema,
  type WizardOutput,
  type WizardValues,
} from './wizardSchema';
import './jiraWizard.css';

const isStep = (value: string | null): value is JiraWizardStep =>
  (JIRA_WIZARD_STEPS as readonly (string | null)[]).includes(value);

/** The first step, in wizard order, that holds an error. */
const firstStepWithErrors = (errors: FieldErrors<WizardValues>) =>
  JIRA_WIZARD_STEPS.find((step) => stepErrors(errors, step).length > 0) ?? null;

export function JiraWizardPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const requested = searchParams.get('step');
  const step: JiraWizardStep = isStep(requested) ? requested : 'connection';
  const { pending, working, create, retryAttach, startOver } = useCreateJiraConnector();
  useCredentials(); // loaded from the first step on, so the picker is ready when its step comes
  // The list (usually cached already) tells at step 1 whether the name is taken (D4).
  const connectors = useQuery(connectorListQuery());
  // A created connector shows what was sent; otherwise the tab's draft, if any.
  const [initialValues] = useState(() =>
    pending
      ? fromCreateRequest(pending.request, pending.credentialId)
      : (loadWizardDraft() ?? DEFAULT_VALUES),
  );
  const form = useForm<WizardValues, unknown, WizardOutput>({
    resolver: zodResolver(wizardSchema),
    defaultValues: initialValues,
    // Problems appear when Next or Create is pressed, not when a field loses focus: an
    // error shown on blur (mouse-down) would move the button from under the pointer.
    mode: 'onSubmit',
  });
  const { formState, trigger, getValues, setError, clearErrors } = form;
  const [summaryStep, setSummaryStep] = useState<JiraWizardStep | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const [createError, setCreateError] = useState<unknown>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const lastFocus = useRef({ step, focusRequest });
  const pendingRef = useRef(pending);
  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);
  const halfFilled = useCallback(() => !pendingRef.current && isDraft(getValues()), [getValues]);

  // A field that shows a problem is checked again as it changes, so the words
  // follow what is typed (and vanish once it is right).
  const { subscribe } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name, errors, values }) => {
          if (name && get(errors, name)) void form.trigger(name as keyof WizardValues);
          // Every change is kept as the tab's draft, until the connector is made.
          if (!pendingRef.current) saveWizardDraft(values);
        },
      }),
    [subscribe, form],
  );

  // A new step, or a failed attempt, moves focus: to the error summary when shown, else the heading.
  useEffect(() => {
    const last = lastFocus.current;
    if (last.step === step && last.focusRequest === focusRequest) return;
    lastFocus.current = { step, focusRequest };
    (summaryRef.current ?? headingRef.current)?.focus();
  }, [step, focusRequest]);

  const index = JIRA_WIZARD_STEPS.indexOf(step);
  const goTo = (target: JiraWizardStep) => navigate(paths.newJiraConnector.getHref(target));
  const showProblems = (target: JiraWizardStep) => {
    setSummaryStep(target);
    setFocusRequest((n) => n + 1);
    if (target !== step) goTo(target);
  };

  const next = async () => {
    const valid = await trigger(fieldsOfStep(step));
    const draft = getValues('blacklist_draft').trim();
    if (step === 'connection' && draft) {
      setError('root.blacklistDraft', {
        type: 'validate',
        message: `${draft} is not in the list yet: choose “Add address”, or clear the field`,
      });
    }
    const name = getValues('name').trim();
    const taken =
      step === 'connection' &&
      valid &&
      (connectors.data ?? []).some((c) => isDuplicateConnector(c, { name, source: 'jira' }));
    if (taken) setError('name', { type: 'validate', message: DUPLICATE_CONNECTOR_REFUSAL });
    if (!valid || taken || (step === 'connection' && draft)) return showProblems(step);
    setSummaryStep(null);
    goTo(JIRA_WIZARD_STEPS[index + 1] ?? 'review');
  };

  const submitCreate = form.handleSubmit(
    async (values) => {
      setCreateError(null);
      clearErrors(SERVER_ERROR);
      const error = await create(values);
      if (!error) return;
      const target = applyServerErrors(error, setError);
      if (target) showProblems(target);
      else setCreateError(error);
    },
    (errors) => showProblems(firstStepWithErrors(errors) ?? 'connection'),
  );

  const submitRetry = async () => {
    if (!(await trigger('credential_id'))) return showProblems('credential');
    const credentialId = getValues('credential_id');
    if (credentialId !== null) await retryAttach(credentialId);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (step !== 'review') return next();
    if (pending) return submitRetry();
    return submitCreate(event);
  };

  const back = () => goTo(JIRA_WIZARD_STEPS[index - 1] ?? 'connection');
  const restart = () => {
    startOver();
    clearWizardDraft();
    form.reset(DEFAULT_VALUES);
    goTo('connection');
  };

  // A created connector keeps what was sent; only its credential may change.
  if (pending && (step === 'connection' || step === 'schedule')) {
    return <Navigate to={paths.newJiraConnector.getHref('review')} replace />;
  }

  const stepView = {
    connection: <ConnectionStep />,
    schedule: <ScheduleStep />,
    credential: <CredentialStep />,
    review: <ReviewStep locked={pending !== null} />,
  }[step];
  const busy = formState.isSubmitting || working;
  const summaryItems = summaryStep === step ? stepErrors(formState.errors, step) : [];

  return (
    <section className="page jira-wizard" aria-labelledby="jira-wizard-title">
      <h1 id="jira-wizard-title">New Jira connector</h1>
      <LeaveWizardDialog halfFilled={halfFilled} onDiscard={clearWizardDraft} />
      <StepIndicator current={step} />
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate aria-labelledby="jira-wizard-step-title">
          <h2 id="jira-wizard-step-title" ref={headingRef} tabIndex={-1}>
            Step {index + 1} of {JIRA_WIZARD_STEPS.length}: {STEP_TITLES[step]}
          </h2>
          {pending && step === 'review' && <PendingAttachNotice pending={pending} />}
          <ErrorSummary ref={summaryRef} items={summaryItems} />
          {stepView}
          {step === 'review' && createError !== null && (
            <p role="alert" className="notice notice-error">
              The connector was not created. {describeError(createError)}
            </p>
          )}
          <WizardActions
            step={step}
            pending={pending !== null}
            busy={busy}
            onBack={index > 0 && !(pending && step === 'credential') ? back : null}
            onStartOver={restart}
          />
        </form>
      </FormProvider>
    </section>
  );
}
