// Replacing a failing credential of a connector in place: choose
// another credential of the source, or make one in a dialog (NewCredential); the server tests
// it with the connector's settings before it swaps (PUT /credential/swap), so
// nothing changes when the new one fails too. The same pair (its id, access,
// groups, schedule) keeps running with the new credential.
import { useSwapCredential } from '../../api/connectorHealth';
import type { ConnectorDetail } from '../../contract/contract';
import { CredentialPicker } from '../../components/CredentialPicker';
import { SwapRefusal } from '../../components/SwapRefusal';
import { useReplaceChooser } from '../../components/useReplaceChooser';
import { NewCredential } from '../../components/NewCredential';
import { sourceLabel } from '../../lib/sources';

export function ReplaceCredential({
  connector,
  oldCredentialId,
  oldLabel,
  onReplaced,
}: {
  connector: ConnectorDetail;
  oldCredentialId: number;
  oldLabel: string;
  /** Says the outcome in words where the keyboard goes. */
  onReplaced: (words: string) => void;
}) {
  const swap = useSwapCredential();
  const source = sourceLabel(connector.source);
  const { open, show, chosen, setChosen, chosenLabel, run, box, opener } = useReplaceChooser({
    reset: swap.reset,
    swap: (newId, force) =>
      swap.mutateAsync({
        new_credential_id: newId,
        connector_id: connector.id,
        access_type: 'public',
        old_credential_id: oldCredentialId,
        ...(force ? { force: true } : {}),
      }),
    said: (force) =>
      onReplaced(
        force
          ? `“${connector.name}” now uses “${chosenLabel()}” instead of “${oldLabel}”, replaced without the test: its next run shows whether it works.`
          : `“${connector.name}” now uses “${chosenLabel()}” instead of “${oldLabel}”: it passed the connection test.`,
      ),
  });

  if (!open) {
    return (
      <button type="button" ref={opener} onClick={() => show(true)}>
        Replace credential <span className="visually-hidden">{oldLabel}</span>
      </button>
    );
  }
  return (
    <div className="replace-credential" role="group" aria-label={`Replace ${oldLabel}`} ref={box}>
      <CredentialPicker
        label={`${source} credential to use instead`}
        source={connector.source}
        description="It is tested with this connector’s settings before it replaces the failing one."
        value={chosen}
        onChange={setChosen}
      />
      <div className="detail-actions">
        <button
          type="button"
          disabled={chosen === null || chosen === oldCredentialId || swap.isPending}
          onClick={() => void run().catch(() => {})}
        >
          {swap.isPending ? 'Testing and replacing…' : 'Test and replace'}
        </button>
        <button type="button" className="secondary" onClick={() => show(false)}>
          Cancel
        </button>
      </div>
      {swap.isError && (
        <SwapRefusal
          error={swap.error}
          pending={swap.isPending}
          consequence={`“${connector.name}” will use “${chosenLabel()}” untested: if it is wrong, the connector’s next run fails and it shows as failing.`}
          onForce={() => void run(true).catch(() => {})}
        />
      )}
      <NewCredential source={connector.source} label={source} onCreated={setChosen} />
    </div>
  );
}
