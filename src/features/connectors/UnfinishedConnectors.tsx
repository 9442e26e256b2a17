// D10: connectors without a credential are not listed; this notice counts them
// and finishes each one by attaching a credential that fits its source, public
// or private to the caller's groups (D13, FinishConnector.tsx).
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import type { ConnectorSnapshot } from '../../contract/contract';
import { useAfterFirstRows } from '../../lib/firstRows';
import { countOf, plural } from '../../lib/plural';

// Each connector's form (a credential picker, a new credential's dialog, a
// discard's) comes after the list's first rows (docs/performance.md), asked for as soon
// as they are on screen and there is one to finish: the unfinished connectors
// may answer before the list does, and the page may be on screen before either.
const loadFinishConnector = () => import('./FinishConnector');
const FinishConnector = lazy(async () => ({
  default: (await loadFinishConnector()).FinishConnector,
}));

interface UnfinishedConnectorsProps {
  connectors: ConnectorSnapshot[];
  onFinished: (connector: ConnectorSnapshot) => void;
}

export function UnfinishedConnectors({ connectors, onFinished }: UnfinishedConnectorsProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const count = connectors.length;
  const afterFirstRows = useAfterFirstRows();
  useEffect(() => {
    if (count > 0 && afterFirstRows) void loadFinishConnector();
  }, [count, afterFirstRows]);
  return (
    <div className={count ? 'notice notice-warn unfinished' : 'unfinished'}>
      <p role="status">
        {count === 0 ? '' : `${countOf(count, 'connector is', 'connectors are')} not finished.`}
      </p>
      {count > 0 && (
        <>
          <p className="hint">
            A connector without a credential is not listed until one is attached.
          </p>
          <button
            type="button"
            className="secondary"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen(!open)}
          >
            {open
              ? plural(count, 'Hide the unfinished connector', 'Hide unfinished connectors')
              : plural(count, 'Finish it', 'Finish them')}
          </button>
        </>
      )}
      <ul id={listId} className="unfinished-list" hidden={!open || count === 0}>
        {open && (
          <Suspense fallback={null}>
            {connectors.map((connector) => (
              <FinishConnector key={connector.id} connector={connector} onFinished={onFinished} />
            ))}
          </Suspense>
        )}
      </ul>
    </div>
  );
}
