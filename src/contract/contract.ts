// The interface contract (../shared/spec/interface.txt), with the project's
// decisions (decisions.md, cited as D1…D12). The server validates requests with
// these schemas and the panel parses responses with them, so they cannot drift.
// zod/mini: the same core as classic zod, with functions in place of methods,
// so the panel's entry chunk holds only the parts these schemas use.
import * as z from 'zod/mini';
import { FIELD } from './fieldWords';
import {
  connectorStatusSchema,
  documentSourceSchema,
  inputTypeSchema,
  userRoleSchema,
} from './answers';
import {
  CONNECTOR_NAME_MAX_LENGTH,
  configLimitProblem,
  unkeepableNumbers,
  isJsonObject,
  parseDateTime,
  PRUNE_FREQ_MIN,
  REFRESH_FREQ_MIN,
} from './rules';
import { boundedList, issueType, storableText } from './schemaParts';

// The answers' schemas and the enumerations live in answers.ts.
export * from './answers';
export { FIELD } from './fieldWords';

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
export const connectorNameSchema = storableText.check(
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
  name: connectorNameSchema.check(z.describe(FIELD.connectorName)),
  source: documentSourceSchema.check(z.describe(FIELD.source)),
  input_type: inputTypeSchema.check(z.describe(FIELD.inputType)),
  access_type: z._default(accessTypeSchema, 'PUBLIC').check(z.describe(FIELD.accessType)),
  connector_specific_config: connectorConfigSchema.check(z.describe(FIELD.config)),
  refresh_freq: z.optional(refreshFreqSchema).check(z.describe(FIELD.refreshFreq)),
  prune_freq: z.optional(pruneFreqSchema).check(z.describe(FIELD.pruneFreq)),
  indexing_start: z
    .optional(z.nullable(indexingStartSchema))
    .check(z.describe(FIELD.indexingStart)),
  groups: z.optional(z.nullable(boundedList(z.int()))).check(z.describe(FIELD.groups)),
});
export type ConnectorCreateRequest = z.input<typeof connectorCreateRequestSchema>;
export type ConnectorCreate = z.output<typeof connectorCreateRequestSchema>;

/** D4: the answer to a second connector of one name and source. */
export const DUPLICATE_CONNECTOR_REFUSAL =
  'Connector by this name already exists, duplicate naming not allowed.';

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
  name: z.optional(connectorNameSchema).check(z.describe(FIELD.connectorName)),
  connector_specific_config: z
    .optional(connectorConfigSchema)
    .check(z.describe(`${FIELD.config} Replaces them all.`)),
  refresh_freq: z.optional(refreshFreqSchema).check(z.describe(FIELD.refreshFreq)),
  prune_freq: z.optional(pruneFreqSchema).check(z.describe(FIELD.pruneFreq)),
  access_type: z.optional(accessTypeSchema).check(z.describe(FIELD.accessType)),
  status: z
    .optional(connectorStatusSchema)
    .check(z.describe('`PAUSED` to pause the connector, `ACTIVE` to run it again.')),
  groups: z
    .optional(boundedList(z.int()))
    .check(
      z.describe(
        'Ids of the user groups its credential pairs belong to, replacing theirs: a list with groups makes each pair private to them.',
      ),
    ),
  source: fixedField('source').check(z.describe('Cannot be changed: sending it is refused.')),
  input_type: fixedField('input type').check(
    z.describe('Cannot be changed: sending it is refused.'),
  ),
});
export type ConnectorPatchRequest = z.input<typeof connectorPatchRequestSchema>;
export type ConnectorPatch = z.output<typeof connectorPatchRequestSchema>;

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
const CREDENTIAL_VALUES =
  'The secret values the source needs, such as `jira_user_email` and `jira_api_token` for Jira. Stored encrypted and never shown again.';
export const credentialCreateRequestSchema = z.object({
  name: z
    .optional(z.nullable(connectorNameSchema))
    .check(z.describe('A name to know the credential by.')),
  source: documentSourceSchema.check(z.describe('The source it is for, such as `jira`.')),
  credential_json: credentialValuesSchema.check(z.describe(CREDENTIAL_VALUES)),
  admin_public: z.boolean().check(z.describe('Whether every admin may use it.')),
  curator_public: z
    ._default(z.boolean(), false)
    .check(z.describe('Whether every curator may use it.')),
  groups: z
    ._default(boundedList(z.int()), [])
    .check(
      z.describe(
        'Ids of the user groups it is shared with: curators of those groups see and change it. An id that names no group is refused (422).',
      ),
    ),
});
export type CredentialCreateRequest = z.input<typeof credentialCreateRequestSchema>;
export type CredentialCreate = z.output<typeof credentialCreateRequestSchema>;

/**
 * New values for a stored credential, merged into the stored ones (Onyx's edit
 * merges too): a key sent with a value sets it, a key sent as null removes it
 * (JSON merge patch, RFC 7396), a key not sent keeps its stored value.
 */
export const credentialValueChangesSchema = z.record(
  z.string(),
  z.custom<string | boolean | null>(
    (value) => value === null || typeof value === 'string' || typeof value === 'boolean',
    {
      message: 'Input should be a valid string, or null to remove the value',
      ...issueType('string_type'),
    },
  ),
);

/** A rename, or new values (merged unless replace_credential_json; checked against the credential's source). */
export const credentialPatchRequestSchema = z.object({
  name: z.optional(z.nullable(connectorNameSchema)).check(z.describe('A new name.')),
  credential_json: z
    .optional(credentialValueChangesSchema)
    .check(
      z.describe(
        'New values, merged into the stored ones: a key with a value sets it, a key sent as `null` removes it, a key left out keeps its stored value. The result must still hold the keys the source requires. Stored encrypted and never shown again.',
      ),
    ),
  curator_public: z
    .optional(z.boolean())
    .check(z.describe('Whether every curator may use it; left out, it stays as it is.')),
  groups: z
    .optional(boundedList(z.int()))
    .check(
      z.describe(
        'Ids of the user groups it is shared with, replacing its own; left out, they stay. An id that names no group is refused (422).',
      ),
    ),
  replace_credential_json: z
    ._default(z.boolean(), false)
    .check(
      z.describe(
        '`true`: `credential_json` replaces every stored value (keys left out are removed; `null` is refused). Default `false`: merge.',
      ),
    ),
});
export type CredentialPatchRequest = z.input<typeof credentialPatchRequestSchema>;
export type CredentialPatch = z.output<typeof credentialPatchRequestSchema>;

/** D8 step 5: the one refusal that explicit_override never passes. */
export const SELF_DEMOTION_REFUSAL = 'An admin cannot demote themselves from admin role!';

/** The service always keeps one admin: the last one cannot lose the role. */
export const LAST_ADMIN_REFUSAL =
  'This is the last admin: the role cannot be taken away until another user is admin.';

/** D8: the field the interface leaves unnamed is `new_role`. */
export const setUserRoleRequestSchema = z.object({
  user_email: z.string().check(z.describe('The e-mail address of the user to change.')),
  new_role: userRoleSchema.check(z.describe('The role to give them.')),
  explicit_override: z
    ._default(z.boolean(), false)
    .check(
      z.describe(
        'Make a change the role rules refuse (such as setting `curator` directly); never a demotion of yourself.',
      ),
    ),
});
export type SetUserRoleRequest = z.input<typeof setUserRoleRequestSchema>;

/** A body's JSON Schema, read field by field by the API reference (api-reference/schemaFields.ts). */
const mediaSchema = z.object({ schema: z.optional(z.record(z.string(), z.unknown())) });

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
  requestBody: z.optional(z.object({ content: z.optional(z.record(z.string(), mediaSchema)) })),
  responses: z.record(
    z.string(),
    z.object({
      description: z.string(),
      content: z.optional(z.record(z.string(), mediaSchema)),
    }),
  ),
});
export const apiDocumentSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), apiOperationSchema)),
});
export type ApiDocument = z.infer<typeof apiDocumentSchema>;
