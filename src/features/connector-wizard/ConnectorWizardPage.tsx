// The connector wizard, one for every catalogue source (/connectors/new/:source):
// the name and the source's settings, the schedule, the credential (for a
// source that needs one), and a review. Problems are found by the contract's
// rules before anything is sent; the server's own land on their fields.
import { FormProvider } from 'react-hook-form';
import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { isCatalogueSource, needsCredential } from '../../contract/sources/catalogue';
import { useCredentials } from '../../api/credentials';
import { describeError } from '../../lib/describeError';
import { paths, WIZARD_STEPS, type WizardStep } from '../../lib/paths';
import { panelOf } from '../../sources/catalogue';
import type { GroupOption } from '../../components/AccessChoice';
import { SourceLogo } from '../../components/SourceLabel';
import { AccessStep } from './AccessStep';
import { ConnectionStep } from './ConnectionStep';
import { ConnectionTestSection, useConnectionTest } from './ConnectionTest';
import { CredentialStep } from './CredentialStep';
import { ErrorSummary, stepErrors } from './ErrorSummary';
import { LeaveWizardDialog } from './LeaveWizardDialog';
import { PendingAttachNotice } from './PendingAttachNotice';
import { ReviewStep } from './ReviewStep';
import { ScheduleStep } from './ScheduleStep';
import { STEP_TITLES, StepIndicator } from './StepIndicator';
import { useAccessChoices } from './useAccessChoices';
import { useCreateAndAttach } from './useCreateAndAttach';
import { useStepFocus } from './useStepFocus';
import { useWizardFlow } from './useWizardFlow';
import { useWizardForm } from './useWizardForm';
import { WizardActions } from './WizardActions';
import { clearWizardDraft } from './wizardDraft';
import type { WizardSource } from './wizardValues';
import './connectorWizard.css';

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
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('step') as WizardStep | null;
  const created = useCreateAndAttach(wizard);
  const { pending } = created;
  useCredentials(); // loaded from the first step on, so the picker is ready when its step comes
  const { form, halfFilled } = useWizardForm(wizard, pending);
  const access = useAccessChoices(form);
  const steps = WIZARD_STEPS.filter(
    (s) => (s !== 'credential' || wizard.needsCredential) && (s !== 'access' || access.show),
  );
  const step: WizardStep = requested && steps.includes(requested) ? requested : 'connection';
  // Read on every render, so the form state follows its errors on every step: read
  // only where a summary shows, errors set on the review (where none is read) were
  // missing when step 1 came back to show them.
  const { errors } = form.formState;
  const test = useConnectionTest(wizard, form.getValues);
  const { headingRef, summaryRef, refocus } = useStepFocus(step);
  const flow = useWizardFlow({ wizard, form, steps, step, created, refocus });

  // A created connector keeps what was sent; only its credential may change.
  if (pending && (step === 'connection' || step === 'schedule' || step === 'access')) {
    return <Navigate to={paths.newConnector.getHref(source, 'review')} replace />;
  }
  const index = steps.indexOf(step);
  const summaryItems = flow.summaryStep === step ? stepErrors(errors, step, panel) : [];

  return (
    <section className="page connector-wizard" aria-labelledby="wizard-title">
      <h1 id="wizard-title">
        <span className="source-label">
          <SourceLogo source={source} />
          New {panel.label} connector
        </span>
      </h1>
      <LeaveWizardDialog
        halfFilled={halfFilled}
        onDiscard={() => clearWizardDraft(source)}
        label={panel.label}
      />
      <StepIndicator steps={steps} current={step} />
      <FormProvider {...form}>
        <form onSubmit={flow.onSubmit} noValidate aria-labelledby="wizard-step-title">
          <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1}>
            Step {index + 1} of {steps.length}: {STEP_TITLES[step]}
          </h2>
          {pending && step === 'review' && <PendingAttachNotice pending={pending} />}
          <ErrorSummary ref={summaryRef} items={summaryItems} />
          <StepView step={step} wizard={wizard} locked={pending !== null} access={access} />
          {step === 'review' && flow.createError !== null && (
            <p role="alert" className="notice notice-error">
              The connector was not created. {describeError(flow.createError)}
            </p>
          )}
          {step === 'review' && !pending && <ConnectionTestSection test={test} />}
          <WizardActions
            step={step}
            test={{ outcome: test.outcome, running: test.mutation.isPending, onTest: test.run }}
            pending={pending !== null}
            busy={flow.busy}
            onBack={index > 0 && !(pending && step === 'credential') ? flow.back : null}
            onStartOver={flow.restart}
          />
        </form>
      </FormProvider>
    </section>
  );
}

function StepView({
  step,
  wizard,
  locked,
  access,
}: {
  step: WizardStep;
  wizard: WizardSource;
  locked: boolean;
  access: { groups: GroupOption[]; show: boolean };
}) {
  if (step === 'connection') return <ConnectionStep wizard={wizard} />;
  if (step === 'schedule') return <ScheduleStep wizard={wizard} />;
  if (step === 'credential') return <CredentialStep wizard={wizard} />;
  if (step === 'access') return <AccessStep groups={access.groups} />;
  return <ReviewStep wizard={wizard} locked={locked} access={access.show ? access.groups : null} />;
}
