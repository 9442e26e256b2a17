// Where a credential's secret may be sent (D15): its approved origins, asked
// for when the list is opened; its maker or an admin removes one. Sources
// with a fixed address need none, so the list may be empty.
import { useState } from 'react';
import { useCredentialOrigins, useRemoveCredentialOrigin } from '../../api/credentials';
import { ErrorNotice } from '../../components/ErrorNotice';
import type { Credential } from '../../contract/contract';
import { credentialLabel } from '../../lib/credentials';
import { formatDateTime } from '../../lib/format';

export function ApprovedOrigins({
  credential,
  onDone,
}: {
  credential: Credential;
  onDone: (words: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const origins = useCredentialOrigins(credential.id, open);
  const remove = useRemoveCredentialOrigin();
  const label = credentialLabel(credential);

  const removeOne = async (origin: string) => {
    await remove.mutateAsync({ id: credential.id, origin });
    onDone(
      `“${label}” will no longer be sent to ${origin} until its owner or an admin approves it again.`,
    );
  };

  return (
    <details
      className="approved-origins"
      onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}
    >
      <summary>Where its secret may be sent</summary>
      {origins.isPending && open && <p className="hint">Loading…</p>}
      {origins.isError && <ErrorNotice error={origins.error} />}
      {origins.data && origins.data.origins.length === 0 && (
        <p className="hint">
          No address approved: it goes only where its source fixes the address. Its owner or an
          admin approves one by attaching or testing it there.
        </p>
      )}
      {origins.data && origins.data.origins.length > 0 && (
        <ul aria-label={`Approved addresses of ${label}`}>
          {origins.data.origins.map((row) => (
            <li key={row.origin}>
              <span className="origin">{row.origin}</span>{' '}
              <span className="hint">
                approved {formatDateTime(row.time_created)}
                {row.approved_by ? ` by ${row.approved_by}` : ''}
              </span>
              {origins.data.can_remove && (
                <button
                  type="button"
                  className="secondary"
                  aria-label={`Remove ${row.origin}`}
                  disabled={remove.isPending}
                  onClick={() => void removeOne(row.origin).catch(() => {})}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {remove.isError && <ErrorNotice error={remove.error} />}
    </details>
  );
}
