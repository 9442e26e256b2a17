// The connector wizard, one for every catalogue source (/connectors/new/:source):
// the name and the source's settings, the schedule, the credential (for a
// source that needs one), and a review. Problems are found by the contract's
// rules before anything is sent; the server's own land on their fields.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { FormProvider, get, useForm, type Path } from 'react-hook-form';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { connectorListQuery } from '../../api/connectors';
import { DUPLICATE_CONNECTOR_REFUSAL } from '../../contract/contract';
import { isDuplicateConnector } from '../../contract/rules';
import { isCatalogueSource, needsCredential } from '../../contract/sources/catalogue';
import { useCredentials } from '../../api/credentials';
import { describeError } from '../../lib/describeError';
import { paths, WIZARD_STEPS, type WizardStep } from '../../lib/paths';
import { panelOf } from '../../sources/catalogue';
import { valueFields } from '../../sources/form';
import { ConnectionStep } from './ConnectionStep';
import { ConnectionTestSection, useConnectionTest } from './ConnectionTest';
import { CredentialStep } from './CredentialStep';
import { ErrorSummary, stepErrors } from './ErrorSummary';
import { LeaveWizardDialog } from './LeaveWizardDialog';
import { PendingAttachNotice } from './PendingAttachNotice';
import { ReviewStep } from './ReviewStep';
import { ScheduleStep } from './ScheduleStep';
import { applyServerErrors, SERVER_ERROR } from './serverErrors';
import { STEP_TITLES, StepIndicator } from './StepIndicator';
import { useCreateAndAttach } from './useCreateAndAttach';
import { WizardActions } from './WizardActions';
import { clearWizardDraft, isDraft, loadWizardDraft, saveWizardDraft } from './wizardDraft';
import { stepOfPath } from './wizardFields';
import {
  fromCreateRequest,
  wizardDefaults,
  wizardProblems,
  type WizardSource,
  type WizardValues,
} from './wizardValues';
import './connectorWizard.css';

/** The form paths each step's problems live under (cleared before the step is checked again). */
const STEP_ROOTS: Record<WizardStep, Path<WizardValues>[]> = {
  connection: ['name', 'config', 'drafts', 'root.config' as Path<WizardValues>],
  schedule: ['refresh', 'prune'],
  credential: ['credential_id'],
  review: [],
};

export function ConnectorWizardPage() {
  const { source = '' } = useParams();
  const panel = panelOf(source);
  if (!panel || !isCatalogueSource(source)) {
    return (
      <section className="page" aria-labelledby="wizard-unknown-title">
        <h1 id="wizard-unknown-title">No wizard for “{source}”</h1>
        <p>Sourcedesk’s catalogue does not hold this source.</p>
        <p>
          <Link to={paths.catalogue.getHref()}>Choose a source from the catalogue</Link>
        </p>
      </section>
    );
  }
  const wizard = { source, panel, needsCredential: needsCredential(source) };
  return <Wizard key={source} wizard={wizard} />;
}

function Wizard({ wizard }: { wizard: WizardSource }) {
  const { source, panel } = wizard;
  const steps = WIZARD_STEPS.filter((s) => s !== 'credential' || wizard.needsCredential);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const requested = searchParams.get('step') as WizardStep | null;
  const step: WizardStep = requested && steps.includes(requested) ? requested : 'connection';
  const { pending, working, create, retryAttach, startOver } = useCreateAndAttach(wizard);
  useCredentials(); // loaded from the first step on, so the picker is ready when its step comes
  // The list (usually cached already) tells at step 1 whether the name is taken (D4).
  const connectors = useQuery(connectorListQuery());
  const [initialValues] = useState(() =>
    pending
      ? fromCreateRequest(wizard, pending.request, pending.credentialId)
      : (loadWizardDraft(wizard) ?? wizardDefaults(wizard)),
  );
  // Problems appear when Next or Create is pressed, not when a field loses focus: an
  // error shown on blur (mouse-down) would move the button from under the pointer.
  const form = useForm<WizardValues>({ defaultValues: initialValues, mode: 'onSubmit' });
  const { getValues, setError, clearErrors } = form;
  // Read on every render, so the form state follows its errors on every step: read
  // only where a summary shows, errors set on the review (where none is read) were
  // missing when step 1 came back to show them.
  const { errors } = form.formState;
  const test = useConnectionTest(wizard, getValues);
  const [summaryStep, setSummaryStep] = useState<WizardStep | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const [createError, setCreateError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  // Nothing focused yet: on arrival the keyboard goes to the step's heading (the
  // catalogue's link or search box that led here is gone, which leaves it on <body>).
  const lastFocus = useRef<{ step: WizardStep; focusRequest: number } | null>(null);
  const pendingRef = useRef(pending);
  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);
  const halfFilled = useCallback(
    () => !pendingRef.current && isDraft(wizard, getValues()),
    [getValues, wizard],
  );

  /** Marks the problems of `checked` steps on their fields; returns them. */
  const mark = useCallback(
    (checked: readonly WizardStep[]) => {
      clearErrors(checked.flatMap((s) => STEP_ROOTS[s]));
      const problems = wizardProblems(wizard, getValues()).filter((p) =>
        checked.includes(stepOfPath(p.path)),
      );
      for (const { path, message } of problems) {
        setError(path as Path<WizardValues>, { type: 'validate', message });
      }
      return problems;
    },
    [clearErrors, getValues, setError, wizard],
  );

  // A field that shows a problem is checked again as it changes, so the words
  // follow what is typed (and vanish once it is right); every change is kept as
  // the tab's draft, until the connector is made.
  const { subscribe } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name, values }) => {
          if (name && get(form.formState.errors, name)) {
            const problems = wizardProblems(wizard, getValues());
            clearErrors(name as Path<WizardValues>);
            for (const p of problems.filter(
              (p) => p.path === name || p.path.startsWith(`${name}.`),
            )) {
              setError(p.path as Path<WizardValues>, { type: 'validate', message: p.message });
            }
          }
          if (!pendingRef.current) saveWizardDraft(wizard, values as WizardValues);
        },
      }),
    [subscribe, form, wizard, getValues, clearErrors, setError],
  );

  // Arrival, a new step, or a failed attempt moves focus: to the error summary when shown, else the heading.
  useEffect(() => {
    const last = lastFocus.current;
    if (last?.step === step && last.focusRequest === focusRequest) return;
    lastFocus.current = { step, focusRequest };
    (summaryRef.current ?? headingRef.current)?.focus();
  }, [step, focusRequest]);

  const index = steps.indexOf(step);
  const goTo = (target: WizardStep) => navigate(paths.newConnector.getHref(source, target));
  const showProblems = (target: WizardStep) => {
    setSummaryStep(target);
    setFocusRequest((n) => n + 1);
    if (target !== step) goTo(target);
  };

  /** Items typed in a list's box but not added stop Next, with the words that say so. */
  const unaddedItems = () =>
    valueFields(panel.fields)
      .filter((field) => field.control === 'list')
      .filter((field) => {
        const draft = (getValues(`drafts.${field.key}`) ?? '').trim();
        if (!draft || field.control !== 'list') return false;
        setError(`drafts.${field.key}`, {
          type: 'validate',
          message: `“${draft}” is not in the list yet: choose “${field.addLabel}”, or clear the field`,
        });
        return true;
      }).length;

  const next = () => {
    const problems = mark([step]);
    const unadded = step === 'connection' ? unaddedItems() : 0;
    const name = getValues('name').trim();
    const taken =
      step === 'connection' &&
      problems.length === 0 &&
      (connectors.data ?? []).some((c) => isDuplicateConnector(c, { name, source }));
    if (taken) setError('name', { type: 'validate', message: DUPLICATE_CONNECTOR_REFUSAL });
    if (problems.length > 0 || unadded > 0 || taken) return showProblems(step);
    setSummaryStep(null);
    goTo(steps[index + 1] ?? 'review');
  };

  const submitCreate = async () => {
    setCreateError(null);
    clearErrors(SERVER_ERROR);
    const problems = mark(steps);
    if (problems.length > 0) {
      const first = steps.find((s) => problems.some((p) => stepOfPath(p.path) === s));
      return showProblems(first ?? 'connection');
    }
    setSubmitting(true);
    const error = await create(getValues()).finally(() => setSubmitting(false));
    if (!error) return;
    const target = applyServerErrors(error, setError, panel);
    if (target) showProblems(target);
    else setCreateError(error);
  };

  const submitRetry = async () => {
    if (mark(['credential']).length > 0) return showProblems('credential');
    const credentialId = getValues('credential_id');
    if (credentialId !== null) await retryAttach(credentialId);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (step !== 'review') return next();
    if (pending) return submitRetry();
    return submitCreate();
  };

  const back = () => goTo(steps[index - 1] ?? 'connection');
  const restart = () => {
    startOver();
    clearWizardDraft(source);
    form.reset(wizardDefaults(wizard));
    goTo('connection');
  };

  // A created connector keeps what was sent; only its credential may change.
  if (pending && (step === 'connection' || step === 'schedule')) {
    return <Navigate to={paths.newConnector.getHref(source, 'review')} replace />;
  }

  const stepView = {
    connection: <ConnectionStep wizard={wizard} />,
    schedule: <ScheduleStep wizard={wizard} />,
    credential: <CredentialStep wizard={wizard} />,
    review: <ReviewStep wizard={wizard} locked={pending !== null} />,
  }[step];
  const busy = submitting || working;
  const summaryItems = summaryStep === step ? stepErrors(errors, step, panel) : [];

  return (
    <section className="page connector-wizard" aria-labelledby="wizard-title">
      <h1 id="wizard-title">New {panel.label} connector</h1>
      <LeaveWizardDialog
        halfFilled={halfFilled}
        onDiscard={() => clearWizardDraft(source)}
        label={panel.label}
      />
      <StepIndicator steps={steps} current={step} />
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate aria-labelledby="wizard-step-title">
          <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1}>
            Step {index + 1} of {steps.length}: {STEP_TITLES[step]}
          </h2>
          {pending && step === 'review' && <PendingAttachNotice pending={pending} />}
          <ErrorSummary ref={summaryRef} items={summaryItems} />
          {stepView}
          {step === 'review' && createError !== null && (
            <p role="alert" className="notice notice-error">
              The connector was not created. {describeError(createError)}
            </p>
          )}
          {step === 'review' && !pending && <ConnectionTestSection test={test} />}
          <WizardActions
            step={step}
            test={{ outcome: test.outcome, running: test.mutation.isPending, onTest: test.run }}
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
