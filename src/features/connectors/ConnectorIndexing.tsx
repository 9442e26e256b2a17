// A connector's indexing (D14): what its workers reported and nothing else —
// run now (or a complete re-index, after a question), prune now, the runs of
// each pair a page at a time with Cancel on one that waits or runs, each run's
// errors with links to the failing documents, and the documents, by title.
import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ConnectorDetail } from '../../contract/contract';
import { pausedRefusal, type IndexAttempt } from '../../contract/sync';
import { connectorStatusQuery } from '../../api/connectorHealth';
import {
  RUNS_PAGE_SIZE,
  useCancelRun,
  usePairDocuments,
  usePairRuns,
  usePruneNow,
  useRunErrors,
  useRunNow,
} from '../../api/syncJobHooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { healthByConnector } from '../../lib/connectorHealth';
import { formatDateTime } from '../../lib/format';
import { runDuration, runStatusWords } from '../../lib/runWords';

/** How to start a worker, for a page that has none online. */
export const START_WORKER =
  'Make a worker key in Settings → Workers, then start a worker with it (the reference worker: npm run worker; the protocol: docs/workers.md).';

export function ConnectorIndexing({ connector }: { connector: ConnectorDetail }) {
  const statuses = useQuery(connectorStatusQuery());
  const health = statuses.data && healthByConnector(statuses.data).get(connector.id);
  const runNow = useRunNow();
  const pruneNow = usePruneNow();
  const [said, setSaid] = useState('');
  const [asking, setAsking] = useState(false);
  const saidRef = useRef<HTMLParagraphElement>(null);
  const pausedId = useId();
  const pairs = connector.cc_pairs;
  if (pairs.length === 0) return null;
  const noWorker = health?.attention.some((a) => a.reason === 'waiting_for_worker');
  // A paused connector runs nothing (the server answers 409): the buttons stay
  // in place, disabled, and say why (focusable through aria-disabled).
  const paused = connector.status === 'PAUSED';

  const tell = (message: string) => {
    setSaid(message);
    // The keyboard lands on the answer.
    requestAnimationFrame(() => saidRef.current?.focus());
  };
  const run = async (fromBeginning: boolean) => {
    setAsking(false);
    const answer = await runNow.mutateAsync({
      connector_id: connector.id,
      from_beginning: fromBeginning,
    });
    tell(answer.message);
  };
  const prune = async () => {
    const messages: string[] = [];
    for (const pair of pairs) messages.push((await pruneNow.mutateAsync(pair.cc_pair_id)).message);
    tell(messages.join(' '));
  };

  return (
    <section aria-labelledby="indexing-title" className="connector-indexing">
      <h2 id="indexing-title">Indexing</h2>
      {health?.indexing?.reported ? null : <p>No worker has reported for this connector yet.</p>}
      {noWorker && <p className="notice">No worker is online. {START_WORKER}</p>}
      {connector.can_change && (
        <>
          <div className="detail-actions">
            <button
              type="button"
              aria-disabled={paused || undefined}
              aria-describedby={paused ? pausedId : undefined}
              onClick={() => {
                if (!paused) void run(false).catch(() => {});
              }}
            >
              Run now
            </button>
            <button
              type="button"
              className="secondary"
              aria-disabled={paused || undefined}
              aria-describedby={paused ? pausedId : undefined}
              onClick={() => {
                if (!paused) setAsking(true);
              }}
            >
              Complete re-index
            </button>
            <button
              type="button"
              className="secondary"
              aria-disabled={paused || undefined}
              aria-describedby={paused ? pausedId : undefined}
              onClick={() => {
                if (!paused) void prune().catch(() => {});
              }}
            >
              Prune now
            </button>
          </div>
          {paused && (
            <p id={pausedId} className="hint">
              {pausedRefusal(connector.name)}
            </p>
          )}
        </>
      )}
      <p role="status" tabIndex={-1} ref={saidRef}>
        {said}
      </p>
      {runNow.isError && <ErrorNotice error={runNow.error} />}
      {pruneNow.isError && <ErrorNotice error={pruneNow.error} />}
      {asking && (
        <ConfirmDialog
          title={`Re-index all of “${connector.name}”?`}
          confirmLabel="Re-index everything"
          onCancel={() => setAsking(false)}
          onConfirm={() => void run(true).catch(() => {})}
        >
          <p>
            A worker reads every document again, not only what changed since the last run. It takes
            longer and asks more of the source.
          </p>
        </ConfirmDialog>
      )}
      {pairs.map((pair) => (
        <div key={pair.cc_pair_id}>
          <PairRuns
            pairId={pair.cc_pair_id}
            title={`Runs with credential #${pair.credential_id}`}
            canChange={connector.can_change}
          />
          <PairDocuments pairId={pair.cc_pair_id} credentialId={pair.credential_id} />
        </div>
      ))}
    </section>
  );
}

function PairRuns(props: { pairId: number; title: string; canChange: boolean }) {
  const { pairId, title, canChange } = props;
  const [page, setPage] = useState(0);
  const [shown, setShown] = useState<number | null>(null);
  const runs = usePairRuns(pairId, page);
  const cancel = useCancelRun();
  const pages = runs.data ? Math.max(1, Math.ceil(runs.data.total_items / RUNS_PAGE_SIZE)) : 1;
  return (
    <>
      <h3>{title}</h3>
      {runs.isError && <ErrorNotice error={runs.error} />}
      {runs.data && runs.data.total_items === 0 && <p className="hint">No runs yet.</p>}
      {runs.data && runs.data.total_items > 0 && (
        <div>
          <table className="runs-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Started</th>
                <th scope="col">Duration</th>
                <th scope="col">New</th>
                <th scope="col">Total</th>
                <th scope="col">Removed</th>
                <th scope="col">Error</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {runs.data.items.map((run) => (
                <RunRow
                  key={run.id}
                  run={run}
                  canChange={canChange}
                  onCancel={() => cancel.mutate(run.id)}
                  errorsShown={shown === run.id}
                  onErrors={() => setShown(shown === run.id ? null : run.id)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {cancel.isError && <ErrorNotice error={cancel.error} />}
      {shown !== null && <RunErrors pairId={pairId} jobId={shown} />}
      {pages > 1 && <Pager page={page} pages={pages} onPage={setPage} label={`${title}: pages`} />}
    </>
  );
}

function RunRow(props: {
  run: IndexAttempt;
  canChange: boolean;
  onCancel: () => void;
  errorsShown: boolean;
  onErrors: () => void;
}) {
  const { run, canChange, onCancel, errorsShown, onErrors } = props;
  const open = run.status === 'not_started' || run.status === 'in_progress';
  return (
    <tr>
      <td data-label="Status">
        {runStatusWords(run.status)}
        {run.kind === 'prune' ? ' (prune)' : run.from_beginning ? ' (complete)' : ''}
        {run.cancellation_requested && open ? ' — cancel asked' : ''}
      </td>
      <td data-label="Started">{run.time_started ? formatDateTime(run.time_started) : '—'}</td>
      <td data-label="Duration">
        {runDuration(run.time_started, run.time_updated, run.status === 'in_progress')}
      </td>
      <td data-label="New">{run.new_docs_indexed}</td>
      <td data-label="Total">{run.total_docs_indexed}</td>
      <td data-label="Removed">{run.docs_removed_from_index}</td>
      <td data-label="Error">
        {run.error_msg ?? (run.error_count > 0 ? `${run.error_count} errors` : '')}
      </td>
      <td data-label="Actions">
        {run.error_count > 0 && (
          <button
            type="button"
            className="secondary"
            aria-expanded={errorsShown}
            onClick={onErrors}
          >
            Errors of run {run.id}
          </button>
        )}
        {open && canChange && !run.cancellation_requested && (
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel run {run.id}
          </button>
        )}
      </td>
    </tr>
  );
}

function RunErrors({ pairId, jobId }: { pairId: number; jobId: number }) {
  const errors = useRunErrors(pairId, jobId);
  return (
    <section aria-label={`Errors of run ${jobId}`} className="run-errors">
      {errors.isError && <ErrorNotice error={errors.error} />}
      <ul>
        {errors.data?.items.map((error) => (
          <li key={error.id}>
            {error.failure_message}
            {error.document_link ? (
              <>
                {' — '}
                <a href={error.document_link} rel="noreferrer noopener" target="_blank">
                  {error.document_id ?? error.document_link}
                </a>
              </>
            ) : error.document_id ? (
              ` — ${error.document_id}`
            ) : null}
            {error.is_resolved ? ' (resolved by a later run)' : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}

function PairDocuments({ pairId, credentialId }: { pairId: number; credentialId: number }) {
  const id = useId();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const documents = usePairDocuments(pairId, q.trim(), page);
  const total = documents.data?.total_items ?? 0;
  const pages = Math.max(1, Math.ceil(total / RUNS_PAGE_SIZE));
  return (
    <section aria-label={`Documents with credential #${credentialId}`}>
      <h3>Documents with credential #{credentialId}</h3>
      <div className="field">
        <label htmlFor={id}>Search documents by title</label>
        <input
          id={id}
          type="search"
          value={q}
          onChange={(event) => {
            setQ(event.target.value);
            setPage(0);
          }}
        />
      </div>
      {documents.isError && <ErrorNotice error={documents.error} />}
      {documents.data && (
        <p className="hint" role="status">
          {total === 0 ? 'No documents reported.' : `${total.toLocaleString('en')} documents.`}
        </p>
      )}
      <ul className="documents-list">
        {documents.data?.items.map((document) => (
          <li key={document.document_id}>
            {document.link ? (
              <a href={document.link} rel="noreferrer noopener" target="_blank">
                {document.semantic_identifier}
              </a>
            ) : (
              document.semantic_identifier
            )}
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <Pager
          page={page}
          pages={pages}
          onPage={setPage}
          label={`Documents with credential #${credentialId}: pages`}
        />
      )}
    </section>
  );
}

function Pager(props: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const { page, pages, onPage, label } = props;
  return (
    <nav aria-label={label} className="pager">
      <button
        type="button"
        className="secondary"
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>{' '}
      <span>
        Page {page + 1} of {pages}
      </span>{' '}
      <button
        type="button"
        className="secondary"
        disabled={page + 1 >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
