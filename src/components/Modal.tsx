import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { focusFirstField } from '../lib/focusFirstField';
import './ConfirmDialog.css';

interface ModalProps {
  title: string;
  onClose: () => void;
  /** The control focused when the dialog opens; otherwise its first field, else its first button. */
  initialFocus?: RefObject<HTMLElement | null>;
  describedBy?: string;
  children: (titleId: string) => ReactNode;
}

/**
 * A modal dialog, open while it is rendered: focus moves into it and goes back
 * to where it was when it closes; Escape closes it.
 */
export function Modal({ title, onClose, initialFocus, describedBy, children }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    if (initialFocus?.current) initialFocus.current.focus();
    else if (!focusFirstField(dialog)) dialog?.querySelector('button')?.focus();
    return () => {
      if (dialog?.open) dialog.close();
      opener?.focus();
    };
  }, [initialFocus]);

  // In document.body: a dialog holding a form must not sit inside another form.
  return createPortal(
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={describedBy}
      onCancel={(event) => {
        // Escape: let React close it, so focus goes back the same way.
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children(`${id}-title`)}
    </dialog>,
    document.body,
  );
}
