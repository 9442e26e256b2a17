// The wizard's form schema, for react-hook-form's zodResolver: the name by the
// contract's limit, the source's settings by the source's own contract schema
// (src/sources/problems.ts), the schedule, the credential and the list boxes
// left half-typed. Each problem lands at its form path (`config.<key>.<i>`,
// `root.config` for the whole settings object), where the steps read it.
import { z } from 'zod';
import { accessProblem } from '../../components/AccessChoice';
import { CONNECTOR_NAME_MAX_LENGTH } from '../../contract/rules';
import { scheduleProblem } from '../../lib/frequency';
import { valueFields } from '../../sources/form';
import { sourceProblems } from '../../sources/problems';
import type { WizardSource, WizardValues } from './wizardValues';

const pathOf = (path: string) =>
  path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

const nameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name for the connector')
  .max(
    CONNECTOR_NAME_MAX_LENGTH,
    `Keep the name to ${CONNECTOR_NAME_MAX_LENGTH} characters or fewer`,
  );

/** An item typed in a list's box but not added stops Next, with the words that say so. */
function unaddedProblems({ panel }: WizardSource, values: WizardValues) {
  return valueFields(panel.fields).flatMap((field) => {
    const draft = (values.drafts?.[field.key] ?? '').trim();
    if (field.control !== 'list' || !draft) return [];
    const message = `“${draft}” is not in the list yet: choose “${field.addLabel}”, or clear the field`;
    return [{ path: `drafts.${field.key}`, message }];
  });
}

/** Every problem of the form but the name's, each at its form path. */
function valueProblems(wizard: WizardSource, values: WizardValues) {
  const { source, panel, needsCredential } = wizard;
  const config = sourceProblems(source, panel, values).map((problem) =>
    problem.path === 'config' ? { ...problem, path: 'root.config' } : problem,
  );
  const schedule = (['refresh', 'prune'] as const).flatMap((which) => {
    const message = scheduleProblem(which, values[which]);
    return message ? [{ path: `${which}.amount`, message }] : [];
  });
  const credential =
    needsCredential && values.credential_id === null
      ? [
          {
            path: 'credential_id',
            message: `Choose the ${panel.label} credential the connector uses`,
          },
        ]
      : [];
  const accessMessage = accessProblem(values);
  const access = accessMessage ? [{ path: 'groups', message: accessMessage }] : [];
  return [...config, ...unaddedProblems(wizard, values), ...schedule, ...credential, ...access];
}

export function wizardSchema(wizard: WizardSource) {
  return z
    .custom<WizardValues>((value) => typeof value === 'object' && value !== null)
    .check((ctx) => {
      const values = ctx.value;
      const name = nameSchema.safeParse(values.name);
      if (!name.success) {
        for (const issue of name.error.issues) {
          ctx.issues.push({
            code: 'custom',
            path: ['name'],
            message: issue.message,
            input: values.name,
          });
        }
      }
      for (const { path, message } of valueProblems(wizard, values)) {
        ctx.issues.push({ code: 'custom', path: pathOf(path), message, input: values });
      }
    });
}
