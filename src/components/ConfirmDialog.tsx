import { useId, useRef, type ReactNode } from 'react';
import { Modal } from './Modal';

interface ConfirmDialogProps {
  title: string;
  /** What will happen, in words; it describes the dialog. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** A destructive action: the confirming button is styled as a danger. */
  danger?: boolean;
  /** Held back until the question is answered (e.g. a typed count). */
  confirmDisabled?: boolean;
}

/** A modal question: focus starts on Cancel, the safe choice. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  danger = false,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const textId = useId();
  return (
    <Modal title={title} onClose={onCancel} initialFocus={cancelRef} describedBy={textId}>
      {() => (
        <>
          <div id={textId}>{children}</div>
          <div className="dialog-actions">
            <button type="button" className="secondary" ref={cancelRef} onClick={onCancel}>
              Cancel
            </button>
            <button
              type="button"
              className={danger ? 'danger' : undefined}
              disabled={confirmDisabled}
              onClick={onConfirm}
            >
              {confirmLabel}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
