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
import { describeAnswer, TIME_CREATED, TIME_UPDATED, USER_ID } from './answerWords';
import { FIELD } from './fieldWords';

// The words of the answers' fields (describeAnswer): what the OpenAPI document says of them.
const connectorWords = {
  id: "The connector's id.",
  name: FIELD.connectorName,
  source: FIELD.source,
  input_type: FIELD.inputType,
  connector_specific_config: FIELD.config,
  refresh_freq: FIELD.refreshFreq,
  prune_freq: FIELD.pruneFreq,
  indexing_start: FIELD.indexingStart,
  credential_ids: 'Ids of the credentials attached to it, ascending; empty for an unfinished one.',
  time_created: TIME_CREATED,
  time_updated: `${TIME_UPDATED} Attaching or detaching a credential does not change it.`,
};

const credentialWords = {
  id: "The credential's id (0 is the built-in empty credential).",
  source: 'The source it is for, such as `jira`.',
  name: 'A name to know it by; `null` when it has none.',
  credential_json:
    'Its values, each secret one masked: 12 dots, or its first and last 4 characters; a few non-secret keys (such as `wiki_base`) as they are.',
  admin_public: 'Whether every admin may use it.',
  curator_public: 'Whether every curator may use it.',
  groups:
    'Ids of the user groups it is shared with: curators of those groups see and change it. An id that names no group is refused (422).',
  user_id: `Who made it: ${USER_ID} \`null\` for the built-in credential.`,
  user_email: "Who made it: the user's e-mail address.",
  time_created: TIME_CREATED,
  time_updated: TIME_UPDATED,
};

const outcomeWords = (data: string) => ({
  success: 'Whether the change was made (`false` when there was nothing to do).',
  message: 'What happened, in words.',
  data,
});

const userWords = {
  id: USER_ID,
  email: "The user's e-mail address.",
  role: 'Their role: `admin`, `curator`, `global_curator`, `basic`, `limited` or `slack_user`.',
  is_active: 'Whether they may sign in: `false` once deactivated.',
};

const versionTagsWords = {
  app: 'The application image: a version tag such as `v1.2.3` (a beta reads `v1.3.0-beta.2`).',
  relational_db: 'The database in use and its version, such as `sqlite:3.53`.',
  index: 'The search index image; `none` here.',
  proxy: 'The proxy image; `none` here.',
};

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
describeAnswer(connectorCreateResponseSchema, {
  id: 'The new connector’s id.',
  credential: 'Always `null`: a credential is attached afterwards.',
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
describeAnswer(connectorSnapshotSchema, connectorWords);
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
describeAnswer(credentialSchema, credentialWords);
export type Credential = z.infer<typeof credentialSchema>;
export const credentialListSchema = z.array(credentialSchema);

export const credentialCreateResponseSchema = z.object({
  id: z.int(),
  credential: credentialSchema,
});
describeAnswer(credentialCreateResponseSchema, {
  id: 'The new credential’s id.',
  credential: 'The credential as saved, its values masked.',
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
describeAnswer(connectorPairSchema, {
  cc_pair_id: 'The pair’s id (`POST /manage/admin/cc-pair/{cc_pair_id}/test` tests it).',
  credential_id: 'The credential of the pair.',
  name: 'The pair’s name, given when the credential was attached; `null` for none.',
  access_type:
    '`public` (everyone with admin rights sees it), `private` (only its groups’ curators and members) or `sync` (seen as public).',
  groups: 'The ids of the user groups the pair belongs to.',
  last_test: 'The pair’s last connection test; `null` when it was never tested.',
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
describeAnswer(connectorDetailSchema, {
  ...connectorWords,
  access_type: 'Who may find its documents: `PUBLIC`, `PRIVATE` or `SYNC`.',
  status: '`ACTIVE` while it runs, `PAUSED` while paused.',
  credentials: 'The credentials attached to it, each masked as the credential list shows it.',
  cc_pairs: 'Its connector–credential pairs, by credential id, each with its last test.',
  can_change:
    'Whether the caller may change it (edit, pause, resume, attach, detach): always for an admin; for a curator when its private pairs are in groups they control, or they made it and its pairs are all public.',
  can_delete:
    'Whether the caller may delete it: as `can_change`, and a connector with a private pair only by an admin.',
});
export type ConnectorDetail = z.infer<typeof connectorDetailSchema>;

/** Onyx's StatusResponse: the answer of a delete or a detach. */
export const statusResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.optional(z.nullable(z.int())),
});
describeAnswer(
  statusResponseSchema,
  outcomeWords(
    'The id of what was deleted; for a detach, the id of the connector–credential pair removed (the connector’s id when there was none).',
  ),
);
export type StatusResponse = z.infer<typeof statusResponseSchema>;

/** The users directory (Onyx's paged shape). */
export const USERS_PAGE_SIZE_MAX = 100;
export const acceptedUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: userRoleSchema,
  is_active: z.boolean(),
});
describeAnswer(acceptedUserSchema, userWords);
export type AcceptedUser = z.infer<typeof acceptedUserSchema>;
/** `GET /me`: who the signed-in key acts as (Onyx's path; the fields the panel needs). */
export const userMembershipSchema = z.object({
  id: z.int(),
  name: z.string(),
  is_curator: z.boolean(),
});
describeAnswer(userMembershipSchema, {
  id: "The group's id.",
  name: "The group's name.",
  is_curator: 'Whether they curate it.',
});
/** `GET /me`: who the signed-in key acts as, and the groups they belong to (D13). */
export const currentUserSchema = z.extend(acceptedUserSchema, {
  groups: z.array(userMembershipSchema),
});
describeAnswer(currentUserSchema, {
  ...userWords,
  groups: 'The user groups they belong to, by name.',
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
describeAnswer(directoryUserSchema, {
  ...userWords,
  groups: 'The user groups they belong to, by name, and whether they curate each.',
});
export type DirectoryUser = z.infer<typeof directoryUserSchema>;
export const acceptedUsersPageSchema = z.object({
  items: z.array(directoryUserSchema),
  total_items: z.int(),
});
describeAnswer(acceptedUsersPageSchema, {
  items: 'The users of this page, by e-mail address.',
  total_items: 'How many users match, on every page together.',
});

/** D7 */
export const attachResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.optional(z.nullable(z.int())),
});
describeAnswer(
  attachResponseSchema,
  outcomeWords(
    'The id of the new connector–credential pair; the connector’s id when the credential was already attached.',
  ),
);

export const versionTagsSchema = z.object({
  app: z.string(),
  relational_db: z.string(),
  index: z.string(),
  proxy: z.string(),
});
describeAnswer(versionTagsSchema, versionTagsWords);
export const versionSetSchema = z.object({
  stable: versionTagsSchema,
  dev: versionTagsSchema,
  migration: versionTagsSchema,
});
describeAnswer(versionSetSchema, {
  stable: 'The tags of the current stable release.',
  dev: 'The tags of the newest development release (such as a beta).',
  migration: 'The tags to use when moving data between versions.',
});
export type VersionSet = z.infer<typeof versionSetSchema>;

/** D1: the running server's own tag. */
export const backendVersionSchema = z.object({ backend_version: z.string() });
describeAnswer(backendVersionSchema, { backend_version: 'The version tag of the running server.' });

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
