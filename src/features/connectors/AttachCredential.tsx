// Attach a credential to a connector: one chosen from those that fit the
// source, or made on the spot, public or private to the caller's groups (D13,
// the same choice as the wizard's). The section's message says what happened.
import { useRef, useState } from 'react';
import { useAttachCredential } from '../../api/connectors';
import type { ConnectorDetail } from '../../contract/contract';
import { useCredentials } from '../../api/credentials';
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
import { sourceLabel } from '../../lib/sources';

/** Say what happened and put the keyboard on `next` (the section's message by default). */
export type Tell = (words: string, next?: { current: HTMLElement | null }) => void;

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

export function AttachCredential({ connector, tell }: { connector: ConnectorDetail; tell: Tell }) {
  const attach = useAttachCredential();
  const credentials = useCredentials();
  const [chosen, setChosen] = useState<number | null>(null);
  const [making, setMaking] = useState(false);
  const choices = useAccessChoices();
  const [accessChosen, setAccessChosen] = useState<AccessValue | null>(null);
  const access =
    accessChosen ?? ownAccess(connector, choices.groups) ?? choices.start ?? PUBLIC_ACCESS;
  const [accessError, setAccessError] = useState<string | null>(null);
  const attachButton = useRef<HTMLButtonElement>(null);
  const source = sourceLabel(connector.source);

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
    </>
  );
}
