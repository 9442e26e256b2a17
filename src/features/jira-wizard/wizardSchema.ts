// The one form schema of the Jira wizard: every step's fields, validated with
// the shared contract's rules, and the mapping of its output onto the
// connector creation request.
import { z } from 'zod';
import type { ConnectorCreateRequest } from '../../api/contract';
import {
  CONNECTOR_NAME_MAX_LENGTH,
  isEmailAddress,
  urlProblem,
} from '../../api/contractRules';
import { PROJECT_KEY_MAX_LENGTH, PROJECT_KEY_PATTERN } from '../../api/sources/jira';
import { FREQUENCY_UNITS, scheduleProblem, secondsOf, type Schedule } from '../../lib/frequency';
import { WIZARD_FIELD_ENTRIES } from './wizardFields';

/** A schedule as typed, checked by the rule every form shares; sent in seconds. */
const frequencySchema = (schedule: Schedule) =>
  z
    .object({ amount: z.string(), unit: z.enum(FREQUENCY_UNITS) })
    .superRefine((value, ctx) => {
      const problem = scheduleProblem(schedule, value);
      if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
    })
    .transform((value) => secondsOf(value) ?? 0);

/** One address of the comment blacklist, checked when it is added and on Next. */
export const blacklistAddressSchema = z.string().trim().refine(isEmailAddress, {
  message:
    'Enter an e-mail address with a local part, an @ and a domain with a dot, like noreply@acme.example',
});

export const wizardSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter a name for the connector')
    .max(
      CONNECTOR_NAME_MAX_LENGTH,
      `Keep the name to ${CONNECTOR_NAME_MAX_LENGTH} characters or fewer`,
    ),
  jira_base_url: z
    .string()
    .trim()
    .min(1, 'Enter the base address of your Jira site, for example https://acme.atlassian.net')
    .superRefine((value, ctx) => {
      const problem = urlProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  project_key: z
    .string()
    .max(
      PROJECT_KEY_MAX_LENGTH,
      `Keep the project key to ${PROJECT_KEY_MAX_LENGTH} characters or fewer`,
    )
    .refine((value) => value === '' || PROJECT_KEY_PATTERN.test(value), {
      message:
        'A project key starts with a letter and holds only upper-case letters, digits and _ (for example ENG)',
    }),
  comment_email_blacklist: z.array(z.object({ address: blacklistAddressSchema })),
  /** What is typed in the "add an address" box; never sent. */
  blacklist_draft: z.string(),
  refresh: frequencySchema('refresh'),
  prune: frequencySchema('prune'),
  credential_id: z
    .number()
    .int()
    .nullable()
    .transform((value, ctx) => {
      if (value === null) {
        ctx.addIssue({ code: 'custom', message: 'Choose the Jira credential the connector uses' });
        return z.NEVER;
      }
      return value;
    }),
});

export type WizardValues = z.input<typeof wizardSchema>;
export type WizardOutput = z.output<typeof wizardSchema>;
export type WizardField = keyof WizardValues;

export const DEFAULT_VALUES: WizardValues = {
  name: '',
  jira_base_url: '',
  project_key: '',
  comment_email_blacklist: [],
  blacklist_draft: '',
  refresh: { amount: '1', unit: 'hours' },
  prune: { amount: '1', unit: 'days' },
  credential_id: null,
};

type Path = readonly string[];
const valueAt = (from: unknown, path: Path): unknown =>
  path.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], from);
function setAt(into: Record<string, unknown>, path: Path, value: unknown) {
  const parents = path.slice(0, -1).reduce((node, key) => {
    node[key] ??= {};
    return node[key] as Record<string, unknown>;
  }, into);
  parents[path[path.length - 1]!] = value;
}

/** The POST body for the validated form (D4): the fixed fields, then each field at its `loc`. */
export function toCreateRequest(values: WizardOutput): ConnectorCreateRequest {
  const request: Record<string, unknown> = {
    name: '',
    source: 'jira',
    input_type: 'poll',
    access_type: 'PUBLIC',
    connector_specific_config: {},
  };
  for (const [, spec] of WIZARD_FIELD_ENTRIES) {
    if (spec.loc && spec.send) setAt(request, spec.loc, spec.send(values));
  }
  return request as ConnectorCreateRequest;
}

/** The form as it was, from the request that was sent (a created connector awaiting its credential). */
export function fromCreateRequest(
  request: ConnectorCreateRequest,
  credentialId: number | null,
): WizardValues {
  const values: Record<string, unknown> = { ...DEFAULT_VALUES, credential_id: credentialId };
  for (const [name, spec] of WIZARD_FIELD_ENTRIES) {
    if (!spec.loc || !spec.read) continue;
    const value = spec.read(valueAt(request, spec.loc));
    if (value !== undefined) values[name] = value;
  }
  return values as WizardValues;
}
