// A connector's document sets: those that hold one of its pairs, and "Add to
// document sets" for the sets the caller may change. A set added to keeps all
// it held (Onyx's PATCH replaces the whole set, so the rest is sent as it was).
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAddPairsToSets, useDocumentSets } from '../../api/documentSetHooks';
import { ActionMessage } from '../../components/ActionMessage';
import { ErrorNotice } from '../../components/ErrorNotice';
import type { ConnectorDetail } from '../../contract/contract';
import type { DocumentSetSummary } from '../../contract/documentSets';
import { setsNotAddedFrom } from '../../lib/setsNotAdded';
import { paths } from '../../lib/paths';
import { SetTicks } from '../../components/SetTicks';

/** Why this connector's pairs cannot go in `set`; null when they can. */
function refusal(set: DocumentSetSummary, connector: ConnectorDetail) {
  if (set.is_public) return null;
  const outside = connector.cc_pairs.some(
    (pair) => pair.access_type === 'private' && !pair.groups.some((g) => set.groups.includes(g)),
  );
  return outside ? 'its groups do not include this connector’s' : null;
}

export function ConnectorDocumentSets({ connector }: { connector: ConnectorDetail }) {
  const sets = useDocumentSets();
  const update = useAddPairsToSets();
  const [adding, setAdding] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const notAdded = setsNotAddedFrom(useLocation().state);
  // Arriving from the wizard with sets it could not add the new pair to: say which, and why.
  const [said, setSaid] = useState(() =>
    notAdded
      ? `“${connector.name}” was made, but not added to ${notAdded.names.join(', ')}: ${notAdded.reason} Add it below if you still want it there.`
      : '',
  );
  const pairIds = connector.cc_pairs.map((pair) => pair.cc_pair_id);
  const holds = (set: DocumentSetSummary) =>
    set.cc_pair_summaries.some((pair) => pairIds.includes(pair.id));
  const mine = (sets.data ?? []).filter(holds);
  const candidates = (sets.data ?? []).filter((set) => set.is_editable && !holds(set));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const picked = candidates.filter((set) => chosen.includes(set.id));
    await update.mutateAsync({ sets: picked, pairIds });
    setAdding(false);
    setChosen([]);
    setSaid(`Added “${connector.name}” to ${picked.map((set) => set.name).join(', ')}.`);
  };

  return (
    <section aria-labelledby="connector-sets-title" className="connector-sets">
      <h2 id="connector-sets-title">Document sets</h2>
      {sets.isPending ? (
        <p role="status">Loading document sets…</p>
      ) : mine.length === 0 ? (
        <p>In no document set.</p>
      ) : (
        <ul>
          {mine.map((set) => (
            <li key={set.id}>{set.name}</li>
          ))}
        </ul>
      )}
      <ActionMessage words={said} />
      {pairIds.length > 0 && candidates.length > 0 && !adding && (
        <button type="button" className="secondary" onClick={() => setAdding(true)}>
          Add to document sets
        </button>
      )}
      {adding && (
        <form onSubmit={(event) => void submit(event).catch(() => {})} noValidate>
          <fieldset className="field">
            <legend>Add “{connector.name}” to</legend>
            <SetTicks
              sets={candidates}
              refusal={(set) => refusal(set, connector)}
              chosen={chosen}
              onChange={setChosen}
            />
          </fieldset>
          {update.isError && <ErrorNotice error={update.error} />}
          <div className="form-actions">
            <button type="submit" disabled={update.isPending || chosen.length === 0}>
              {update.isPending ? 'Adding…' : 'Add'}
            </button>
            <button type="button" className="secondary" onClick={() => setAdding(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <p>
        <Link to={paths.documentSets.getHref()}>All document sets</Link>
      </p>
    </section>
  );
}
