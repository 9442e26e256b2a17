import { useEffect, useRef } from 'react';

interface ConfirmAdminDialogProps {
  email: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation, open while it is rendered: focus moves to Cancel (the
 * safe choice) and goes back to where it was when the dialog closes.
 */
export function ConfirmAdminDialog({ email, onConfirm, onCancel }: ConfirmAdminDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    cancelRef.current?.focus();
    return () => {
      if (dialog?.open) dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      aria-labelledby="confirm-admin-title"
      aria-describedby="confirm-admin-text"
      onCancel={(event) => {
        // Escape: let React close it, so focus goes back the same way.
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id="confirm-admin-title">Grant admin to {email}?</h2>
      <p id="confirm-admin-text">
        An admin may perform all admin actions: connectors, credentials, and the role of every other
        user, yours included.
      </p>
      <div className="dialog-actions">
        <button type="button" className="secondary" ref={cancelRef} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" onClick={onConfirm}>
          Grant admin
        </button>
      </div>
    </dialog>
  );
}
