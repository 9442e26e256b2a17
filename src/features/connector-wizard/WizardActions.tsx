import type { WizardStep } from '../../lib/paths';

interface WizardActionsProps {
  step: WizardStep;
  /** A connector was created and waits for its credential. */
  pending: boolean;
  busy: boolean;
  onBack: (() => void) | null;
  onStartOver: () => void;
}

function submitLabel({
  step,
  pending,
  busy,
}: Pick<WizardActionsProps, 'step' | 'pending' | 'busy'>) {
  if (step !== 'review') return 'Next';
  if (pending) return busy ? 'Attaching…' : 'Retry attaching the credential';
  return busy ? 'Creating…' : 'Create';
}

/** Back, then the step's submit (Next, Create or Retry); disabled while a request runs. */
export function WizardActions({ step, pending, busy, onBack, onStartOver }: WizardActionsProps) {
  return (
    <>
      <p role="status" className="visually-hidden">
        {busy ? (pending ? 'Attaching the credential…' : 'Creating the connector…') : ''}
      </p>
      <div className="wizard-actions">
        {onBack && (
          <button type="button" className="secondary" disabled={busy} onClick={onBack}>
            Back
          </button>
        )}
        <button type="submit" disabled={busy}>
          {submitLabel({ step, pending, busy })}
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
