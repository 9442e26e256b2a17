// A connector's credentials: each can be tested now (PairTest) and detached
// (after a confirmation naming both), and one can be attached — chosen from those that fit the source, or
// made on the spot, public or private to the caller's groups (D13, the same
// choice as the wizard's). After each action the keyboard lands on the message
// that says what happened (docs/panel.md, "Focus after an action"), or on the
// first thing to put right.
import { PairAccess } from './PairAccess';
import { useRef, useState } from 'react';
import { useAttachCredential, useDetachCredential } from '../../api/connectors';
import type { ConnectorDetail } from '../../contract/contract';
import { useCredentials } from '../../api/credentials';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CredentialForm } from '../../components/CredentialForm';
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
import { Modal } from '../../components/Modal';
import { credentialLabel } from '../../lib/credentials';
import { maskedEntries } from '../../lib/maskedEntries';
import { sourceLabel } from '../../lib/sources';
import { PairTest } from './PairTest';
import { ReplaceCredential } from './ReplaceCredential';

type Attached = ConnectorDetail['credentials'][number];

const HIDDEN_LABEL = 'A credential only admins see';

/**
 * Where a new pair's access starts: the connector's own (private to the groups
 * of its private pairs that the caller may choose), so one click never makes a
 * private connector public. Null when it has no private pair.
 */
function ownAccess(connector: ConnectorDetail, offered: { id: number }[]): AccessValue | null {
  const privatePairs = connector.cc_pairs.filter((pair) => pair.access_type === 'private');
  if (privatePairs.length === 0) return null;
  const mine = new Set(offered.map((group) => group.id));
  const groups = [...new Set(privatePairs.flatMap((pair) => pair.groups))].filter((id) =>
    mine.has(id),
  );
  return { access: 'private', groups };
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
  const attach = useAttachCredential();
  const credentials = useCredentials();
  const [detaching, setDetaching] = useState<Attached | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [making, setMaking] = useState(false);
  const [said, setSaid] = useState('');
  const choices = useAccessChoices();
  const [accessChosen, setAccessChosen] = useState<AccessValue | null>(null);
  const access =
    accessChosen ?? ownAccess(connector, choices.groups) ?? choices.start ?? PUBLIC_ACCESS;
  const [accessError, setAccessError] = useState<string | null>(null);
  const message = useRef<HTMLParagraphElement>(null);
  const attachButton = useRef<HTMLButtonElement>(null);
  const source = sourceLabel(connector.source);
  // D13: a pair whose credential the caller may not see (an admin's, shared with
  // no group of theirs) is still attached: said, tested and replaceable, never "no credential".
  const seen = new Set(connector.credentials.map((credential) => credential.id));
  const hidden = connector.cc_pairs.filter((pair) => !seen.has(pair.credential_id));
  const pairOf = (credentialId: number) =>
    connector.cc_pairs.find((pair) => pair.credential_id === credentialId);

  /** Say what happened and put the keyboard on the words. */
  const tell = (words: string, next: { current: HTMLElement | null } = message) => {
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

  const attachChosen = async () => {
    if (chosen === null) return;
    const problem = choices.show ? accessProblem(access) : null;
    setAccessError(problem);
    if (problem) {
      requestAnimationFrame(() => document.getElementById('attach-groups')?.focus());
      return;
    }
    await attach.mutateAsync({
      connectorId: connector.id,
      credentialId: chosen,
      ...(choices.show && { body: attachBodyOf(access) }),
    });
    const made = credentials.data?.find((credential) => credential.id === chosen);
    setChosen(null);
    setAccessChosen(null);
    tell(
      `“${made ? credentialLabel(made) : `Credential ${chosen}`}” is attached to “${connector.name}”.`,
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
            <li key={credential.id}>
              <strong>{credentialLabel(credential)}</strong>{' '}
              <span className="hint">
                {sourceLabel(credential.source)} · #{credential.id}
              </span>
              <div className="hint">{maskedEntries(credential).join(' · ')}</div>
              {pairOf(credential.id) && <PairAccess pair={pairOf(credential.id)!} />}
              {pairOf(credential.id) && (
                <PairTest
                  connectorId={connector.id}
                  pair={pairOf(credential.id)!}
                  label={credentialLabel(credential)}
                />
              )}
              {pairOf(credential.id)?.last_test?.ok === false && connector.can_change && (
                <ReplaceCredential
                  connector={connector}
                  oldCredentialId={credential.id}
                  oldLabel={credentialLabel(credential)}
                  onReplaced={(words) => tell(words)}
                />
              )}
              {connector.can_change && (
                <button
                  type="button"
                  className="secondary"
                  onClick={() => setDetaching(credential)}
                >
                  Detach {credentialLabel(credential)}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {detach.isError && <ErrorNotice error={detach.error} />}
      {connector.can_change && (
        <>
          <h3>Attach a credential</h3>
          <CredentialPicker
            label={`${source} credential to attach`}
            source={connector.source}
            description="Type to filter, use the arrow keys to move, Enter to choose."
            value={chosen}
            onChange={setChosen}
          />
          {choices.show && (
            <AccessChoice
              id="attach"
              legend="Who sees this connector with this credential"
              groups={choices.groups}
              value={access}
              error={accessError}
              onChange={(next) => {
                setAccessChosen(next);
                setAccessError(null);
              }}
            />
          )}
          <div className="detail-actions">
            <button
              type="button"
              ref={attachButton}
              disabled={chosen === null || attach.isPending}
              onClick={() => void attachChosen().catch(() => {})}
            >
              {attach.isPending ? 'Attaching…' : 'Attach'}
            </button>
            <button type="button" className="secondary" onClick={() => setMaking(true)}>
              New {source} credential
            </button>
          </div>
          {attach.isError && <ErrorNotice error={attach.error} takeFocus />}
        </>
      )}
      {making && (
        <Modal title={`New ${source} credential`} onClose={() => setMaking(false)}>
          {() => (
            <CredentialForm
              source={connector.source}
              onCancel={() => setMaking(false)}
              onCreated={(id, name) => {
                setChosen(id);
                setMaking(false);
                tell(
                  `Credential “${name}” was saved and chosen; Attach attaches it.`,
                  attachButton,
                );
              }}
            />
          )}
        </Modal>
      )}
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
