// The interface contract (../shared/spec/interface.txt), with the project's
// decisions (decisions.md, cited as D1…D12). The server validates requests with
// these schemas and the panel parses responses with them, so they cannot drift.
// zod/mini: the same core as classic zod, with functions in place of methods,
// so the panel's entry chunk holds only the parts these schemas use.
import * as z from 'zod/mini';
import {
  CONNECTOR_NAME_MAX_LENGTH,
  configLimitProblem,
  hasUnstorableText,
  unkeepableNumbers,
  isJsonObject,
  parseDateTime,
  PRUNE_FREQ_MIN,
  REFRESH_FREQ_MIN,
} from './contractRules';
import { boundedList, issueType } from './schemaParts';

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

// A custom check rather than z.record: the config is checked as the very object
// that was sent, so a key named __proto__ cannot slip past the limits (D4).
const connectorConfigSchema = z
  .custom<Record<string, unknown>>(isJsonObject, {
    message: 'Input should be a valid dictionary',
    ...issueType('dict_type'),
  })
  .check(
    z.superRefine((config, ctx) => {
      if (!isJsonObject(config)) return;
      const problem = configLimitProblem(config);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem, ...issueType('value_error') });
        return;
      }
      for (const { path, problem: words } of unkeepableNumbers(config)) {
        ctx.addIssue({ code: 'custom', message: words, path, ...issueType('value_error') });
      }
    }),
  );

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

/** D4: the name, trimmed, 1–200 characters, whole UTF-16 text. */
const connectorNameSchema = z.string().check(
  z.refine((value) => !hasUnstorableText(value), {
    message:
      'Input should be a valid string: it holds a NUL character or half of a UTF-16 surrogate pair, which cannot be stored as sent',
    ...issueType('string_type'),
    abort: true,
  }),
  z.trim(),
  z.minLength(1),
  z.maxLength(CONNECTOR_NAME_MAX_LENGTH),
);

/** D4: PUBLIC, PRIVATE or SYNC in any letter case, stored upper. */
const accessTypeSchema = z.pipe(
  z.string().check(
    z.refine((value) => (ACCESS_TYPES as readonly string[]).includes(value.toUpperCase()), {
      message: "Input should be 'PUBLIC', 'PRIVATE' or 'SYNC'",
      ...issueType('enum'),
    }),
  ),
  z.transform((value: string) => value.toUpperCase()),
);

const refreshFreqSchema = z.nullable(z.int().check(z.gte(REFRESH_FREQ_MIN)));
const pruneFreqSchema = z.nullable(z.int().check(z.gte(PRUNE_FREQ_MIN)));

export const connectorCreateRequestSchema = z.object({
  name: connectorNameSchema,
  source: documentSourceSchema,
  input_type: inputTypeSchema,
  access_type: z._default(accessTypeSchema, 'PUBLIC'),
  connector_specific_config: connectorConfigSchema,
  refresh_freq: z.optional(refreshFreqSchema),
  prune_freq: z.optional(pruneFreqSchema),
  indexing_start: z.optional(z.nullable(indexingStartSchema)),
  groups: z.optional(z.nullable(boundedList(z.int()))),
});
export type ConnectorCreateRequest = z.input<typeof connectorCreateRequestSchema>;
export type ConnectorCreate = z.output<typeof connectorCreateRequestSchema>;

/** D4: the answer to a second connector of one name and source. */
export const DUPLICATE_CONNECTOR_REFUSAL =
  'Connector by this name already exists, duplicate naming not allowed.';

const CONNECTOR_STATUSES = ['ACTIVE', 'PAUSED'] as const;
export const connectorStatusSchema = z.enum(CONNECTOR_STATUSES);
export type ConnectorStatus = z.infer<typeof connectorStatusSchema>;

/** Fields a connector's source and input type fix for good: a change is refused (422). */
const fixedField = (what: string) =>
  z.optional(
    z.custom<never>(() => false, {
      message: `The ${what} of a connector cannot be changed: make a new connector instead`,
      ...issueType('value_error'),
    }),
  );

/** A change to a connector: any of these, checked by the same rules as at creation (D4). */
export const connectorPatchRequestSchema = z.object({
  name: z.optional(connectorNameSchema),
  connector_specific_config: z.optional(connectorConfigSchema),
  refresh_freq: z.optional(refreshFreqSchema),
  prune_freq: z.optional(pruneFreqSchema),
  access_type: z.optional(accessTypeSchema),
  status: z.optional(connectorStatusSchema),
  source: fixedField('source'),
  input_type: fixedField('input type'),
});
export type ConnectorPatchRequest = z.input<typeof connectorPatchRequestSchema>;
export type ConnectorPatch = z.output<typeof connectorPatchRequestSchema>;

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

/** One connector, opened: the D5 snapshot, its status and access, its credentials masked (D6). */
export const connectorDetailSchema = z.extend(connectorSnapshotSchema, {
  access_type: z.string(),
  status: connectorStatusSchema,
  credentials: z.array(credentialSchema),
});
export type ConnectorDetail = z.infer<typeof connectorDetailSchema>;

/** Whether each listed connector (D5's set, by id) is running or paused: the list's companion. */
export const connectorStatusListSchema = z.array(
  z.object({ id: z.int(), status: connectorStatusSchema }),
);
export type ConnectorStatusList = z.infer<typeof connectorStatusListSchema>;

/**
 * A credential's values: a flat object of strings (and yes/no switches such as
 * Salesforce's `is_sandbox`), with the keys its source needs (sources/catalogue).
 */
export const credentialValuesSchema = z.record(
  z.string(),
  z.custom<string | boolean>((value) => typeof value === 'string' || typeof value === 'boolean', {
    message: 'Input should be a valid string',
    ...issueType('string_type'),
  }),
);

/** The creation body, Onyx's CredentialBase; its values are checked by source (sources/catalogue). */
export const credentialCreateRequestSchema = z.object({
  name: z.optional(z.nullable(connectorNameSchema)),
  source: documentSourceSchema,
  credential_json: credentialValuesSchema,
  admin_public: z.boolean(),
  curator_public: z._default(z.boolean(), false),
  groups: z._default(boundedList(z.int()), []),
});
export type CredentialCreateRequest = z.input<typeof credentialCreateRequestSchema>;
export type CredentialCreate = z.output<typeof credentialCreateRequestSchema>;

export const credentialCreateResponseSchema = z.object({
  id: z.int(),
  credential: credentialSchema,
});

/** A rename, or new values (replacing all of them; checked against the credential's source). */
export const credentialPatchRequestSchema = z.object({
  name: z.optional(z.nullable(connectorNameSchema)),
  credential_json: z.optional(credentialValuesSchema),
});
export type CredentialPatchRequest = z.input<typeof credentialPatchRequestSchema>;

/** Onyx's StatusResponse: the answer of a delete or a detach. */
export const statusResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.optional(z.nullable(z.int())),
});
export type StatusResponse = z.infer<typeof statusResponseSchema>;

/** The users directory (Onyx's paged shape). */
export const USERS_PAGE_SIZE_MAX = 100;
const acceptedUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: userRoleSchema,
  is_active: z.boolean(),
});
export type AcceptedUser = z.infer<typeof acceptedUserSchema>;
/** `GET /me`: who the signed-in key acts as (Onyx's path; the fields the panel needs). */
export const currentUserSchema = acceptedUserSchema;
export type CurrentUser = AcceptedUser;
/** Who may open the users page and change roles (D8). */
export const USER_ADMIN_ROLES: readonly UserRole[] = ['admin'];
export const acceptedUsersPageSchema = z.object({
  items: z.array(acceptedUserSchema),
  total_items: z.int(),
});

/** D7 */
export const attachResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.optional(z.nullable(z.int())),
});

/** D8 step 5: the one refusal that explicit_override never passes. */
export const SELF_DEMOTION_REFUSAL = 'An admin cannot demote themselves from admin role!';

/** The service always keeps one admin: the last one cannot lose the role. */
export const LAST_ADMIN_REFUSAL =
  'This is the last admin: the role cannot be taken away until another user is admin.';

/** D8: the field the interface leaves unnamed is `new_role`. */
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

/** GET /openapi.json: the parts of the OpenAPI description the panel's API reference shows. */
const apiOperationSchema = z.object({
  summary: z.string(),
  description: z.optional(z.string()),
  parameters: z.optional(
    z.array(
      z.object({
        name: z.string(),
        in: z.string(),
        required: z.optional(z.boolean()),
        description: z.optional(z.string()),
      }),
    ),
  ),
  requestBody: z.optional(z.object({})),
  responses: z.record(z.string(), z.object({ description: z.string() })),
});
export const apiDocumentSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), apiOperationSchema)),
});
export type ApiDocument = z.infer<typeof apiDocumentSchema>;
