// Settings → Identity provider (SCIM): the token the identity provider uses
// (made or rotated after a question, shown once with Copy), its last use, the
// base URL to paste into Okta or Entra ID, and what SCIM changes here
// (docs/scim.md).
import { useState, type FormEvent } from 'react';
import { API_PREFIX } from '../../contract/endpoint';
import { SCIM_BASE_PATH } from '../../contract/scim';
import { useMakeScimToken, useScimToken } from '../../api/scimHooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorNotice, QueryErrorNotice } from '../../components/ErrorNotice';
import { CopyButton, CopyText, SecretShownOnce } from '../../components/SecretShownOnce';
import { formatDateTime } from '../../lib/format';

export function ScimSection() {
  const token = useScimToken();
  const make = useMakeScimToken();
  const [name, setName] = useState('');
  const [asking, setAsking] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const baseUrl = `${window.location.origin}${API_PREFIX}${SCIM_BASE_PATH}`;
  const current = token.data;

  const doMake = async () => {
    setAsking(false);
    setSecret(null);
    try {
      const made = await make.mutateAsync(name.trim() || 'Identity provider');
      setSecret(made.token);
      setName('');
    } catch {
      // the error notice says why
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (current) setAsking(true);
    else void doMake();
  };

  return (
    <section aria-labelledby="scim-title">
      <h2 id="scim-title">Identity provider (SCIM)</h2>
      <p>
        With SCIM, your identity provider (Okta, Microsoft Entra ID) keeps people and groups here in
        step: it adds people as basic users (or takes over an existing person with the same
        address), deactivates them when they leave (their sessions and keys end at once), and sets
        the members of groups. It never changes an admin or a global curator, and never makes anyone
        a curator; a member it removes from a group loses a curatorship of that group.
      </p>
      <p>
        Base URL to paste into your identity provider: <CopyText label="Base URL" text={baseUrl} />{' '}
        <CopyButton text={baseUrl}>Copy the base URL</CopyButton>
      </p>
      {token.isPending ? <p role="status">Loading the SCIM token…</p> : null}
      {token.isError ? <QueryErrorNotice error={token.error} /> : null}
      {current ? (
        <p>
          Active token <strong>{current.name}</strong> ending in <code>{current.last_four}</code>,
          made {formatDateTime(current.time_created)};{' '}
          {current.last_used_at
            ? `last used ${formatDateTime(current.last_used_at)}.`
            : 'not used yet.'}
        </p>
      ) : token.isSuccess ? (
        <p>No SCIM token yet: your identity provider cannot reach Sourcedesk.</p>
      ) : null}
      {secret ? (
        <SecretShownOnce
          title="The new SCIM token"
          label="SCIM token"
          what="the token"
          secret={secret}
          onDone={() => setSecret(null)}
        >
          Paste it into your identity provider as the bearer token (API token, secret token).
        </SecretShownOnce>
      ) : null}
      <form aria-label="SCIM token" onSubmit={submit}>
        <label>
          Token name{' '}
          <input
            value={name}
            maxLength={100}
            placeholder="Okta"
            onChange={(event) => setName(event.target.value)}
          />
        </label>{' '}
        <button type="submit" disabled={make.isPending}>
          {current ? 'Rotate the token' : 'Make a token'}
        </button>
      </form>
      {make.isError ? <ErrorNotice error={make.error} /> : null}
      {asking && current ? (
        <ConfirmDialog
          title="Rotate the SCIM token?"
          confirmLabel="Rotate the token"
          danger
          onCancel={() => setAsking(false)}
          onConfirm={() => void doMake()}
        >
          <p>
            The token “{current.name}” stops working at once: your identity provider cannot reach
            Sourcedesk until you paste the new token into it.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
