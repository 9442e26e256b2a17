// The interface contract (../shared/spec/interface.txt), with the project's
// decisions (decisions.md, cited as D1…D12). The server validates requests with
// these schemas and the panel parses responses with them, so they cannot drift.
// zod/mini: the same core as classic zod, with functions in place of methods,
// so the panel's entry chunk holds only the parts these schemas use.
import * as z from 'zod/mini';

export const DOCUMENT_SOURCES = [
  'ingestion_api',
  'slack',
  'web',
  'google_drive',
  'gmail',
  'requesttracker',
  'github',
  'gitbook',
  'gitlab',
  'guru',
  'bookstack',
  'outline',
  'confluence',
  'jira',
  'slab',
  'productboard',
  'file',
  'coda',
  'notion',
  'zulip',
  'linear',
  'hubspot',
  'document360',
  'gong',
  'google_sites',
  'zendesk',
  'loopio',
  'dropbox',
  'sharepoint',
  'teams',
  'salesforce',
  'discourse',
  'axero',
  'clickup',
  'mediawiki',
  'wikipedia',
  'asana',
  's3',
  'r2',
  'google_cloud_storage',
  'oci_storage',
  'xenforo',
  'not_applicable',
  'discord',
  'freshdesk',
  'fireflies',
  'egnyte',
  'airtable',
  'highspot',
  'drupal_wiki',
  'imap',
  'bitbucket',
  'testrail',
  'mock_connector',
  'user_file',
] as const;
export const documentSourceSchema = z.enum(DOCUMENT_SOURCES);
export type DocumentSource = z.infer<typeof documentSourceSchema>;

/** D7: sources that need no credential; credential 0 (`not_applicable`) may attach to them. */
export const CREDENTIAL_FREE_SOURCES: readonly DocumentSource[] = [
  'file',
  'web',
  'not_applicable',
  'google_sites',
  'wikipedia',
  'mediawiki',
  'ingestion_api',
  'mock_connector',
  'user_file',
];

export const INPUT_TYPES = ['load_state', 'poll', 'event', 'slim_retrieval'] as const;
export const inputTypeSchema = z.enum(INPUT_TYPES);
export type InputType = z.infer<typeof inputTypeSchema>;

export const USER_ROLES = [
  'limited',
  'basic',
  'admin',
  'curator',
  'global_curator',
  'slack_user',
  'ext_perm_user',
] as const;
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRoleSchema>;

/** The meaning of each role, in the interface's words. */
export const ROLE_MEANINGS: Record<UserRole, string> = {
  limited: 'may use only a limited set of basic endpoints',
  basic: 'may not perform any admin action',
  admin: 'may perform all admin actions',
  curator: 'may perform admin actions for the groups it is curator of',
  global_curator: 'may perform admin actions for all groups it is a member of',
  slack_user: 'has used the service through a chat integration and has no web login',
  ext_perm_user: 'picked up by the external permission sync and has no web login',
};

/** D2: roles that may call the connector and credential endpoints. */
export const CURATOR_OR_ADMIN_ROLES: readonly UserRole[] = ['admin', 'curator', 'global_curator'];

export const ACCESS_TYPES = ['PUBLIC', 'PRIVATE', 'SYNC'] as const;

/** A custom issue carries the validation type name of D3 in its params. */
const issueType = (type: string) => ({ params: { type } });

export const EMAIL_MAX_LENGTH = 254;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export const isEmailAddress = (value: string) =>
  value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);

export const emailAddressSchema = z.string().check(
  z.refine(isEmailAddress, {
    message: 'Not a valid e-mail address: it needs a local part, an @ and a domain with a dot',
    ...issueType('value_error'),
  }),
);

/** D4: an absolute http or https address. */
export function urlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Input should be a valid URL, for example https://example.atlassian.net';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return "URL scheme should be 'http' or 'https'";
  }
  return url.hostname ? null : 'Input should be a valid URL with a host';
}
export const httpUrlSchema = z.string().check(
  z.superRefine((value, ctx) => {
    const problem = urlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, ...issueType('url_parsing') });
  }),
);

export const PROJECT_KEY_PATTERN = /^[A-Z][A-Z0-9_]*$/;
export const projectKeySchema = z.string().check(
  z.maxLength(255),
  z.refine((value) => value === '' || PROJECT_KEY_PATTERN.test(value), {
    message: `String should match pattern '${PROJECT_KEY_PATTERN.source}' (upper-case letters, digits and _, starting with a letter)`,
    ...issueType('string_pattern_mismatch'),
  }),
);

/** D4: connector_specific_config of source `jira`; other keys are kept as sent. */
export const jiraConfigSchema = z.looseObject({
  jira_base_url: httpUrlSchema,
  project_key: z.optional(z.nullable(projectKeySchema)),
  comment_email_blacklist: z.optional(z.nullable(z.array(emailAddressSchema))),
});
export type JiraConfig = z.infer<typeof jiraConfigSchema>;

/** How deep a per-source config may nest; deeper is refused, not stored (D11). */
export const CONFIG_MAX_DEPTH = 32;
/** How long a per-source config may be, as JSON text in UTF-8; longer is refused (D11). */
export const CONFIG_MAX_BYTES = 64 * 1024;

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Levels of objects and lists, counted level by level (no recursion), up to the limit + 1. */
function depthOf(value: unknown): number {
  let depth = 0;
  let level: unknown[] = [value];
  while (depth <= CONFIG_MAX_DEPTH) {
    const next: unknown[] = [];
    for (const item of level) {
      if (item === null || typeof item !== 'object') continue;
      // One at a time: spreading a list of a million items would overflow the stack.
      for (const child of Object.values(item)) next.push(child);
    }
    if (next.length === 0 && !level.some((item) => item !== null && typeof item === 'object'))
      break;
    depth++;
    level = next;
  }
  return depth;
}

/** D11: why a per-source config is refused for its size, or null when it is within the limits. */
export function configLimitProblem(config: unknown): string | null {
  // Depth first: JSON.stringify recurses, and is safe only on what nests a little.
  if (depthOf(config) > CONFIG_MAX_DEPTH) {
    return `Input should nest at most ${CONFIG_MAX_DEPTH} levels of objects and lists`;
  }
  if (new TextEncoder().encode(JSON.stringify(config)).length > CONFIG_MAX_BYTES) {
    return `Input should be at most 64 KiB (${CONFIG_MAX_BYTES} bytes) as JSON text`;
  }
  return null;
}

// A custom check rather than z.record: the config is checked as the very object
// that was sent, so a key named __proto__ cannot slip past the limits (D4).
const connectorConfigSchema = z
  .custom<Record<string, unknown>>(isJsonObject, {
    message: 'Input should be a valid dictionary',
    ...issueType('dict_type'),
  })
  .check(
    z.superRefine((config, ctx) => {
      const problem = isJsonObject(config) ? configLimitProblem(config) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem, ...issueType('value_error') });
    }),
  );

/** D4: ISO-8601 date-time; no offset means UTC; a bare date is refused. */
export function parseDateTime(value: string): Date | null {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(
      value,
    );
  if (!match) return null;
  // Date would roll 2026-02-30 over into March: a day the month lacks is refused.
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (daysInMonth === undefined || day < 1 || day > daysInMonth) return null;
  const text = value.replace(' ', 'T').replace(/(\.\d{3})\d+/, '$1');
  const date = new Date(match[4] ? text : `${text}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

const indexingStartSchema = z.pipe(
  z.string().check(
    z.superRefine((value, ctx) => {
      if (!parseDateTime(value)) {
        ctx.addIssue({
          code: 'custom',
          message:
            'Input should be a valid date-time such as 2026-01-31T09:00:00Z (a date alone is not enough)',
          ...issueType('value_error'),
        });
      }
    }),
  ),
  z.transform((value: string) => parseDateTime(value)?.toISOString() ?? value),
);

/** D4: the shortest schedules, in seconds (the panel's wizard checks them too). */
export const REFRESH_FREQ_MIN = 60;
export const PRUNE_FREQ_MIN = 300;

export const connectorCreateRequestSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  source: documentSourceSchema,
  input_type: inputTypeSchema,
  access_type: z._default(
    z.pipe(
      z.string().check(
        z.refine((value) => (ACCESS_TYPES as readonly string[]).includes(value.toUpperCase()), {
          message: "Input should be 'PUBLIC', 'PRIVATE' or 'SYNC'",
          ...issueType('enum'),
        }),
      ),
      z.transform((value: string) => value.toUpperCase()),
    ),
    'PUBLIC',
  ),
  connector_specific_config: connectorConfigSchema,
  refresh_freq: z.optional(z.nullable(z.int().check(z.gte(REFRESH_FREQ_MIN)))),
  prune_freq: z.optional(z.nullable(z.int().check(z.gte(PRUNE_FREQ_MIN)))),
  indexing_start: z.optional(z.nullable(indexingStartSchema)),
  groups: z.optional(z.nullable(z.array(z.int()))),
});
export type ConnectorCreateRequest = z.input<typeof connectorCreateRequestSchema>;
export type ConnectorCreate = z.output<typeof connectorCreateRequestSchema>;

export const connectorCreateResponseSchema = z.object({
  id: z.int(),
  credential: z.optional(z.unknown()),
});

/**
 * A config in an answer: any JSON object, checked as the object it is. (z.record
 * would rebuild it key by key, a third of the time of parsing 10,000 connectors.)
 */
const configObjectSchema = z.custom<Record<string, unknown>>(isJsonObject, {
  message: 'Input should be a valid dictionary',
  ...issueType('dict_type'),
});

export const connectorSnapshotSchema = z.object({
  name: z.string(),
  source: documentSourceSchema,
  input_type: inputTypeSchema,
  connector_specific_config: configObjectSchema,
  refresh_freq: z.optional(z.nullable(z.int())),
  prune_freq: z.optional(z.nullable(z.int())),
  indexing_start: z.optional(z.nullable(z.string())),
  id: z.int(),
  credential_ids: z.array(z.int()),
  time_created: z.string(),
  time_updated: z.string(),
});
export type ConnectorSnapshot = z.infer<typeof connectorSnapshotSchema>;
export const connectorListSchema = z.array(connectorSnapshotSchema);

/** D6: the interface promises id and source; the rest is this project's (masked) detail. */
export const credentialSchema = z.object({
  id: z.int(),
  source: documentSourceSchema,
  name: z.optional(z.nullable(z.string())),
  credential_json: z.optional(configObjectSchema),
  admin_public: z.optional(z.boolean()),
  curator_public: z.optional(z.boolean()),
  groups: z.optional(z.array(z.int())),
  user_id: z.optional(z.nullable(z.string())),
  user_email: z.optional(z.nullable(z.string())),
  time_created: z.optional(z.string()),
  time_updated: z.optional(z.string()),
});
export type Credential = z.infer<typeof credentialSchema>;
export const credentialListSchema = z.array(credentialSchema);

/** D7 */
export const attachResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.optional(z.nullable(z.int())),
});
export type AttachResponse = z.infer<typeof attachResponseSchema>;

/** D8: the field the interface leaves unnamed is `new_role`. */
/** D8 step 5: the one refusal that explicit_override never passes. */
export const SELF_DEMOTION_REFUSAL = 'An admin cannot demote themselves from admin role!';

export const setUserRoleRequestSchema = z.object({
  user_email: z.string(),
  new_role: userRoleSchema,
  explicit_override: z._default(z.boolean(), false),
});
export type SetUserRoleRequest = z.input<typeof setUserRoleRequestSchema>;

const versionTagsSchema = z.object({
  app: z.string(),
  relational_db: z.string(),
  index: z.string(),
  proxy: z.string(),
});
export const versionSetSchema = z.object({
  stable: versionTagsSchema,
  dev: versionTagsSchema,
  migration: versionTagsSchema,
});
export type VersionSet = z.infer<typeof versionSetSchema>;

/** D1: the running server's own tag. */
export const backendVersionSchema = z.object({ backend_version: z.string() });

export const VALIDATION_ERROR_TYPES = [
  'missing',
  'string_type',
  'string_too_short',
  'string_too_long',
  'string_pattern_mismatch',
  'int_type',
  'int_parsing',
  'greater_than_equal',
  'bool_type',
  'list_type',
  'dict_type',
  'enum',
  'json_invalid',
  'url_parsing',
  'value_error',
] as const;
export const validationErrorSchema = z.object({
  loc: z.array(z.union([z.string(), z.int()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationError = z.infer<typeof validationErrorSchema>;
export const httpValidationErrorSchema = z.object({ detail: z.array(validationErrorSchema) });

/** D11: every other error body. */
export const errorDetailSchema = z.object({ detail: z.string() });
