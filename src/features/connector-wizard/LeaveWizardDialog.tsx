import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Modal } from '../../components/Modal';

interface LeaveWizardProps {
  /** Whether leaving now would leave a half-filled form behind. */
  halfFilled: () => boolean;
  onDiscard: () => void;
  /** The source's label, as the question names it: "Leave the new <label> connector?" */
  label: string;
}

/**
 * The panel's own link that `event` follows, as a path (`/users?x#y`), when it
 * is a plain click the router would handle: same origin, same tab, no modifier.
 */
function inAppLink(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return null;
  if (link.target && link.target !== '_self') return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Asks before a half-filled wizard is left through the panel's links (the draft
 * stays in the tab unless discarded), and lets the browser ask before the tab
 * is closed, which would lose the draft with the tab. Going from step to step,
 * and the move to the list once the connector is made (the wizard's own
 * navigation, not a link), are not asked about. A click on a link is held in
 * the capture phase, before the router's own handler sees it.
 */
export function LeaveWizardDialog({ halfFilled, onDiscard, label }: LeaveWizardProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  /** Where the held link leads, while the question is open. */
  const [held, setHeld] = useState<string | null>(null);
  useEffect(() => {
    const hold = (event: MouseEvent) => {
      const to = inAppLink(event);
      if (to === null || new URL(to, window.location.origin).pathname === pathname) return;
      if (!halfFilled()) return;
      event.preventDefault();
      setHeld(to);
    };
    document.addEventListener('click', hold, { capture: true });
    return () => document.removeEventListener('click', hold, { capture: true });
  }, [halfFilled, pathname]);
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (halfFilled()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [halfFilled]);
  const stayRef = useRef<HTMLButtonElement>(null);
  const textId = useId();

  if (held === null) return null;
  const stay = () => setHeld(null);
  const leave = () => {
    setHeld(null);
    void navigate(held);
  };
  return (
    <Modal
      title={`Leave the new ${label} connector?`}
      onClose={stay}
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
            <button type="button" className="secondary" ref={stayRef} onClick={stay}>
              Stay
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => {
                onDiscard();
                leave();
              }}
            >
              Discard the draft and leave
            </button>
            <button type="button" onClick={leave}>
              Leave, keep the draft
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
