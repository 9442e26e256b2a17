// One unfinished connector (D10), finished by attaching a credential that fits
// its source, or discarded. Loaded apart from the list (UnfinishedConnectors.tsx).
import { useState } from 'react';
import { useAttachCredential, useDeleteConnector } from '../../api/connectors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { ConnectorSnapshot } from '../../contract/contract';
import { CredentialPicker } from '../../components/CredentialPicker';
import { ErrorNotice } from '../../components/ErrorNotice';
import { NewCredential } from '../../components/NewCredential';
import { sourceLabel } from '../../lib/sources';

export function FinishConnector(props: {
  connector: ConnectorSnapshot;
  onFinished: (connector: ConnectorSnapshot) => void;
}) {
  const { connector, onFinished } = props;
  const attach = useAttachCredential();
  const discard = useDeleteConnector();
  const [credentialId, setCredentialId] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const finish = async () => {
    if (credentialId === null) {
      setMissing(true);
      return;
    }
    try {
      // Resolves once the list is fresh, when this connector has moved into the table.
      await attach.mutateAsync({ connectorId: connector.id, credentialId });
      onFinished(connector);
    } catch {
      // attach.error is shown below.
    }
  };

  return (
    <li className="unfinished-item">
      <h2 className="unfinished-name" id={`finish-${connector.id}-name`}>
        {connector.name}{' '}
        <span className="hint">
          ({sourceLabel(connector.source)}, #{connector.id})
        </span>
      </h2>
      <CredentialPicker
        id={`finish-${connector.id}-credential`}
        label={`Credential for ${connector.name}`}
        source={connector.source}
        value={credentialId}
        onChange={(id) => {
          setCredentialId(id);
          setMissing(false);
        }}
        errorMessage={missing ? 'Choose a credential first.' : undefined}
      />
      {/* No credential fits yet (or none is right): one is made here, not elsewhere first. */}
      <NewCredential
        source={connector.source}
        label={sourceLabel(connector.source)}
        onCreated={(id) => {
          setCredentialId(id);
          setMissing(false);
        }}
      />
      {attach.isError && <ErrorNotice error={attach.error} />}
      {discard.isError && <ErrorNotice error={discard.error} />}
      <div className="unfinished-actions">
        <button
          type="button"
          aria-describedby={`finish-${connector.id}-name`}
          disabled={attach.isPending}
          onClick={() => void finish()}
        >
          {attach.isPending ? 'Attaching…' : 'Attach credential'}
        </button>
        <button
          type="button"
          className="secondary"
          aria-describedby={`finish-${connector.id}-name`}
          onClick={() => setConfirming(true)}
        >
          Discard
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={`Discard “${connector.name}”?`}
          confirmLabel="Discard connector"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            discard.mutate(connector.id);
          }}
        >
          <p>The unfinished connector is deleted. Nothing was indexed from it yet.</p>
        </ConfirmDialog>
      )}
    </li>
  );
}
