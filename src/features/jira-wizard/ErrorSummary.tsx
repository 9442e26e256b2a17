import type { MouseEvent, Ref } from 'react';
import type { FieldErrors } from 'react-hook-form';
import type { JiraWizardStep } from '../../lib/paths';
import { blacklistRemoveId, FIELD_IDS } from './fieldIds';
import type { WizardValues } from './wizardSchema';

export interface SummaryItem {
  /** The control to focus; null when the problem belongs to no field. */
  id: string | null;
  message: string;
}

/** The problems of one step, in the order its fields appear. */
export function stepErrors(errors: FieldErrors<WizardValues>, step: JiraWizardStep): SummaryItem[] {
  const items: SummaryItem[] = [];
  const push = (id: string | null, message: string | undefined) => {
    if (message) items.push({ id, message });
  };
  if (step === 'connection') {
    push(FIELD_IDS.name, errors.name?.message);
    push(FIELD_IDS.jira_base_url, errors.jira_base_url?.message);
    push(FIELD_IDS.project_key, errors.project_key?.message);
    (errors.comment_email_blacklist ?? []).forEach?.((item, index) =>
      push(blacklistRemoveId(index), item?.address?.message),
    );
    push(FIELD_IDS.blacklist_draft, errors.root?.blacklistDraft?.message);
  } else if (step === 'schedule') {
    push(FIELD_IDS.refresh, errors.refresh?.amount?.message ?? errors.refresh?.message);
    push(FIELD_IDS.prune, errors.prune?.amount?.message ?? errors.prune?.message);
  } else if (step === 'credential') {
    push(FIELD_IDS.credential_id, errors.credential_id?.message);
  } else {
    push(null, errors.root?.server?.message);
  }
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
