// One credential's connection with its connector, tested now (a re-test by
// hand): the last test the server keeps on the pair (when, and each
// check's words as the wizard shows them), and a Test now button. The keyboard
// lands on the result once it is on the page (docs/panel.md, "Focus after an action").
import { useEffect, useRef, useState } from 'react';
import { useTestPair } from '../../api/connectionTestHooks';
import type { ConnectorPair } from '../../contract/contract';
import { ConnectionChecks, NotTested } from '../../components/ConnectionChecks';
import { formatDateTime } from '../../lib/format';

export function PairTest(props: {
  connectorId: number;
  pair: ConnectorPair;
  /** The credential's name, so each Test now says which one it tests. */
  label: string;
}) {
  const { connectorId, pair, label } = props;
  const test = useTestPair(connectorId);
  const last = pair.last_test;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The result may reach the page a render after the answer (the connector is
  // fetched again): focus waits for a heading to put the keyboard on.
  const focusWanted = useRef(false);
  const [answered, setAnswered] = useState(0);
  useEffect(() => {
    if (focusWanted.current && headingRef.current) {
      headingRef.current.focus();
      focusWanted.current = false;
    }
  }, [answered, last?.time]);
  const run = async () => {
    // A refusal (429, a role lost) is said below; the last test stays shown.
    await test.mutateAsync(pair.cc_pair_id).catch(() => {});
    focusWanted.current = true;
    setAnswered((n) => n + 1);
  };

  return (
    <div className="pair-test">
      <p role="status" className="visually-hidden">
        {test.isPending ? `Testing the connection with ${label}…` : ''}
      </p>
      {test.isError && <NotTested error={test.error} headingRef={headingRef} />}
      {last ? (
        <>
          <p className="hint">Last tested {formatDateTime(last.time)}</p>
          <ConnectionChecks
            result={last}
            headingRef={test.isError ? undefined : headingRef}
            headingLevel={3}
          />
        </>
      ) : (
        <p className="hint">Not tested since it was attached.</p>
      )}
      <button
        type="button"
        className="secondary"
        disabled={test.isPending}
        onClick={() => void run()}
      >
        {test.isPending ? 'Testing…' : 'Test now'}{' '}
        <span className="visually-hidden">with {label}</span>
      </button>
    </div>
  );
}
