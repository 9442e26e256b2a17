// Every credential, masked (D6), with the connectors that use it; make one,
// rename it, give it new values, delete it (after a confirmation that says
// which connectors would lose it).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { connectorListQuery } from '../../api/connectors';
import type { ConnectorSnapshot, Credential } from '../../contract/contract';
import { EMPTY_CREDENTIAL_ID } from '../../contract/rules';
import { useCredentials } from '../../api/credentials';
import { CredentialForm } from '../../components/CredentialForm';
import { ActionMessage } from '../../components/ActionMessage';
import { QueryErrorNotice } from '../../components/ErrorNotice';
import { RecentChanges } from '../../components/RecentChanges';
import { SearchField } from '../../components/SearchField';
import { credentialLabel, maskedEntries } from '../../lib/credentials';
import { focusFirstField } from '../../lib/focusFirstField';
import { paths } from '../../lib/paths';
import { countOf } from '../../lib/plural';
import { CredentialActions } from './CredentialActions';
import { CredentialTest } from './CredentialTest';
import './credentials.css';
import { sourceLabel } from '../../lib/sources';

export function CredentialsPage() {
  const credentials = useCredentials();
  const connectors = useQuery(connectorListQuery());
  const [adding, setAdding] = useState(false);
  // The new credential's form opens on its first field; Cancel gives the keyboard back to its button.
  const newButton = useRef<HTMLButtonElement>(null);
  const newForm = useRef<HTMLElement>(null);
  useEffect(() => void (adding && focusFirstField(newForm.current)), [adding]);
  const [said, setSaid] = useState('');
  const navigate = useNavigate();
  const q = useSearchParams()[0].get('q') ?? '';
  const needle = q.trim().toLowerCase();
  const all = credentials.data ?? [];
  // By name or source, as each card shows them.
  const shown = needle
    ? all.filter((credential) =>
        `${credentialLabel(credential)} ${sourceLabel(credential.source)}`
          .toLowerCase()
          .includes(needle),
      )
    : all;

  const usedBy = new Map<number, ConnectorSnapshot[]>();
  for (const connector of connectors.data ?? []) {
    for (const id of connector.credential_ids)
      usedBy.set(id, [...(usedBy.get(id) ?? []), connector]);
  }

  return (
    <section className="credentials-page" aria-labelledby="credentials-title">
      <div className="page-heading">
        <h1 id="credentials-title">Credentials</h1>
        <button
          type="button"
          ref={newButton}
          aria-expanded={adding}
          onClick={() => setAdding(!adding)}
        >
          {adding ? 'Close the form' : 'New credential'}
        </button>
      </div>
      <ActionMessage words={said} />
      {adding && (
        <section aria-label="New credential" className="credential-new" ref={newForm}>
          <CredentialForm
            onCreated={(_id, name) => {
              setAdding(false);
              setSaid(`Credential “${name}” was saved.`);
            }}
            onCancel={() => {
              setAdding(false);
              newButton.current?.focus();
            }}
          />
        </section>
      )}
      {credentials.isPending && <p className="loading">Loading credentials…</p>}
      {credentials.isError && <QueryErrorNotice error={credentials.error} />}
      {credentials.isSuccess && (
        <div className="credential-search">
          <SearchField
            id="credential-search"
            label="Search by name or source"
            value={q}
            onSearch={(text) => void navigate(paths.credentials.getHref(text), { replace: true })}
          />
          <p role="status" className="hint">
            {needle
              ? `${shown.length} of ${all.length} credentials match “${q.trim()}”.`
              : `${countOf(all.length, 'credential')}.`}
          </p>
        </div>
      )}
      <ul className="credential-cards">
        {shown.map((credential) => (
          <CredentialCard
            key={credential.id}
            credential={credential}
            usedBy={usedBy.get(credential.id) ?? []}
            onDone={setSaid}
          />
        ))}
      </ul>
    </section>
  );
}

function CredentialCard(props: {
  credential: Credential;
  usedBy: ConnectorSnapshot[];
  onDone: (words: string) => void;
}) {
  const { credential, usedBy, onDone } = props;
  const label = credentialLabel(credential);
  return (
    <li className="credential-card" aria-labelledby={`credential-${credential.id}`}>
      <h2 id={`credential-${credential.id}`}>{label}</h2>
      <p className="hint">
        {sourceLabel(credential.source)} · #{credential.id}
      </p>
      {maskedEntries(credential).length > 0 && (
        <p className="credential-values">{maskedEntries(credential).join(' · ')}</p>
      )}
      <p>
        {usedBy.length === 0 ? 'Used by no connector.' : 'Used by: '}
        {usedBy.map((connector, index) => (
          <span key={connector.id}>
            {index > 0 && ', '}
            <Link to={paths.connector.getHref(connector.id)}>{connector.name}</Link>
          </span>
        ))}
      </p>
      {credential.id === EMPTY_CREDENTIAL_ID ? (
        <p className="hint">Built in: for sources that need no credential. It cannot be changed.</p>
      ) : (
        <>
          <CredentialActions credential={credential} usedBy={usedBy} onDone={onDone} />
          <CredentialTest credential={credential} usedBy={usedBy} />
          <RecentChanges
            resourceType="credential"
            resourceId={String(credential.id)}
            name={label}
            noun="credential"
            folded
          />
        </>
      )}
    </li>
  );
}
