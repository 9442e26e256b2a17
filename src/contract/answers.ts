// The contract's answers: the enumerations and the schemas of what the server
// sends back, which the panel parses (a wrong server is caught here). Split
// from contract.ts so the connectors list's path loads only these (so
// its zod/mini stays small); contract.ts re-exports every name, so the server
// and the rest of the panel import from there as before. One home each: a
// schema lives here or in contract.ts, never in both.
import * as z from 'zod/mini';
import { isJsonObject } from './rules';
import { pairTestSchema } from './connectionChecks';
import { PAIR_ACCESS_TYPES } from './pairAccess';
import { USER_ROLES } from './roles';

// The roles and who may do what live apart, without zod (the list's path reads them).
export {
  CURATOR_OR_ADMIN_ROLES,
  ROLE_MEANINGS,
  USER_ADMIN_ROLES,
  USER_ROLES,
  type UserRole,
} from './roles';

/** A custom issue carries the validation type name of D3 in its params. */
export const issueType = (type: string) => ({ params: { type } });

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

export const userRoleSchema = z.enum(USER_ROLES);

const CONNECTOR_STATUSES = ['ACTIVE', 'PAUSED'] as const;
export const connectorStatusSchema = z.enum(CONNECTOR_STATUSES);
export type ConnectorStatus = z.infer<typeof connectorStatusSchema>;

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

export const credentialCreateResponseSchema = z.object({
  id: z.int(),
  credential: credentialSchema,
});

/** One of a connector's pairs with a credential, and its last connection test (null: never tested). */
export const connectorPairSchema = z.object({
  cc_pair_id: z.int(),
  credential_id: z.int(),
  name: z.nullable(z.string()),
  access_type: z.enum(PAIR_ACCESS_TYPES),
  groups: z.array(z.int()),
  last_test: z.nullable(pairTestSchema),
});
export type ConnectorPair = z.infer<typeof connectorPairSchema>;

/** One connector, opened: the D5 snapshot, its status and access, its credentials masked (D6), its pairs. */
export const connectorDetailSchema = z.extend(connectorSnapshotSchema, {
  access_type: z.string(),
  status: connectorStatusSchema,
  credentials: z.array(credentialSchema),
  cc_pairs: z.array(connectorPairSchema),
  /** The caller's rights on it (D13), so the panel offers no button that ends in a 403. */
  can_change: z.boolean(),
  can_delete: z.boolean(),
});
export type ConnectorDetail = z.infer<typeof connectorDetailSchema>;

/** Onyx's StatusResponse: the answer of a delete or a detach. */
export const statusResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.optional(z.nullable(z.int())),
});
export type StatusResponse = z.infer<typeof statusResponseSchema>;

/** The users directory (Onyx's paged shape). */
export const USERS_PAGE_SIZE_MAX = 100;
export const acceptedUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: userRoleSchema,
  is_active: z.boolean(),
});
export type AcceptedUser = z.infer<typeof acceptedUserSchema>;
/** `GET /me`: who the signed-in key acts as (Onyx's path; the fields the panel needs). */
export const userMembershipSchema = z.object({
  id: z.int(),
  name: z.string(),
  is_curator: z.boolean(),
});
/** `GET /me`: who the signed-in key acts as, and the groups they belong to (D13). */
export const currentUserSchema = z.extend(acceptedUserSchema, {
  groups: z.array(userMembershipSchema),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
/**
 * A person of the directory's page, with their groups (D13: the directory is an
 * admin's, so every group): the page names them, so the panel need not read
 * every group in full to show them.
 */
export const directoryUserSchema = z.extend(acceptedUserSchema, {
  groups: z.array(userMembershipSchema),
});
export type DirectoryUser = z.infer<typeof directoryUserSchema>;
export const acceptedUsersPageSchema = z.object({
  items: z.array(directoryUserSchema),
  total_items: z.int(),
});

/** D7 */
export const attachResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.optional(z.nullable(z.int())),
});

export const versionTagsSchema = z.object({
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
