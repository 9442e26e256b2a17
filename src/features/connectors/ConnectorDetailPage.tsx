// One connector: its settings in human units, the groups of its pairs (D13,
// PairGroupsEditor), its credentials (attach and detach, in
// ConnectorCredentials), and what an administrator does with it: edit, pause or
// resume, delete (after a confirmation that names it).
import { ConnectorFiles } from './ConnectorFiles';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { connectorDetailQuery, useDeleteConnector, useUpdateConnector } from '../../api/connectors';
import type { ConnectorDetail } from '../../contract/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorNotice, QueryErrorNotice } from '../../components/ErrorNotice';
import { RecentChanges } from '../../components/RecentChanges';
import { accessTypeWords, inputTypeWords, statusWords } from '../../lib/enumWords';
import { formatDateTime } from '../../lib/format';
import { formatAge } from '../../lib/age';
import { ConnectorIndexing } from './ConnectorIndexing';
import { formatFrequency } from '../../lib/frequency';
import { paths } from '../../lib/paths';
import type { DeletedState } from '../../lib/createdConnector';
import { ConnectorCredentials } from './ConnectorCredentials';
import { connectorStatusQuery } from '../../api/connectorHealth';
import { HealthMark } from '../../components/HealthMark';
import { healthByConnector } from '../../lib/connectorHealth';
import { ConnectorEditForm } from './ConnectorEditForm';
import { PairGroupsEditor } from './PairGroupsEditor';
import { ConnectorDocumentSets } from './ConnectorDocumentSets';
import { ConnectorAccess } from './PairAccess';
import './ConnectorsPage.css';
import { SourceLabel } from '../../components/SourceLabel';
import { SourceFacts } from '../../components/source-form/SourceFacts';
import { panelOf } from '../../sources/catalogue';

export function ConnectorDetailPage() {
  const id = Number(useParams().connectorId);
  const detail = useQuery({ ...connectorDetailQuery(id), enabled: Number.isSafeInteger(id) });
  if (!Number.isSafeInteger(id)) return <Missing />;
  if (detail.isPending) {
    return (
      <p role="status" className="loading">
        Loading the connector…
      </p>
    );
  }
  // A refresh that failed keeps the connector on screen (the shell says it may be out of date).
  if (detail.isLoadingError) {
    return (
      <section className="connector-detail">
        <h1>Connector</h1>
        <QueryErrorNotice error={detail.error} />
        <Back />
      </section>
    );
  }
  return <Loaded connector={detail.data} />;
}

const Back = () => (
  <p>
    <Link to={paths.connectors.getHref()}>Back to the connectors</Link>
  </p>
);

function Missing() {
  return (
    <section className="connector-detail">
      <h1>Connector not found</h1>
      <Back />
    </section>
  );
}

function Loaded({ connector }: { connector: ConnectorDetail }) {
  const navigate = useNavigate();
  const update = useUpdateConnector();
  const remove = useDeleteConnector();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  /** The editor closes; the keyboard goes back to the button that opened it. */
  const closeEditor = () => {
    setEditing(false);
    editButton.current?.focus();
  };
  const [deleting, setDeleting] = useState(false);
  const [said, setSaid] = useState('');
  const paused = connector.status === 'PAUSED';

  const toggle = async () => {
    await update.mutateAsync({
      id: connector.id,
      change: { status: paused ? 'ACTIVE' : 'PAUSED' },
    });
    // One word for the state, as the list and its filter say it: Running.
    setSaid(paused ? `“${connector.name}” is running.` : `“${connector.name}” is paused.`);
  };
  const erase = async () => {
    setDeleting(false);
    await remove.mutateAsync(connector.id);
    const state: DeletedState = { deleted: connector.name };
    await navigate(paths.connectors.getHref(), { state });
  };

  return (
    <section className="connector-detail" aria-labelledby="connector-title">
      <p>
        <Link to={paths.connectors.getHref()}>Connectors</Link> ›
      </p>
      <h1 id="connector-title">{connector.name}</h1>
      {paused && (
        <p>
          <span className="paused-mark">Paused</span> Not indexed until it is resumed.
        </p>
      )}
      <p role="status">{said}</p>
      {!connector.can_change && (
        <p className="notice">
          You may look at this connector but not change it: it is private to groups you do not
          control (an admin or their curators may).
        </p>
      )}
      {connector.can_change && !connector.can_delete && (
        <p className="hint">Only an admin may delete a connector that is private to groups.</p>
      )}
      {connector.can_change && (
        <div className="detail-actions">
          <button
            type="button"
            ref={editButton}
            onClick={() => setEditing(!editing)}
            aria-expanded={editing}
          >
            {editing ? 'Close the editor' : 'Edit'}
          </button>
          <button type="button" className="secondary" onClick={() => void toggle().catch(() => {})}>
            {paused ? 'Resume' : 'Pause'}
          </button>
          {connector.can_delete && (
            <button type="button" className="secondary" onClick={() => setDeleting(true)}>
              Delete
            </button>
          )}
        </div>
      )}
      {update.isError && <ErrorNotice error={update.error} />}
      {remove.isError && <ErrorNotice error={remove.error} />}
      {editing && (
        <ConnectorEditForm
          connector={connector}
          onCancel={closeEditor}
          onSaved={(tested) => {
            closeEditor();
            setSaid(
              `Saved the changes to “${connector.name}”.` +
                (tested ? ' The connection test passed.' : ''),
            );
          }}
        />
      )}
      <Settings connector={connector} />
      <ConnectorFiles connector={connector} />
      <PairGroupsEditor connector={connector} />
      {/* A credential's action has words of its own: the page's last ones would be stale. */}
      <ConnectorCredentials connector={connector} onAction={() => setSaid('')} />
      <ConnectorDocumentSets connector={connector} />
      <ConnectorIndexing connector={connector} />
      <RecentChanges
        resourceType="connector"
        resourceId={String(connector.id)}
        name={connector.name}
        noun="connector"
      />
      {deleting && (
        <ConfirmDialog
          title={`Delete “${connector.name}”?`}
          confirmLabel="Delete connector"
          danger
          onCancel={() => setDeleting(false)}
          onConfirm={() => void erase().catch(() => {})}
        >
          <p>
            The connector and its credential attachments are deleted; the credentials themselves
            stay. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function Settings({ connector }: { connector: ConnectorDetail }) {
  const panel = panelOf(connector.source);
  const statuses = useQuery(connectorStatusQuery());
  const health = statuses.data && healthByConnector(statuses.data).get(connector.id);
  return (
    <dl className="facts detail-settings">
      <dt>Status</dt>
      <dd>{statusWords(connector.status)}</dd>
      <dt>Health</dt>
      <dd>
        <HealthMark health={health} />
        {health?.attention.map((attention) => (
          <span key={attention.reason} className="hint attention-reason">
            {' '}
            {attention.message}
          </span>
        ))}
      </dd>
      {/* D14: only what a worker reported, with its age; never a figure no report backs. */}
      <dt>Indexing</dt>
      <dd>
        {health?.indexing?.reported
          ? `${health.indexing.inProgress ? 'Running now. ' : ''}Last indexed: ${
              health.indexing.lastSuccess ? formatAge(health.indexing.lastSuccess) : 'never'
            }. Documents: ${(health.indexing.documents ?? 0).toLocaleString('en')}.`
          : 'Not reported'}
      </dd>
      <dt>Source</dt>
      <dd>
        <SourceLabel source={connector.source} />
      </dd>
      <dt>Input type</dt>
      <dd>{inputTypeWords(connector.input_type)}</dd>
      <dt>Access</dt>
      <dd>
        <ConnectorAccess
          pairs={connector.cc_pairs}
          fallback={accessTypeWords(connector.access_type)}
        />
      </dd>
      <dt>Refresh</dt>
      <dd>{formatFrequency(connector.refresh_freq)}</dd>
      <dt>Prune</dt>
      <dd>{formatFrequency(connector.prune_freq)}</dd>
      {panel ? (
        <SourceFacts panel={panel} config={connector.connector_specific_config} />
      ) : (
        <>
          <dt>Settings</dt>
          <dd>
            <pre>{JSON.stringify(connector.connector_specific_config, null, 2)}</pre>
          </dd>
        </>
      )}
      <dt>Created</dt>
      <dd>{formatDateTime(connector.time_created)}</dd>
      <dt>Updated</dt>
      <dd>{formatDateTime(connector.time_updated)}</dd>
    </dl>
  );
}
