// The one form schema of the Jira wizard: every step's fields, validated with
// the shared contract's rules, and the mapping of its output onto the
// connector creation request.
import { z } from 'zod';
import {
  isEmailAddress,
  PRUNE_FREQ_MIN,
  REFRESH_FREQ_MIN,
  jiraConfigSchema,
  PROJECT_KEY_PATTERN,
  urlProblem,
  type ConnectorCreateRequest,
} from '../../api/contract';
import type { JiraWizardStep } from '../../lib/paths';
import { FREQUENCY_UNITS, SECONDS_PER_UNIT, toHumanFrequency } from './frequency';

const frequencySchema = (what: string, minSeconds: number, minWords: string) =>
  z
    .object({
      amount: z
        .string()
        .trim()
        .regex(/^\d{1,6}$/, `Enter the ${what} interval as a whole number, for example 1`),
      unit: z.enum(FREQUENCY_UNITS),
    })
    .superRefine((value, ctx) => {
      if (Number(value.amount) * SECONDS_PER_UNIT[value.unit] < minSeconds) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: `The ${what} interval must be at least ${minWords} (${minSeconds} seconds): the server refuses less`,
        });
      }
    })
    .transform((value) => Number(value.amount) * SECONDS_PER_UNIT[value.unit]);

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
    .max(200, 'Keep the name to 200 characters or fewer'),
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
    .max(255, 'Keep the project key to 255 characters or fewer')
    .refine((value) => value === '' || PROJECT_KEY_PATTERN.test(value), {
      message:
        'A project key starts with a letter and holds only upper-case letters, digits and _ (for example ENG)',
    }),
  comment_email_blacklist: z.array(z.object({ address: blacklistAddressSchema })),
  /** What is typed in the "add an address" box; never sent. */
  blacklist_draft: z.string(),
  refresh: frequencySchema('refresh', REFRESH_FREQ_MIN, '1 minute'),
  prune: frequencySchema('prune', PRUNE_FREQ_MIN, '5 minutes'),
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

/** The fields each step validates before Next lets the user on. */
export const STEP_FIELDS: Record<JiraWizardStep, WizardField[]> = {
  connection: [
    'name',
    'jira_base_url',
    'project_key',
    'comment_email_blacklist',
    'blacklist_draft',
  ],
  schedule: ['refresh', 'prune'],
  credential: ['credential_id'],
  review: [],
};

/** The step that holds a field, from its path (`comment_email_blacklist.1.address`). */
export function stepOfField(path: string): JiraWizardStep | null {
  const root = path.split('.')[0];
  const entry = Object.entries(STEP_FIELDS).find(([, fields]) =>
    (fields as string[]).includes(root ?? ''),
  );
  return entry ? (entry[0] as JiraWizardStep) : null;
}

/** The POST body for the validated form (D4). */
export function toCreateRequest(values: WizardOutput): ConnectorCreateRequest {
  return {
    name: values.name,
    source: 'jira',
    input_type: 'poll',
    access_type: 'PUBLIC',
    connector_specific_config: {
      jira_base_url: values.jira_base_url,
      project_key: values.project_key === '' ? null : values.project_key,
      comment_email_blacklist: values.comment_email_blacklist.map((item) => item.address),
    },
    refresh_freq: values.refresh,
    prune_freq: values.prune,
  };
}

/** The form as it was, from the request that was sent (a created connector awaiting its credential). */
export function fromCreateRequest(
  request: ConnectorCreateRequest,
  credentialId: number | null,
): WizardValues {
  const config = jiraConfigSchema.safeParse(request.connector_specific_config);
  return {
    ...DEFAULT_VALUES,
    name: request.name,
    jira_base_url: config.success ? config.data.jira_base_url : '',
    project_key: (config.success && config.data.project_key) || '',
    comment_email_blacklist: ((config.success && config.data.comment_email_blacklist) || []).map(
      (address) => ({ address }),
    ),
    refresh: request.refresh_freq ? toHumanFrequency(request.refresh_freq) : DEFAULT_VALUES.refresh,
    prune: request.prune_freq ? toHumanFrequency(request.prune_freq) : DEFAULT_VALUES.prune,
    credential_id: credentialId,
  };
}
