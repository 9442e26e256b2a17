import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCredentials } from '../../api/credentials';
import { CredentialPicker } from '../../components/CredentialPicker';
import { ErrorNotice } from '../../components/ErrorNotice';
import { credentialLabel } from '../../lib/credentials';
import { paths } from '../../lib/paths';
import { sortConnectors, type Sort } from './connectorColumns';
import { BulkActions } from './BulkActions';
import { ConnectorTable } from './ConnectorTable';
import { createdConnectorFrom, deletedConnectorFrom } from '../../lib/createdConnector';
import {
  badCredentialParam,
  connectorsPageQueries,
  credentialFilterFrom,
} from './connectorsLocation';
import { UnfinishedConnectors } from './UnfinishedConnectors';
import './ConnectorsPage.css';

export function ConnectorsPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { state } = useLocation();
  const created = createdConnectorFrom(state);
  const deleted = deletedConnectorFrom(state);
  const credential = credentialFilterFrom(searchParams);
  const badCredential = badCredentialParam(searchParams);
  const queries = connectorsPageQueries(credential);
  // The previous rows stay on screen while another filter loads.
  const listed = useQuery({ ...queries.filtered, placeholderData: keepPreviousData });
  const everything = useQuery(queries.everything);
  const credentials = useCredentials();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort | null>(null);
  const [finishedName, setFinishedName] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const select = (ids: number[], chosen: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (chosen) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  // A live region announces what changes in it, not what it held when it
  // appeared: the message goes in one frame after the empty region.
  const [regionReady, setRegionReady] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setRegionReady(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  const credentialNames = useMemo(
    () => new Map((credentials.data ?? []).map((c) => [c.id, credentialLabel(c)])),
    [credentials.data],
  );
  const complete = useMemo(
    () => (listed.data ?? []).filter((connector) => connector.credential_ids.length > 0),
    [listed.data],
  );
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const found = needle ? complete.filter((c) => c.name.toLowerCase().includes(needle)) : complete;
    return sortConnectors(found, sort, credentialNames);
  }, [complete, search, sort, credentialNames]);
  const unfinished = (everything.data ?? []).filter((c) => c.credential_ids.length === 0);
  const filtered = credential !== undefined || search.trim() !== '';

  const announcement = !regionReady
    ? ''
    : finishedName
      ? `Credential attached: “${finishedName}” is finished and listed.`
      : created
        ? `Connector “${created.name}” was created.`
        : deleted
          ? `Connector “${deleted}” was deleted.`
          : '';

  const heading = (
    <>
      <div className="page-heading">
        <h1>Connectors</h1>
        <Link to={paths.newJiraConnector.getHref()}>New Jira connector</Link>
      </div>
      <div role="status">
        {announcement && <p className="notice notice-success">{announcement}</p>}
      </div>
      {badCredential !== null && (
        <p className="notice notice-error">
          The address asks for credential “{badCredential}”, which is not a credential number, so
          every connector is shown. <Link to={paths.connectors.getHref()}>Show all connectors</Link>
        </p>
      )}
    </>
  );
  if (listed.isPending) {
    return (
      <section className="connectors-page">
        {heading}
        <p role="status" className="loading">
          Loading connectors…
        </p>
      </section>
    );
  }
  if (listed.isError && !listed.data) {
    return (
      <section className="connectors-page">
        {heading}
        <ErrorNotice error={listed.error} onRetry={() => void listed.refetch()} />
      </section>
    );
  }
  return (
    <section className="connectors-page">
      {heading}
      <UnfinishedConnectors
        connectors={unfinished}
        onFinished={(connector) => setFinishedName(connector.name)}
      />
      <div className="connector-filters">
        <CredentialPicker
          id="connector-credential-filter"
          label="Credential"
          description="Show only the connectors that use this credential."
          allowAll
          value={credential ?? null}
          onChange={(id) => navigate(paths.connectors.getHref({ credential: id ?? undefined }))}
        />
        <div className="field">
          <label htmlFor="connector-search">Search by name</label>
          <input
            id="connector-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </div>
      <BulkActions
        chosen={rows.filter((row) => selected.has(row.id))}
        onClear={() => setSelected(new Set())}
      />
      <p role="status" className="hint updating">
        {listed.isPlaceholderData ? 'Updating…' : ''}
      </p>
      {rows.length === 0 ? (
        <EmptyState filtered={filtered} />
      ) : (
        <ConnectorTable
          rows={rows}
          credentialNames={credentialNames}
          sort={sort}
          onSort={setSort}
          highlightId={search ? undefined : created?.id}
          caption={`Connectors (${rows.length})`}
          selected={selected}
          onSelect={select}
        />
      )}
    </section>
  );
}

function EmptyState({ filtered }: { filtered: boolean }) {
  return filtered ? (
    <p className="notice">No connectors match.</p>
  ) : (
    <p className="notice">
      No connectors yet — <Link to={paths.newJiraConnector.getHref()}>create a Jira connector</Link>
      .
    </p>
  );
}
