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
import { credentialLabel } from '../../lib/credentials';
import { maskedEntries } from '../../lib/maskedEntries';
import { focusFirstField } from '../../lib/focusFirstField';
import { namesOf } from '../../lib/namesOf';
import { paths } from '../../lib/paths';
import { countOf } from '../../lib/plural';
import { CredentialActions } from './CredentialActions';
import { CredentialTest } from './CredentialTest';
import { CredentialHealth } from './CredentialHealth';
import { ApprovedOrigins } from './ApprovedOrigins';
import { connectorStatusQuery } from '../../api/connectorHealth';
import type { ConnectorStatusRow } from '../../contract/health';
import './credentials.css';
import { sourceLabel } from '../../lib/sources';

export function CredentialsPage() {
  const credentials = useCredentials();
  const connectors = useQuery(connectorListQuery());
  const statuses = useQuery(connectorStatusQuery());
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

  // Unknown (undefined) until the connectors are in: never "used by none" meanwhile.
  const usedBy = connectors.data && connectorsByCredential(connectors.data);
  const pairsOf = statuses.data && rowsByCredential(statuses.data);

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
            usedBy={usedBy && (usedBy.get(credential.id) ?? [])}
            usedByFailed={connectors.isError}
            pairs={pairsOf && (pairsOf.get(credential.id) ?? [])}
            onDone={setSaid}
          />
        ))}
      </ul>
    </section>
  );
}

/** Each credential's pairs with their health, in one pass. */
function rowsByCredential(rows: readonly ConnectorStatusRow[]) {
  const byCredential = new Map<number, ConnectorStatusRow[]>();
  for (const row of rows) {
    const list = byCredential.get(row.credential.id) ?? [];
    list.push(row);
    byCredential.set(row.credential.id, list);
  }
  return byCredential;
}

/** Each credential's connectors, in one pass (a credential may have ten thousand). */
function connectorsByCredential(connectors: readonly ConnectorSnapshot[]) {
  const byCredential = new Map<number, ConnectorSnapshot[]>();
  for (const connector of connectors) {
    for (const id of connector.credential_ids) {
      const list = byCredential.get(id);
      if (list) list.push(connector);
      else byCredential.set(id, [connector]);
    }
  }
  return byCredential;
}

function CredentialCard(props: {
  credential: Credential;
  /** Undefined while the connectors are not in yet. */
  usedBy: ConnectorSnapshot[] | undefined;
  usedByFailed: boolean;
  /** Its pairs' health; undefined until it is in. */
  pairs: ConnectorStatusRow[] | undefined;
  onDone: (words: string) => void;
}) {
  const { credential, usedBy, usedByFailed, onDone } = props;
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
      <UsedBy credentialId={credential.id} usedBy={usedBy} failed={usedByFailed} />
      {credential.id === EMPTY_CREDENTIAL_ID ? (
        <p className="hint">Built in: for sources that need no credential. It cannot be changed.</p>
      ) : (
        <>
          <CredentialActions credential={credential} usedBy={usedBy} onDone={onDone} />
          {usedBy && <CredentialTest credential={credential} usedBy={usedBy} />}
          <CredentialHealth credential={credential} rows={props.pairs} onDone={onDone} />
          <ApprovedOrigins credential={credential} onDone={onDone} />
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

/** How many connectors use it, linked to the list of them; at most ten named. */
function UsedBy(props: {
  credentialId: number;
  usedBy: ConnectorSnapshot[] | undefined;
  failed: boolean;
}) {
  const { credentialId, usedBy, failed } = props;
  if (!usedBy) {
    return (
      <p className="hint">
        {failed
          ? 'The connectors that use it could not be listed.'
          : 'Finding the connectors that use it…'}
      </p>
    );
  }
  if (usedBy.length === 0) return <p>Used by no connector.</p>;
  const count = usedBy.length;
  return (
    <p>
      Used by{' '}
      <Link to={paths.connectors.getHref({ credential: credentialId })}>
        {count === 1 ? 'one connector' : `${count.toLocaleString('en')} connectors`}
      </Link>
      : {namesOf(usedBy)}
    </p>
  );
}
