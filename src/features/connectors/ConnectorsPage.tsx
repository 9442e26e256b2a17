import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { connectorStatusQuery } from '../../api/connectors';
import { useCredentials } from '../../api/credentials';
import { ErrorNotice } from '../../components/ErrorNotice';
import { credentialLabel } from '../../lib/credentials';
import { paths, type ConnectorListParams, type StatusFilter } from '../../lib/paths';
import { isColumn, sortConnectors } from './connectorColumns';
import { ConnectorFilters } from './ConnectorFilters';
import { BulkActions } from './BulkActions';
import { ConnectorTable } from './ConnectorTable';
import { createdConnectorFrom, deletedConnectorFrom } from '../../lib/createdConnector';
import { connectorsPageQueries } from './connectorsLocation';
import { UnfinishedConnectors } from './UnfinishedConnectors';
import './ConnectorsPage.css';

export function ConnectorsPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // What another page just did (made or deleted a connector) is said once: kept
  // here for this visit, and taken out of the history entry, so a reload or a
  // way back to this entry does not say it again.
  const handedBy = (entry: typeof location) => ({
    key: entry.key,
    created: createdConnectorFrom(entry.state),
    deleted: deletedConnectorFrom(entry.state),
  });
  const [handed, setHanded] = useState(() => handedBy(location));
  if (location.state !== null && handed.key !== location.key) setHanded(handedBy(location));
  const { created, deleted } = handed;
  useEffect(() => {
    if (location.state === null) return;
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.state, location.pathname, location.search, navigate]);
  const view = paths.connectors.parse(useSearchParams()[0]);
  const { credential, badCredential, search, status } = view;
  const sort = view.sort && isColumn(view.sort.column) ? view.sort : null;
  const queries = connectorsPageQueries(credential);
  // The previous rows stay on screen while another filter loads.
  const listed = useQuery({ ...queries.filtered, placeholderData: keepPreviousData });
  const everything = useQuery(queries.everything);
  const credentials = useCredentials();
  const statuses = useQuery(connectorStatusQuery());
  const paused = useMemo(
    () =>
      new Set(
        (statuses.data ?? []).filter((s) => s.status === 'PAUSED').map((s) => s.id),
      ) as ReadonlySet<number>,
    [statuses.data],
  );
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

  /** Search and sort replace the address (no history entry per key); a credential adds one. */
  const show = (change: ConnectorListParams, replace = true) =>
    void navigate(paths.connectors.getHref({ credential, status, search, sort, ...change }), {
      replace,
    });

  const credentialNames = useMemo(
    () => new Map((credentials.data ?? []).map((c) => [c.id, credentialLabel(c)])),
    [credentials.data],
  );
  const complete = useMemo(
    () => (listed.data ?? []).filter((connector) => connector.credential_ids.length > 0),
    [listed.data],
  );
  // Running or paused: known once the statuses are in (until then such a filter shows nothing).
  const statusPending = status !== undefined && statuses.isPending;
  const inStatus = useMemo(
    () =>
      status === undefined
        ? complete
        : complete.filter((c) => paused.has(c.id) === (status === 'paused')),
    [complete, status, paused],
  );
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const found = needle ? inStatus.filter((c) => c.name.toLowerCase().includes(needle)) : inStatus;
    return sortConnectors(found, sort, credentialNames);
  }, [inStatus, search, sort, credentialNames]);
  const unfinished = (everything.data ?? []).filter((c) => c.credential_ids.length === 0);
  const filtered = credential !== undefined || status !== undefined || search.trim() !== '';
  const unknownCredential =
    credential !== undefined && credentials.isSuccess && !credentialNames.has(credential);

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
      {/* The shell's navigation holds the one "New connector" entry (the catalogue). */}
      <h1>Connectors</h1>
      <div role="status">
        {announcement && <p className="notice notice-success">{announcement}</p>}
      </div>
      {(badCredential !== undefined || unknownCredential) && (
        <p className="notice notice-error">
          {badCredential !== undefined
            ? `The address asks for credential “${badCredential}”, which is not a credential number, so every connector is shown.`
            : `There is no credential #${credential}, so no connector uses it.`}{' '}
          <Link to={paths.connectors.getHref({ search, sort })}>Show all connectors</Link>
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
      <ConnectorFilters
        credential={credential ?? null}
        onCredential={(id) => show({ credential: id ?? undefined }, false)}
        status={status}
        onStatus={(next) => show({ status: next }, false)}
        search={search}
        onSearch={(text) => show({ search: text })}
      />
      <BulkActions
        chosen={rows.filter((row) => selected.has(row.id))}
        paused={statuses.isSuccess ? paused : null}
        onClear={() => setSelected(new Set())}
      />
      <p role="status" className="hint updating">
        {listed.isPlaceholderData || statusPending ? 'Updating…' : ''}
      </p>
      <p role="status" className="connector-count">
        {countText(rows.length, inStatus.length, search.trim(), credential !== undefined, status)}
      </p>
      {status !== undefined && statuses.isError && (
        <ErrorNotice error={statuses.error} onRetry={() => void statuses.refetch()} />
      )}
      {rows.length === 0 ? (
        <EmptyState filtered={filtered} />
      ) : (
        <ConnectorTable
          rows={rows}
          credentialNames={credentialNames}
          paused={paused}
          sort={sort}
          onSort={(next) => show({ sort: next })}
          highlightId={search ? undefined : created?.id}
          caption={`Connectors (${rows.length})`}
          selected={selected}
          onSelect={select}
        />
      )}
    </section>
  );
}

/** "5 connectors.", "2 connectors use this credential.", "2 of 5 connectors match “jira”." */
function countText(
  shown: number,
  listed: number,
  search: string,
  byCredential: boolean,
  status: StatusFilter | undefined,
) {
  const count = (n: number) => n.toLocaleString('en');
  const kind = status ? `${status} ` : '';
  if (search) return `${count(shown)} of ${count(listed)} ${kind}connectors match “${search}”.`;
  const noun = `${kind}${shown === 1 ? 'connector' : 'connectors'}`;
  if (!byCredential) return `${count(shown)} ${noun}.`;
  return `${count(shown)} ${noun} ${shown === 1 ? 'uses' : 'use'} this credential.`;
}

function EmptyState({ filtered }: { filtered: boolean }) {
  return filtered ? (
    <p className="notice">No connectors match.</p>
  ) : (
    <p className="notice">
      No connectors yet — <Link to={paths.catalogue.getHref()}>connect a source</Link>. Its wizard
      asks for the credential on the way: choose one, or make one right there.
    </p>
  );
}
