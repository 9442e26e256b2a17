// The interface contract (../shared/spec/interface.txt), with the project's
// decisions (decisions.md, cited as D1…D12). The server validates requests with
// these schemas and the panel parses responses with them, so they cannot drift.
// zod/mini: the same core as classic zod, with functions in place of methods,
// so the panel's entry chunk holds only the parts these schemas use.
import * as z from 'zod/mini';
import {
  connectorStatusSchema,
  documentSourceSchema,
  inputTypeSchema,
  userRoleSchema,
} from './contractAnswers';
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

// The answers' schemas and the enumerations live in contractAnswers.ts.
export * from './contractAnswers';

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

/** A rename, or new values (replacing all of them; checked against the credential's source). */
export const credentialPatchRequestSchema = z.object({
  name: z.optional(z.nullable(connectorNameSchema)),
  credential_json: z.optional(credentialValuesSchema),
});
export type CredentialPatchRequest = z.input<typeof credentialPatchRequestSchema>;

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
