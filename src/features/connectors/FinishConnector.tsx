// One unfinished connector (D10), finished by attaching a credential that fits
// its source, public or private to the caller's groups (D13, the same choice as
// the wizard's), or discarded. Loaded apart from the list (UnfinishedConnectors.tsx).
import { useState } from 'react';
import { useAttachCredential, useDeleteConnector } from '../../api/connectors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { ConnectorSnapshot } from '../../contract/contract';
import { CredentialPicker } from '../../components/CredentialPicker';
import {
  AccessChoice,
  PUBLIC_ACCESS,
  accessProblem,
  attachBodyOf,
  type AccessValue,
} from '../../components/AccessChoice';
import { useAccessChoices } from '../../components/useAccessChoices';
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
  const choices = useAccessChoices();
  const [accessChosen, setAccessChosen] = useState<AccessValue | null>(null);
  const access = accessChosen ?? choices.start ?? PUBLIC_ACCESS;
  const [accessError, setAccessError] = useState<string | null>(null);
  const idPrefix = `finish-${connector.id}`;

  const finish = async () => {
    const problem = choices.show ? accessProblem(access) : null;
    setMissing(credentialId === null);
    setAccessError(problem);
    if (credentialId === null || problem) {
      const first = credentialId === null ? `${idPrefix}-credential` : `${idPrefix}-groups`;
      requestAnimationFrame(() => document.getElementById(first)?.focus());
      return;
    }
    try {
      // Resolves once the list is fresh, when this connector has moved into the table.
      await attach.mutateAsync({
        connectorId: connector.id,
        credentialId,
        ...(choices.show && { body: attachBodyOf(access) }),
      });
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
        id={`${idPrefix}-credential`}
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
      {choices.show && (
        <AccessChoice
          id={idPrefix}
          legend={`Who sees ${connector.name}`}
          groups={choices.groups}
          value={access}
          error={accessError}
          onChange={(next) => {
            setAccessChosen(next);
            setAccessError(null);
          }}
        />
      )}
      {attach.isError && <ErrorNotice error={attach.error} takeFocus />}
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
