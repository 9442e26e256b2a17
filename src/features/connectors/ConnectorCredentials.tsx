// A connector's credentials: each can be tested now (PairTest) and detached
// (after a confirmation naming both), and one can be attached — chosen from those that fit the source, or
// made on the spot, public or private to the caller's groups (D13, the same
// choice as the wizard's: AttachCredential). After each action the keyboard lands on the message
// that says what happened (docs/panel.md, "Focus after an action"), or on the
// first thing to put right.
import { PairAccess } from './PairAccess';
import { useRef, useState } from 'react';
import { useDetachCredential } from '../../api/connectors';
import type { ConnectorDetail } from '../../contract/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { credentialLabel } from '../../lib/credentials';
import { maskedEntries } from '../../lib/maskedEntries';
import { sourceLabel } from '../../lib/sources';
import { AttachCredential, type Tell } from './AttachCredential';
import { PairTest } from './PairTest';
import { ReplaceCredential } from './ReplaceCredential';

type Attached = ConnectorDetail['credentials'][number];

const HIDDEN_LABEL = 'A credential only admins see';

/** An attached credential the caller sees: its values masked, its pair's access and test, Replace when its test failed, and Detach. */
function AttachedCredential({
  connector,
  credential,
  tell,
  onDetach,
}: {
  connector: ConnectorDetail;
  credential: Attached;
  tell: Tell;
  onDetach: () => void;
}) {
  const pair = connector.cc_pairs.find((each) => each.credential_id === credential.id);
  return (
    <li>
      <strong>{credentialLabel(credential)}</strong>{' '}
      <span className="hint">
        {sourceLabel(credential.source)} · #{credential.id}
      </span>
      <div className="hint">{maskedEntries(credential).join(' · ')}</div>
      {pair && <PairAccess pair={pair} />}
      {pair && (
        <PairTest connectorId={connector.id} pair={pair} label={credentialLabel(credential)} />
      )}
      {pair?.last_test?.ok === false && connector.can_change && (
        <ReplaceCredential
          connector={connector}
          oldCredentialId={credential.id}
          oldLabel={credentialLabel(credential)}
          onReplaced={(words) => tell(words)}
        />
      )}
      {connector.can_change && (
        <button type="button" className="secondary" onClick={onDetach}>
          Detach {credentialLabel(credential)}
        </button>
      )}
    </li>
  );
}

export function ConnectorCredentials({
  connector,
  onAction,
}: {
  connector: ConnectorDetail;
  /** A detach or an attach happened: the page clears what it said before. */
  onAction?: () => void;
}) {
  const detach = useDetachCredential();
  const [detaching, setDetaching] = useState<Attached | null>(null);
  const [said, setSaid] = useState('');
  const message = useRef<HTMLParagraphElement>(null);
  // D13: a pair whose credential the caller may not see (an admin's, shared with
  // no group of theirs) is still attached: said, tested and replaceable, never "no credential".
  const seen = new Set(connector.credentials.map((credential) => credential.id));
  const hidden = connector.cc_pairs.filter((pair) => !seen.has(pair.credential_id));

  /** Say what happened and put the keyboard on the words. */
  const tell: Tell = (words, next = message) => {
    setSaid(words);
    onAction?.();
    // After the render that shows the words (and removes the button that was used),
    // and after a closing dialog has given focus back to its opener.
    requestAnimationFrame(() => next.current?.focus());
  };

  const confirmDetach = async (credential: Attached) => {
    setDetaching(null);
    await detach.mutateAsync({ connectorId: connector.id, credentialId: credential.id });
    const left = connector.credentials.length - 1;
    tell(
      `“${credentialLabel(credential)}” was detached from “${connector.name}”.` +
        (left === 0 ? ' It is not indexed until a credential is attached.' : ''),
    );
  };

  return (
    <section aria-labelledby="connector-credentials">
      <h2 id="connector-credentials">Credentials</h2>
      <p role="status" ref={message} tabIndex={-1} className="action-message">
        {said}
      </p>
      {hidden.length > 0 && (
        <ul className="detail-credentials" aria-label="Credentials only admins see">
          {hidden.map((pair) => (
            <li key={pair.cc_pair_id}>
              <strong>{HIDDEN_LABEL}</strong>
              <div className="hint">
                It is attached, and only admins see its values: ask an admin about it, or replace it
                with one of yours.
              </div>
              <PairAccess pair={pair} />
              <PairTest connectorId={connector.id} pair={pair} label={HIDDEN_LABEL} />
              {connector.can_change && (
                <ReplaceCredential
                  connector={connector}
                  oldCredentialId={pair.credential_id}
                  oldLabel={HIDDEN_LABEL}
                  onReplaced={(words) => tell(words)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {connector.credentials.length === 0 ? (
        hidden.length > 0 ? null : (
          <p>
            No credential: “{connector.name}” is not indexed until one is attached, and the list
            shows it as not finished.
          </p>
        )
      ) : (
        <ul className="detail-credentials">
          {connector.credentials.map((credential) => (
            <AttachedCredential
              key={credential.id}
              connector={connector}
              credential={credential}
              tell={tell}
              onDetach={() => setDetaching(credential)}
            />
          ))}
        </ul>
      )}
      {detach.isError && <ErrorNotice error={detach.error} />}
      {connector.can_change && <AttachCredential connector={connector} tell={tell} />}
      {detaching && (
        <ConfirmDialog
          title={`Detach “${credentialLabel(detaching)}” from “${connector.name}”?`}
          confirmLabel="Detach credential"
          onCancel={() => setDetaching(null)}
          onConfirm={() => void confirmDetach(detaching).catch(() => {})}
        >
          <p>
            The connector stops using this credential; the credential itself stays.
            {connector.credentials.length === 1 &&
              ` With no credential, “${connector.name}” is not indexed until one is attached.`}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
