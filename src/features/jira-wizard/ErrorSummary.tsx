import type { MouseEvent, Ref } from 'react';
import { get, type FieldError, type FieldErrors } from 'react-hook-form';
import { friendlyWords } from '../../lib/friendlyWords';
import type { JiraWizardStep } from '../../lib/paths';
import { fieldId, fieldsOfStep, WIZARD_FIELDS } from './wizardFields';
import type { WizardValues } from './wizardSchema';

export interface SummaryItem {
  /** The control to focus; null when the problem belongs to no field. */
  id: string | null;
  message: string;
}

/** The problems of one step, in the order its fields appear (the field table's order). */
export function stepErrors(errors: FieldErrors<WizardValues>, step: JiraWizardStep): SummaryItem[] {
  const items: SummaryItem[] = [];
  const push = (id: string | null, error: FieldError | undefined) => {
    if (error?.message) items.push({ id, message: friendlyWords(error.message) });
  };
  const at = (path: string): FieldError | undefined => get(errors, path);
  for (const name of fieldsOfStep(step)) {
    const { errorPath } = WIZARD_FIELDS[name];
    if (errorPath.includes('#')) {
      const list: unknown = get(errors, name);
      (Array.isArray(list) ? list : []).forEach((_, index) =>
        push(fieldId(name, index), at(errorPath.replace('#', String(index)))),
      );
    } else {
      push(fieldId(name), at(errorPath) ?? at(name));
    }
  }
  if (step === 'review') push(null, at('root.server'));
  return items;
}

interface ErrorSummaryProps {
  items: SummaryItem[];
  ref?: Ref<HTMLDivElement>;
}

/** Listed at the top of the step after a failed Next or Create; each links to its field. */
export function ErrorSummary({ items, ref }: ErrorSummaryProps) {
  if (items.length === 0) return null;
  const focusField = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    document.getElementById(id)?.focus();
  };
  return (
    <div
      ref={ref}
      className="notice notice-error error-summary"
      tabIndex={-1}
      role="group"
      aria-labelledby="jira-error-summary-title"
    >
      <h3 id="jira-error-summary-title">
        {items.length === 1 ? 'There is a problem' : `There are ${items.length} problems`}
      </h3>
      <ul>
        {items.map((item) => (
          <li key={`${item.id}:${item.message}`}>
            {item.id ? (
              <a href={`#${item.id}`} onClick={(event) => focusField(event, item.id!)}>
                {item.message}
              </a>
            ) : (
              item.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
