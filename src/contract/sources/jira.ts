// Jira (D4): Onyx's JiraConnector keys. `jira_base_url` is required; a project
// key narrows the index to one project; comments by blacklisted addresses are
// left out. Other keys are kept as sent (Onyx knows more Jira options).
import * as z from 'zod/mini';
import {
  boundedList,
  emailAddressSchema,
  emailOrNothing,
  filledText,
  httpUrlSchema,
  issueType,
  optionalText,
} from '../schemaParts';
import type { SourceContract } from './types';

/** D4: a Jira project key is at most 255 characters of this pattern. */
export const PROJECT_KEY_MAX_LENGTH = 255;
export const PROJECT_KEY_PATTERN = /^[A-Z][A-Z0-9_]*$/;

const projectKeySchema = z.string().check(
  z.maxLength(PROJECT_KEY_MAX_LENGTH),
  z.refine((value) => value === '' || PROJECT_KEY_PATTERN.test(value), {
    message: `String should match pattern '${PROJECT_KEY_PATTERN.source}' (upper-case letters, digits and _, starting with a letter)`,
    ...issueType('string_pattern_mismatch'),
  }),
);

export const jira = {
  config: z.looseObject({
    jira_base_url: httpUrlSchema,
    project_key: z.optional(z.nullable(projectKeySchema)),
    jql_query: optionalText,
    comment_email_blacklist: z.optional(z.nullable(boundedList(emailAddressSchema))),
    scoped_token: z.optional(z.boolean()),
  }),
  // Cloud: the account's e-mail and an API token; Server / Data Center: a personal access token alone.
  credential: z.looseObject({
    jira_user_email: z.optional(emailOrNothing),
    jira_api_token: filledText,
  }),
  // D4: an empty project key means every project, stored as null.
  keep: (config) => (config.project_key === '' ? { ...config, project_key: null } : config),
} satisfies SourceContract;
