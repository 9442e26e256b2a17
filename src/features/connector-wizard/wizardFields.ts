// Where each of the wizard's form paths lives: its step, the control an error
// summary leads to, and which 422 `loc` (D3) lands on it.
import type { WizardStep } from '../../lib/paths';
import { sourceFieldId } from '../../components/source-form/SourceFieldsForm';
import { formPathOf } from '../../sources/problems';
import type { SourcePanel } from '../../sources/types';

export const ID_PREFIX = 'wizard';

/** The step that holds a form path (`config.channels.1` → connection). */
export function stepOfPath(path: string): WizardStep {
  const root = path.split('.')[0];
  if (root === 'refresh' || root === 'prune') return 'schedule';
  if (root === 'credential_id') return 'credential';
  if (root === 'access' || root === 'groups') return 'access';
  if (path === 'root.server') return 'review';
  return 'connection';
}

/** The control of a form path: the field's own, a list item's Remove, a list's draft box. */
export function controlIdOf(path: string, panel: SourcePanel): string {
  const [root, key, index] = path.split('.');
  if (root === 'config' && key) {
    const id = sourceFieldId(ID_PREFIX, key);
    return index === undefined ? id : `${id}-remove-${index}`;
  }
  if (root === 'drafts' && key) return `${sourceFieldId(ID_PREFIX, key)}-draft`;
  if (path === 'root.config') {
    const first = panel.fields[0];
    return first ? sourceFieldId(ID_PREFIX, first.key) : `${ID_PREFIX}-name`;
  }
  return `${ID_PREFIX}-${root!.replace('_', '-')}`;
}

/** A 422 `loc` → the form path of its field, or null when no field holds it. */
export function fieldForLoc(loc: readonly (string | number)[], panel: SourcePanel): string | null {
  if (loc[0] !== 'body') return null;
  const [field, ...rest] = loc.slice(1);
  if (field === 'name') return 'name';
  if (field === 'refresh_freq') return 'refresh.amount';
  if (field === 'prune_freq') return 'prune.amount';
  if (field !== 'connector_specific_config') return null;
  const path = formPathOf(panel, rest);
  return path === 'config' ? 'root.config' : path;
}
