import type { WizardStep } from '../../lib/paths';
import type { TestOutcome } from './ConnectionTest';

interface WizardActionsProps {
  step: WizardStep;
  /** A connector was created and waits for its credential. */
  pending: boolean;
  busy: boolean;
  onBack: (() => void) | null;
  onStartOver: () => void;
  /** The review's connection test: Create is the main action once it passed. */
  test: { outcome: TestOutcome; running: boolean; onTest: () => void };
}

/** The review's two actions, main first: test first, create once the test passed. */
function reviewActions(outcome: TestOutcome, busy: boolean) {
  if (outcome === 'passed') return { create: busy ? 'Creating…' : 'Create', createIsMain: true };
  const create =
    outcome === 'untested' ? 'Create without testing' : 'Create without a passing test';
  return { create: busy ? 'Creating…' : create, createIsMain: false };
}

/** Back, then the step's actions (Next; Test and Create; or Retry); disabled while a request runs. */
export function WizardActions(props: WizardActionsProps) {
  const { step, pending, busy, onBack, onStartOver, test } = props;
  const back = onBack && (
    <button type="button" className="secondary" disabled={busy} onClick={onBack}>
      Back
    </button>
  );
  const status = (
    <p role="status" className="visually-hidden">
      {busy ? (pending ? 'Attaching the credential…' : 'Creating the connector…') : ''}
    </p>
  );
  if (step !== 'review' || pending) {
    return (
      <>
        {status}
        <div className="wizard-actions">
          {back}
          <button type="submit" disabled={busy}>
            {step !== 'review' ? 'Next' : busy ? 'Attaching…' : 'Retry attaching the credential'}
          </button>
          {pending && step === 'review' && (
            <button type="button" className="secondary" disabled={busy} onClick={onStartOver}>
              Leave it unfinished and start a new connector
            </button>
          )}
        </div>
      </>
    );
  }
  const { create, createIsMain } = reviewActions(test.outcome, busy);
  const testButton = (
    <button
      type="button"
      className={createIsMain ? 'secondary' : undefined}
      disabled={busy || test.running}
      onClick={test.onTest}
    >
      {test.running ? 'Testing…' : test.outcome === 'untested' ? 'Test connection' : 'Test again'}
    </button>
  );
  const createButton = (
    <button type="submit" className={createIsMain ? undefined : 'secondary'} disabled={busy}>
      {create}
    </button>
  );
  return (
    <>
      {status}
      <div className="wizard-actions">
        {back}
        {createIsMain ? createButton : testButton}
        {createIsMain ? testButton : createButton}
      </div>
    </>
  );
}
