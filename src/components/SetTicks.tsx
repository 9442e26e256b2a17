// Document sets to tick, as the wizard's review and the connector page offer
// them: a set that may not be ticked is shown, not tickable, and says why.
import type { DocumentSetSummary } from '../contract/documentSets';

export function SetTicks({
  sets,
  refusal,
  chosen,
  onChange,
}: {
  sets: readonly DocumentSetSummary[];
  refusal: (set: DocumentSetSummary) => string | null;
  chosen: readonly DocumentSetSummary['id'][];
  onChange: (ids: DocumentSetSummary['id'][]) => void;
}) {
  return (
    <ul className="choices">
      {sets.map((set) => {
        const why = refusal(set);
        return (
          <li key={set.id}>
            <label>
              <input
                type="checkbox"
                disabled={why !== null}
                checked={chosen.includes(set.id)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...chosen, set.id]
                      : chosen.filter((id) => id !== set.id),
                  )
                }
              />{' '}
              {set.name}
              {why && <span className="hint"> — {why}</span>}
            </label>
          </li>
        );
      })}
    </ul>
  );
}
