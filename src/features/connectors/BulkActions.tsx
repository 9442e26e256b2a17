// Pause, resume or delete the chosen connectors: one confirmation for all of
// them, then what happened to each, in words.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useBulkConnectors, type BulkAction, type BulkOutcome } from '../../api/connectors';
import type { ConnectorSnapshot } from '../../contract/contract';
import { countOf } from '../../lib/plural';

// The confirmation (its dialog, the names and the typed count) comes after the
// list's first rows, asked for once something is chosen.
const loadBulkConfirm = () => import('./BulkConfirm');
const BulkConfirm = lazy(async () => ({ default: (await loadBulkConfirm()).BulkConfirm }));

const VERBS: Record<BulkAction, { button: string; done: string; confirm: string }> = {
  pause: { button: 'Pause', done: 'paused', confirm: 'They stop being indexed until resumed.' },
  resume: {
    button: 'Resume',
    done: 'running',
    confirm: 'They are indexed on their schedules again.',
  },
  delete: {
    button: 'Delete',
    done: 'deleted',
    confirm: 'They and their credential attachments are deleted. This cannot be undone.',
  },
};

/**
 * The chosen connectors an action concerns: pause the running ones, resume the
 * paused ones, delete them all. While their statuses are unknown (null), all.
 */
function targetsOf(
  action: BulkAction,
  chosen: ConnectorSnapshot[],
  paused: ReadonlySet<number> | null,
) {
  if (action === 'delete' || paused === null) return chosen;
  return chosen.filter((connector) => paused.has(connector.id) === (action === 'resume'));
}

export function BulkActions(props: {
  chosen: ConnectorSnapshot[];
  /** The paused connectors' ids; null while unknown. */
  paused: ReadonlySet<number> | null;
  onClear: () => void;
}) {
  const { chosen, paused, onClear } = props;
  const bulk = useBulkConnectors();
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const [report, setReport] = useState<{ action: BulkAction; outcomes: BulkOutcome[] } | null>(
    null,
  );
  const reportRef = useRef<HTMLDivElement>(null);
  const count = chosen.length;
  useEffect(() => {
    if (count > 0) void loadBulkConfirm();
  }, [count]);
  const targets = asking ? targetsOf(asking, chosen, paused) : [];

  const run = async (action: BulkAction) => {
    setAsking(null);
    const outcomes = await bulk.mutateAsync({
      action,
      connectors: targetsOf(action, chosen, paused).map(({ id, name }) => ({ id, name })),
    });
    setReport({ action, outcomes });
    onClear();
    // The report is the result: the keyboard goes there (docs/panel.md, "Focus after an action").
    requestAnimationFrame(() => reportRef.current?.focus());
  };
  const ask = (action: BulkAction) => setAsking(action);

  return (
    <div className="bulk-actions">
      {count > 0 && (
        <div className="detail-actions" role="group" aria-label="With the selected connectors">
          <span>{count} selected</span>
          {(Object.keys(VERBS) as BulkAction[]).map((action) => {
            // Only what the action changes: "Pause 2" of three chosen when one is paused already.
            const n = targetsOf(action, chosen, paused).length;
            return (
              n > 0 && (
                <button
                  key={action}
                  type="button"
                  className={action === 'delete' ? 'danger' : 'secondary'}
                  disabled={bulk.isPending}
                  onClick={() => ask(action)}
                >
                  {VERBS[action].button} {n}
                </button>
              )
            );
          })}
          <button type="button" className="secondary" onClick={onClear}>
            Clear the selection
          </button>
        </div>
      )}
      <div role="status" ref={reportRef} tabIndex={-1} className="action-message">
        {report && <Report {...report} />}
      </div>
      {asking && (
        <Suspense fallback={null}>
          <BulkConfirm
            title={`${VERBS[asking].button} ${countOf(targets.length, 'connector')}?`}
            confirmLabel={`${VERBS[asking].button} ${targets.length}`}
            consequence={VERBS[asking].confirm}
            targets={targets}
            destructive={asking === 'delete'}
            onCancel={() => setAsking(null)}
            onConfirm={() => void run(asking).catch(() => {})}
          />
        </Suspense>
      )}
    </div>
  );
}

function Report({ action, outcomes }: { action: BulkAction; outcomes: BulkOutcome[] }) {
  const failed = outcomes.filter((outcome) => outcome.failure !== null);
  const done = outcomes.length - failed.length;
  return (
    <div className={failed.length ? 'notice notice-error' : 'notice notice-success'}>
      <p>
        {done} of {outcomes.length} {VERBS[action].done}.
      </p>
      <ul>
        {outcomes.map((outcome) => (
          <li key={outcome.id}>
            {outcome.name}:{' '}
            {outcome.failure === null
              ? VERBS[action].done
              : `not ${VERBS[action].done} — ${outcome.failure}`}
          </li>
        ))}
      </ul>
    </div>
  );
}
