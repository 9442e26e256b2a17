import { useEffect, useId, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { Modal } from '../../components/Modal';
import { createdConnectorFrom } from '../../lib/createdConnector';

interface LeaveWizardProps {
  /** Whether leaving now would leave a half-filled form behind. */
  halfFilled: () => boolean;
  onDiscard: () => void;
  /** The source's label, as the question names it: "Leave the new <label> connector?" */
  label: string;
}

/**
 * Asks before a half-filled wizard is left through the panel's links (the draft
 * stays in the tab unless discarded), and lets the browser ask before the tab
 * is closed, which would lose the draft with the tab. Going from step to step,
 * and the move to the list once the connector is made, are not asked about.
 */
export function LeaveWizardDialog({ halfFilled, onDiscard, label }: LeaveWizardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      nextLocation.pathname !== currentLocation.pathname &&
      !createdConnectorFrom(nextLocation.state) &&
      halfFilled(),
  );
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (halfFilled()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [halfFilled]);
  const stayRef = useRef<HTMLButtonElement>(null);
  const textId = useId();

  if (blocker.state !== 'blocked') return null;
  return (
    <Modal
      title={`Leave the new ${label} connector?`}
      onClose={() => blocker.reset()}
      initialFocus={stayRef}
      describedBy={textId}
    >
      {() => (
        <>
          <p id={textId}>
            The connector is not created yet. What you typed stays as a draft in this browser tab:
            come back to New {label} connector to go on.
          </p>
          <div className="dialog-actions">
            <button
              type="button"
              className="secondary"
              ref={stayRef}
              onClick={() => blocker.reset()}
            >
              Stay
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => {
                onDiscard();
                blocker.proceed();
              }}
            >
              Discard the draft and leave
            </button>
            <button type="button" onClick={() => blocker.proceed()}>
              Leave, keep the draft
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
