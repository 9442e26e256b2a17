import { ConfirmDialog } from '../../components/ConfirmDialog';

interface ConfirmAdminDialogProps {
  email: string;
  /** Explicit override is ticked: the dialog says so. */
  override: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Granting admin is asked about first (the role can do everything, to everyone). */
export function ConfirmAdminDialog({
  email,
  override,
  onConfirm,
  onCancel,
}: ConfirmAdminDialogProps) {
  return (
    <ConfirmDialog
      title={`Grant admin to ${email}?`}
      confirmLabel="Grant admin"
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        An admin may perform all admin actions: connectors, credentials, and the role of every other
        user, yours included.
      </p>
      {override && (
        <p>
          <strong>Explicit override is on:</strong> the role rules that would refuse this change are
          passed, for this change only.
        </p>
      )}
    </ConfirmDialog>
  );
}
