// API keys (admins): list, make one (its secret shown once, with Copy), rename
// or change its role, regenerate and delete, each change confirmed. After each
// action its result message holds the keyboard (docs/panel.md, "Conventions").
import { useState } from 'react';
import type { ApiKey } from '../../contract/apiKeys';
import { useApiKeys, useDeleteApiKey, useRegenerateApiKey } from '../../api/apiKeyHooks';
import { ActionMessage } from '../../components/ActionMessage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryErrorNotice } from '../../components/ErrorNotice';
import { SecretShownOnce } from '../../components/SecretShownOnce';
import { describeError } from '../../lib/describeError';
import { roleWords } from '../../lib/enumWords';
import './ApiKeysPage.css';
import { editButtonId, KeyRow, keyLabel, type KeyAction } from './KeyRow';
import { NewKeyForm } from './NewKey';

type Pending = { kind: KeyAction; key: ApiKey } | null;
/** A secret shown once, and the key it opens (it goes when that key is deleted). */
type Shown = { keyId: number; secret: string } | null;

const ASKED: Record<KeyAction, { button: string; text: string; done: string }> = {
  regenerate: {
    button: 'Regenerate',
    text: 'The key gets a new secret; the old one is refused from the next request on.',
    done: 'regenerated: its old secret is refused. Copy the new one now.',
  },
  delete: {
    button: 'Delete',
    text: 'Whoever uses this key is refused from the next request on.',
    done: 'deleted: it is refused from now on.',
  },
};

export function ApiKeysPage() {
  const keys = useApiKeys();
  const regenerate = useRegenerateApiKey();
  const remove = useDeleteApiKey();
  const [shown, setShown] = useState<Shown>(null);
  const show = (key: ApiKey) =>
    setShown(key.api_key ? { keyId: key.api_key_id, secret: key.api_key } : null);
  const [pending, setPending] = useState<Pending>(null);
  const [said, setSaid] = useState('');

  const confirm = async ({ kind, key }: NonNullable<Pending>) => {
    setPending(null);
    setSaid('');
    const label = keyLabel(key);
    try {
      if (kind === 'delete') {
        await remove.mutateAsync(key.api_key_id);
        setShown((now) => (now?.keyId === key.api_key_id ? null : now));
      } else show(await regenerate.mutateAsync(key.api_key_id));
      setSaid(`Key ${label} ${ASKED[kind].done}`);
    } catch (error) {
      setSaid(`${ASKED[kind].button} ${label}: not done. ${describeError(error)}`);
    }
  };
  const made = (key: ApiKey) => {
    show(key);
    setSaid(`Key ${keyLabel(key)} made (${roleWords(key.api_key_role)}). Copy it now.`);
  };
  // Done: the keyboard goes to the key the secret opens, in the list.
  const done = (keyId: number) => {
    setShown(null);
    document.getElementById(editButtonId(keyId))?.focus();
  };

  return (
    <section className="page" aria-labelledby="api-keys-title">
      <h1 id="api-keys-title">API keys</h1>
      <ActionMessage words={said} />
      {shown ? (
        <SecretShownOnce
          title="The new key"
          label="API key"
          what="the key"
          secret={shown.secret}
          onDone={() => done(shown.keyId)}
          takeFocus={false}
        />
      ) : null}
      <NewKeyForm onStart={() => setSaid('')} onMade={made} />
      {keys.isPending ? <p role="status">Loading keys…</p> : null}
      {keys.isError ? <QueryErrorNotice error={keys.error} /> : null}
      {keys.data ? (
        <table className="key-table">
          <caption>Live keys</caption>
          <thead className="visually-hidden-narrow">
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Owner</th>
              <th scope="col">Last used</th>
              <th scope="col">Expires</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {keys.data.map((apiKey) => (
              <KeyRow
                key={apiKey.api_key_id}
                apiKey={apiKey}
                onAsk={(kind, key) => setPending({ kind, key })}
                onSaid={setSaid}
              />
            ))}
          </tbody>
        </table>
      ) : null}
      {pending ? (
        <ConfirmDialog
          title={`${ASKED[pending.kind].button} ${keyLabel(pending.key)}?`}
          confirmLabel={ASKED[pending.kind].button}
          danger={pending.kind === 'delete'}
          onConfirm={() => void confirm(pending)}
          onCancel={() => setPending(null)}
        >
          {ASKED[pending.kind].text}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
