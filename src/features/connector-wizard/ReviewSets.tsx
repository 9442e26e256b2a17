// "Add to document sets" on the wizard's review: the sets the caller may
// change, ticked ones getting the new pair once it is made (as the connector
// page's own "Add to document sets" does). A private set whose groups do not
// include the new pair's is shown but cannot be ticked, and says why.
import { useController, useFormContext } from 'react-hook-form';
import { useDocumentSets } from '../../api/documentSetHooks';
import { SetTicks } from '../../components/SetTicks';
import type { DocumentSetSummary } from '../../contract/documentSets';
import type { WizardValues } from './wizardValues';

function refusal(set: DocumentSetSummary, values: WizardValues) {
  if (set.is_public || values.access !== 'private') return null;
  return values.groups.some((group) => set.groups.includes(group))
    ? null
    : 'its groups do not include this connector’s';
}

export function ReviewSets() {
  const { control, getValues } = useFormContext<WizardValues>();
  const { field } = useController({ control, name: 'document_set_ids', defaultValue: [] });
  const sets = useDocumentSets();
  const values = getValues();
  const editable = (sets.data ?? []).filter((set) => set.is_editable);
  if (editable.length === 0) return null;
  const chosen = Array.isArray(field.value) ? field.value : [];
  return (
    <section aria-labelledby="review-sets">
      <h3 id="review-sets">Document sets</h3>
      <fieldset className="field">
        <legend>Add to document sets</legend>
        <SetTicks
          sets={editable}
          refusal={(set) => refusal(set, values)}
          chosen={chosen}
          onChange={field.onChange}
        />
      </fieldset>
    </section>
  );
}
