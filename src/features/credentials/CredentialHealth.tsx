// A credential's health on the credentials page: its last test on
// the connectors that use it (the newest, in words), and "Replace on all its
// connectors": another credential of the source, tested with each connector's
// settings, swapped in on every pair or on none (PUT …/replace-everywhere).
import { useReplaceEverywhere } from '../../api/connectorHealth';
import { failedChecks } from '../../contract/connectionChecks';
import type { Credential } from '../../contract/contract';
import type { ConnectorStatusRow } from '../../contract/health';
import { CredentialPicker } from '../../components/CredentialPicker';
import { SwapRefusal } from '../../components/SwapRefusal';
import { useReplaceChooser } from '../../components/useReplaceChooser';
import { credentialLabel } from '../../lib/credentials';
import { formatDateTime } from '../../lib/format';
import { countOf } from '../../lib/plural';

/** The newest of its pairs' last tests, in words. */
function lastTestWords(rows: readonly ConnectorStatusRow[]): string {
  const tested = rows
    .filter((row) => row.last_test !== null)
    .sort((a, b) => b.last_test!.time.localeCompare(a.last_test!.time));
  const newest = tested[0];
  if (!newest) return 'Not tested since it was attached.';
  const test = newest.last_test!;
  const where = `on “${newest.connector.name}”`;
  const when = `Last tested ${formatDateTime(test.time)} ${where}`;
  if (test.ok === false) return `${when}: failed. ${failedChecks(test.checks)}.`;
  if (test.ok === null) return `${when}: not everything could be checked.`;
  return `${when}: passed.`;
}

export function CredentialHealth({
  credential,
  rows,
  onDone,
}: {
  credential: Credential;
  /** Its pairs' status rows; undefined until they are in. */
  rows: ConnectorStatusRow[] | undefined;
  onDone: (words: string) => void;
}) {
  const replace = useReplaceEverywhere();
  const label = credentialLabel(credential);
  const connectors = countOf(rows?.length ?? 0, 'connector');
  const { open, show, chosen, setChosen, chosenLabel, run, box, opener } = useReplaceChooser({
    reset: replace.reset,
    swap: (newId, force) =>
      replace.mutateAsync({
        id: credential.id,
        body: { new_credential_id: newId, ...(force ? { force: true } : {}) },
      }),
    said: (force) =>
      onDone(
        force
          ? `“${label}” was replaced by “${chosenLabel()}” on ${connectors}, without the test: their next runs show whether it works.`
          : `“${label}” was replaced by “${chosenLabel()}” on ${connectors}, each tested first.`,
      ),
  });
  if (!rows || rows.length === 0) return null;

  return (
    <div className="credential-health">
      <p>{lastTestWords(rows)}</p>
      {open ? (
        <div role="group" aria-label={`Replace ${label} on all its connectors`} ref={box}>
          <CredentialPicker
            label="Credential to use instead"
            source={credential.source}
            description={`Tested with each of the ${connectors}’ settings; if one fails, none is replaced.`}
            value={chosen}
            onChange={setChosen}
          />
          <div className="detail-actions">
            <button
              type="button"
              disabled={chosen === null || chosen === credential.id || replace.isPending}
              onClick={() => void run().catch(() => {})}
            >
              {replace.isPending ? 'Testing and replacing…' : `Test and replace on ${connectors}`}
            </button>
            <button type="button" className="secondary" onClick={() => show(false)}>
              Cancel
            </button>
          </div>
          {replace.isError && (
            <SwapRefusal
              error={replace.error}
              pending={replace.isPending}
              consequence={`The ${connectors} will use “${chosenLabel()}” untested: if it is wrong, their next runs fail and they show as failing.`}
              onForce={() => void run(true).catch(() => {})}
            />
          )}
        </div>
      ) : (
        <button type="button" className="secondary" ref={opener} onClick={() => show(true)}>
          Replace on all its connectors <span className="visually-hidden">({label})</span>
        </button>
      )}
    </div>
  );
}
