import type { MouseEvent, Ref } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { friendlyWords } from '../../lib/friendlyWords';
import type { WizardStep } from '../../lib/paths';
import { valueFields } from '../../sources/form';
import type { SourcePanel } from '../../sources/types';
import { controlIdOf, stepOfPath } from './wizardFields';
import type { WizardValues } from './wizardValues';

export interface SummaryItem {
  /** The control to focus; null when the problem belongs to no field. */
  id: string | null;
  message: string;
}

const isError = (node: unknown): node is { message: string } =>
  typeof (node as { message?: unknown } | null)?.message === 'string';

/** Every path of the form that holds an error, depth first. */
function errorPaths(node: unknown, prefix = ''): string[] {
  if (node === null || typeof node !== 'object') return [];
  const own = prefix && isError(node) ? [prefix] : [];
  const inner = Object.entries(node).flatMap(([key, child]) =>
    key === 'ref' || key === 'message' || key === 'type' || key === 'types'
      ? []
      : errorPaths(child, prefix ? `${prefix}.${key}` : key),
  );
  return [...own, ...inner];
}

const errorAtPath = (errors: unknown, path: string) =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], errors);

/** The problems of one step, in the order its fields appear. */
export function stepErrors(
  errors: FieldErrors<WizardValues>,
  step: WizardStep,
  panel: SourcePanel,
): SummaryItem[] {
  const keys = valueFields(panel.fields).map((field) => field.key);
  const rank = (path: string) => {
    const [root, key, index] = path.split('.');
    if (root === 'name') return 0;
    if (root === 'config' || root === 'drafts') {
      return 1 + keys.indexOf(key!) * 2 + (root === 'drafts' ? 1 : Number(index ?? 0) / 1e6);
    }
    return (
      ['root.config', 'refresh.amount', 'prune.amount', 'credential_id', 'root.server'].indexOf(
        path,
      ) + 1e3
    );
  };
  return errorPaths(errors)
    .filter((path) => stepOfPath(path) === step)
    .sort((a, b) => rank(a) - rank(b))
    .map((path) => ({
      id: path === 'root.server' ? null : controlIdOf(path, panel),
      message: friendlyWords((errorAtPath(errors, path) as { message: string }).message),
    }));
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
      aria-labelledby="wizard-error-summary-title"
    >
      <h3 id="wizard-error-summary-title">
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
