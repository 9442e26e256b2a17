import type { PendingAttach } from './pendingAttach';

/** Says plainly that the connector exists but has no credential yet, and why. */
export function PendingAttachNotice({ pending }: { pending: PendingAttach }) {
  return (
    <div role="alert" className="notice notice-error">
      <p>
        <strong>The credential could not be attached.</strong> The connector “{pending.request.name}
        ” was created (id {pending.connectorId}), but attaching its credential failed.
        {pending.attachError && ` ${pending.attachError}`}
      </p>
      <p>
        The connector is kept. “Retry attaching the credential” attaches it again and does not
        create a second connector. You may choose another credential first.
      </p>
    </div>
  );
}
