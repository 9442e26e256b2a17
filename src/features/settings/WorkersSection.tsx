// Settings → Workers (admins; D14, docs/workers.md): each worker with its last
// check-in in words and what it runs; worker keys made (shown once, with Copy)
// and revoked. A worker key reaches only the worker routes.
import { useId, useState, type FormEvent } from 'react';
import { WORKER_KEY_NAME_MAX_LENGTH, type Worker, type WorkerKey } from '../../contract/sync';
import {
  useCreateWorkerKey,
  useRevokeWorkerKey,
  useWorkerKeys,
  useWorkers,
} from '../../api/syncJobHooks';
import { ActionMessage } from '../../components/ActionMessage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorNotice, QueryErrorNotice } from '../../components/ErrorNotice';
import { SecretShownOnce } from '../../components/SecretShownOnce';
import { formatAge } from '../../lib/age';
import { describeError } from '../../lib/describeError';

/** Each worker with its last check-in in words and what it runs. */
function WorkerList({ workers }: { workers: Worker[] }) {
  return (
    <ul aria-label="Workers">
      {workers.map((worker) => (
        <li key={`${worker.worker_key_id}:${worker.worker_id}`}>
          <strong>{worker.worker_id}</strong>
          {worker.hostname ? ` on ${worker.hostname}` : ''} — {worker.online ? 'online' : 'offline'}
          , last check-in{' '}
          <time dateTime={worker.last_check_in}>{formatAge(worker.last_check_in)}</time>
          {'; '}
          {worker.running_jobs.length === 0
            ? 'running nothing'
            : `running ${worker.running_jobs
                .map(
                  (job) =>
                    `${job.kind === 'prune' ? 'a prune' : 'an index run'} of pair ${job.cc_pair_id}`,
                )
                .join(', ')}`}
          .
        </li>
      ))}
    </ul>
  );
}

export function WorkersSection() {
  const workers = useWorkers();
  const keys = useWorkerKeys();
  const create = useCreateWorkerKey();
  const revoke = useRevokeWorkerKey();
  const nameId = useId();
  const [name, setName] = useState('');
  const [made, setMade] = useState<WorkerKey | null>(null);
  const [revoking, setRevoking] = useState<WorkerKey | null>(null);
  const [said, setSaid] = useState('');

  const onMake = async (event: FormEvent) => {
    event.preventDefault();
    setSaid('');
    try {
      setMade(await create.mutateAsync(name.trim()));
      setName('');
    } catch {
      // The form shows the error beside it.
    }
  };
  const onRevoke = async (key: WorkerKey) => {
    setRevoking(null);
    try {
      setSaid((await revoke.mutateAsync(key.id)).message);
    } catch (error) {
      setSaid(`Not revoked. ${describeError(error)}`);
    }
  };

  return (
    <section aria-labelledby="workers-title">
      <h2 id="workers-title">Workers</h2>
      <p>
        Workers are separate processes that index the connectors: they claim the schedule’s jobs
        with a worker key (docs/workers.md). The reference worker: <code>npm run worker</code>.
      </p>
      {workers.isError ? <QueryErrorNotice error={workers.error} /> : null}
      {workers.data?.length === 0 ? <p>No worker has checked in yet.</p> : null}
      {workers.data && workers.data.length > 0 ? <WorkerList workers={workers.data} /> : null}
      <h3>Worker keys</h3>
      <ActionMessage words={said} />
      {keys.isError ? <QueryErrorNotice error={keys.error} /> : null}
      {keys.data?.length === 0 ? <p>No worker key yet.</p> : null}
      {keys.data && keys.data.length > 0 ? (
        <ul aria-label="Worker keys">
          {keys.data.map((key) => (
            <li key={key.id}>
              {key.name} (made {formatAge(key.time_created)}
              {key.last_used_at
                ? `, last used ${formatAge(key.last_used_at)}`
                : ', never used'}){' '}
              <button type="button" className="secondary" onClick={() => setRevoking(key)}>
                Revoke {key.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {made ? (
        <SecretShownOnce
          title="The new worker key"
          label="Worker key"
          what={`the worker key “${made.name}”`}
          secret={made.key ?? ''}
          onDone={() => setMade(null)}
        />
      ) : null}
      <form aria-label="New worker key" noValidate onSubmit={(event) => void onMake(event)}>
        <div className="field">
          <label htmlFor={nameId}>Name of the new worker key</label>
          <input
            id={nameId}
            value={name}
            maxLength={WORKER_KEY_NAME_MAX_LENGTH}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={create.isError || undefined}
          />
        </div>
        <button type="submit" disabled={create.isPending}>
          Make a worker key
        </button>
      </form>
      {create.isError ? <ErrorNotice error={create.error} /> : null}
      {revoking ? (
        <ConfirmDialog
          title={`Revoke the worker key “${revoking.name}”?`}
          confirmLabel="Revoke worker key"
          danger
          onCancel={() => setRevoking(null)}
          onConfirm={() => void onRevoke(revoking)}
        >
          <p>
            Its workers are refused at once, and the runs they hold are interrupted (the next run
            resumes them).
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
