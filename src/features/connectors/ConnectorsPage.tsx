import { useCallback, useEffect, useRef, useState } from 'react';
import { markFirstRows } from '../../lib/firstRows';
import { Link } from 'react-router-dom';
import { QueryErrorNotice } from '../../components/ErrorNotice';
import { paths } from '../../lib/paths';
import { ConnectorFilters } from './ConnectorFilters';
import { GroupFilter } from './GroupFilter';
import { NeedsAttentionFilter } from './NeedsAttentionFilter';
import { countNeedingAttention } from '../../lib/connectorHealth';
import { BulkActions } from './BulkActions';
import { ConnectorTable } from './ConnectorTable';
import { UnfinishedConnectors } from './UnfinishedConnectors';
import { useConnectorListView } from './useConnectorListView';
import './ConnectorsPage.css';

export function ConnectorsPage() {
  const view = useConnectorListView();
  const { credential, search, status, sort, listed, statuses, paused, rows, created, show } = view;
  const attentionCount = statuses.data && countNeedingAttention(statuses.data);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // What another page or the unfinished list just did is the result of an
  // action: the keyboard goes to its words (docs/panel.md, "Focus after an action").
  const said = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (view.announcement) said.current?.focus();
  }, [view.announcement]);
  // The first rows (or the list's error) are on screen: the rest of the shell may
  // load, from the frame after the one that shows them.
  const answered = listed.data !== undefined || listed.isError;
  useEffect(() => {
    if (!answered) return;
    const frame = requestAnimationFrame(() => setTimeout(markFirstRows, 0));
    return () => cancelAnimationFrame(frame);
  }, [answered]);
  // One callback for the page's life, so the memoized rows are not rendered again for it.
  const select = useCallback(
    (ids: number[], chosen: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        for (const id of ids) {
          if (chosen) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    [],
  );

  const heading = (
    <>
      {/* The shell's navigation holds the one "New connector" entry (the catalogue). */}
      <h1>Connectors</h1>
      <div role="status" ref={said} tabIndex={-1} className="action-message">
        {view.announcement && <p className="notice notice-success">{view.announcement}</p>}
      </div>
      {view.addressProblem !== null && (
        <p className="notice notice-error">
          {view.addressProblem}{' '}
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
  // Nothing read: no filters, no count and no "No connectors yet" (a server
  // that did not answer is said by the shell, ServerReach).
  if (listed.isError && !listed.data) {
    return (
      <section className="connectors-page">
        {heading}
        <QueryErrorNotice error={listed.error} onRetry={() => void listed.refetch()} />
      </section>
    );
  }
  return (
    <section className="connectors-page">
      {heading}
      <UnfinishedConnectors
        connectors={view.unfinished}
        onFinished={(connector) => view.onFinished(connector.name)}
      />
      <ConnectorFilters
        credential={credential ?? null}
        onCredential={(id) => show({ credential: id ?? undefined }, false)}
        status={status}
        onStatus={(next) => show({ status: next }, false)}
        search={search}
        onSearch={(text) => show({ search: text })}
      />
      <GroupFilter group={view.group} onGroup={(id) => show({ group: id }, false)} />
      <NeedsAttentionFilter
        checked={view.attention}
        count={attentionCount}
        onChange={(attention) => show({ attention }, false)}
      />
      <BulkActions
        chosen={rows.filter((row) => selected.has(row.id))}
        paused={statuses.isSuccess ? paused : null}
        onClear={() => setSelected(new Set())}
      />
      <p role="status" className="hint updating">
        {view.updating ? 'Updating…' : ''}
      </p>
      <p role="status" className="connector-count">
        {view.count}
      </p>
      {(status !== undefined || view.attention) && statuses.isError && (
        <QueryErrorNotice error={statuses.error} onRetry={() => void statuses.refetch()} />
      )}
      {view.groupError && <QueryErrorNotice error={view.groupError} onRetry={view.retryGroups} />}
      {rows.length === 0 ? (
        // An empty list the server could not confirm is not an empty fleet.
        !listed.isError &&
        !view.unconfirmed &&
        !((status !== undefined || view.attention) && statuses.isError) && (
          <EmptyState filtered={view.filtered} unfinished={view.unfinished.length} />
        )
      ) : (
        <ConnectorTable
          rows={rows}
          credentialNames={view.credentialsKnown ? view.credentialNames : undefined}
          health={view.health}
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

function EmptyState({ filtered, unfinished }: { filtered: boolean; unfinished: number }) {
  if (filtered) return <p className="notice">No connectors match.</p>;
  // The unfinished ones are said above: "no connectors" would contradict them.
  if (unfinished > 0)
    return (
      <p className="notice">
        No finished connector yet: attach a credential to the one above, or{' '}
        <Link to={paths.catalogue.getHref()}>connect a source</Link>.
      </p>
    );
  return (
    <p className="notice">
      No connectors yet — <Link to={paths.catalogue.getHref()}>connect a source</Link>. Its wizard
      asks for the credential on the way: choose one, or make one right there.
    </p>
  );
}
