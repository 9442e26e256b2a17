// Configuration as code (docs/configuration-as-code.md): the bundle
// GET /admin/export answers and POST /admin/import reads, and the plan an
// import answers. A bundle names things by what survives a move between
// instances (a connector's `ref`, a user's e-mail, a group's name), never by
// id, and holds no secret: a credential's values are keys with null values
// unless whoever imports fills them in.
import * as z from 'zod/mini';
import { documentSourceSchema, userRoleSchema } from './answers';
import { connectorCreateRequestSchema } from './contract';
import { PAIR_ACCESS_TYPES } from './groups';
import { REF_MAX } from './refs';
import { boundedList, issueType, personAddressSchema, storableText } from './schemaParts';

/** The bundle format this server writes and reads. */
export const CONFIG_FORMAT_VERSION = 1;

/** An import's body may be this large (other bodies: 1 MiB, D11): 10,000 connectors fit. */
export const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;

/** The parts of a bundle, in the order they are applied. */
export const BUNDLE_SECTIONS = [
  'users',
  'invitations',
  'user_groups',
  'credentials',
  'connectors',
  'pairs',
  'document_sets',
  'alerts',
] as const;
export type BundleSection = (typeof BUNDLE_SECTIONS)[number];

/** Refused in words: the format a bundle says it is in, when this server cannot read it. */
export function formatVersionProblem(version: number): string | null {
  if (version > CONFIG_FORMAT_VERSION) {
    return `This bundle was made by a newer Sourcedesk (format ${version}); this server reads format ${CONFIG_FORMAT_VERSION}. Update this server first.`;
  }
  if (version < 1) {
    return `Format ${version} was never written by Sourcedesk; this server reads format ${CONFIG_FORMAT_VERSION}.`;
  }
  return null;
}

const refSchema = storableText.check(
  z.minLength(1),
  z.maxLength(REF_MAX),
  z.describe('The name the bundle knows it by: kept through renames, unique in its section.'),
);

/** A secret named by the environment variable the command reads it from. */
export const envSecretSchema = z.object({ env: z.string().check(z.minLength(1)) });
export const isEnvSecret = (value: unknown): value is { env: string } =>
  envSecretSchema.safeParse(value).success;

/** A credential value in a bundle: null (to be supplied), a value, or `{"env": NAME}`. */
const bundleSecretSchema = z.custom<string | boolean | null | { env: string }>(
  (value) =>
    value === null || typeof value === 'string' || typeof value === 'boolean' || isEnvSecret(value),
  {
    message: 'Input should be null, a string, true or false, or {"env": "NAME"}',
    ...issueType('value_error'),
  },
);

const nameList = boundedList(storableText);
const d = <S extends z.ZodMiniType>(schema: S, words: string): S =>
  schema.check(z.describe(words)) as S;

export const bundleConnectorSchema = z.extend(
  z.omit(connectorCreateRequestSchema, { groups: true }),
  {
    ref: refSchema,
    paused: d(z._default(z.boolean(), false), 'Whether it is paused.'),
  },
);
export type BundleConnector = z.output<typeof bundleConnectorSchema>;

export const bundleCredentialSchema = z.object({
  ref: refSchema,
  name: d(z.nullable(storableText), 'A name to know it by; `null` when it has none.'),
  source: d(documentSourceSchema, 'The source it is for, such as `jira`.'),
  admin_public: d(z._default(z.boolean(), true), 'Whether every admin may use it.'),
  curator_public: d(z._default(z.boolean(), false), 'Whether every curator may use it.'),
  groups: d(z._default(nameList, []), 'Names of the user groups it is shared with.'),
  made_by: d(
    z._default(z.nullable(personAddressSchema), null),
    'The e-mail address of the person who made it; `null` when unknown. An import keeps it when that person is here or in the bundle (otherwise the importing admin made it).',
  ),
  credential_json: d(
    z.record(z.string(), bundleSecretSchema),
    'Every key its values have. An export gives the values its source does not hold secret (an account e-mail, an address) and `null` for each secret; an import takes a value, `null` (keep the value held here, or ask for it), or `{"env": "NAME"}` for the command to read from the environment.',
  ),
});
export type BundleCredential = z.output<typeof bundleCredentialSchema>;

export const bundlePairSchema = z.object({
  connector: d(refSchema, 'The connector’s ref.'),
  credential: d(
    z.nullable(refSchema),
    'The credential’s ref; `null` for the built-in empty credential (sources that need none).',
  ),
  access_type: d(
    z._default(z.enum(PAIR_ACCESS_TYPES), 'public'),
    '`public` (default), `private` (to its groups) or `sync`.',
  ),
  groups: d(z._default(nameList, []), 'Names of the user groups a private pair is for.'),
});
export type BundlePair = z.output<typeof bundlePairSchema>;

export const bundleDocumentSetSchema = z.object({
  name: d(storableText.check(z.minLength(1)), 'The set’s name, unique among sets.'),
  description: d(z._default(storableText, ''), 'What the set holds, in words.'),
  is_public: d(z._default(z.boolean(), true), 'Whether everyone sees it (`false`: its groups).'),
  groups: d(z._default(nameList, []), 'Names of the user groups it is shared with.'),
  pairs: d(
    z._default(
      z.array(
        z.object({
          connector: d(refSchema, 'The connector’s ref.'),
          credential: d(z.nullable(refSchema), 'The credential’s ref; `null` for the empty one.'),
        }),
      ),
      [],
    ),
    'The pairs it holds, by their connector’s and credential’s refs.',
  ),
});
export type BundleDocumentSet = z.output<typeof bundleDocumentSetSchema>;

export const bundleUserSchema = z.object({
  email: d(personAddressSchema, 'Their e-mail address (letter case ignored when matched).'),
  role: d(z._default(userRoleSchema, 'basic'), 'Their role; `basic` unless said.'),
  active: d(z._default(z.boolean(), true), 'Whether they may sign in.'),
});
export type BundleUser = z.output<typeof bundleUserSchema>;

export const bundleInvitationSchema = z.object({
  email: d(personAddressSchema, 'An address invited that is not a user yet.'),
});

export const bundleGroupSchema = z.object({
  name: d(storableText.check(z.minLength(1)), 'The group’s name, unique among groups.'),
  members: d(z._default(boundedList(personAddressSchema), []), 'Its members, by e-mail address.'),
  curators: d(
    z._default(boundedList(personAddressSchema), []),
    'The members who curate it, by e-mail address.',
  ),
});
export type BundleGroup = z.output<typeof bundleGroupSchema>;

export const bundleAlertsSchema = z.object({
  webhook_origin: d(
    z._default(z.nullable(storableText), null),
    'The alert webhook’s scheme and host, such as `https://hooks.slack.com` (not secret); `null` when the panel sets none.',
  ),
  webhook_url: d(
    z._default(bundleSecretSchema, null),
    'The whole address: `null` in an export (its path is the webhook’s password). An import takes the address, `{"env": "NAME"}` for the command, or `null` (keep the one held here at that origin).',
  ),
});
export type BundleAlerts = z.output<typeof bundleAlertsSchema>;

const pruneSchema = z.partialRecord(z.enum(BUNDLE_SECTIONS), z.boolean());

// z.array, not boundedList: the items' defaults and transforms (a trimmed
// name, an upper-case access type) must reach the bundle the import reads.
export const configBundleSchema = z.object({
  format_version: d(z.int(), 'The bundle format; this server reads 1.'),
  app_version: d(z.optional(z.string()), 'The version of the server that exported it.'),
  exported_at: d(z.optional(z.string()), 'When it was exported (ISO-8601, UTC).'),
  users: d(z._default(z.array(bundleUserSchema), []), 'Users, by e-mail (never their keys).'),
  invitations: d(z._default(z.array(bundleInvitationSchema), []), 'Open invitations.'),
  user_groups: d(
    z._default(z.array(bundleGroupSchema), []),
    'User groups with their members and curators, by name.',
  ),
  credentials: d(
    z._default(z.array(bundleCredentialSchema), []),
    'Credentials by ref, their values’ keys only (the built-in empty one is not listed).',
  ),
  connectors: d(
    z._default(z.array(bundleConnectorSchema), []),
    'Connectors by ref, with every field their creation takes.',
  ),
  pairs: d(
    z._default(z.array(bundlePairSchema), []),
    'Which credential is attached to which connector, and who may see it.',
  ),
  document_sets: d(
    z._default(z.array(bundleDocumentSetSchema), []),
    'Document sets by name, with their pairs by connector and credential refs.',
  ),
  alerts: d(
    z.optional(bundleAlertsSchema),
    'The alert settings (docs/operations.md, "Alerts"), without the webhook address’s secret part.',
  ),
  prune: d(
    z.optional(pruneSchema),
    'Sections whose things not in the bundle are removed (users: deactivated), such as `{"pairs": true}`. Nothing is removed otherwise.',
  ),
});
export type ConfigBundle = z.output<typeof configBundleSchema>;
export type ConfigBundleInput = z.input<typeof configBundleSchema>;

export const importQuerySchema = z.object({
  dry_run: z.optional(
    z.enum(['true', 'false']).check(z.describe('`true`: answer the plan and change nothing.')),
  ),
});
export const exportQuerySchema = z.object({
  format: z.optional(
    z.enum(['json', 'yaml']).check(z.describe('`yaml` for YAML; JSON unless asked.')),
  ),
});

const planItemSchema = z.object({
  section: d(z.enum(BUNDLE_SECTIONS), 'The part of the bundle: `connectors`, `users`, …'),
  ref: d(z.string(), 'Its ref, e-mail or name (a pair: `connector/credential`, `-` for none).'),
});
const reasonedItemSchema = z.extend(planItemSchema, { reason: d(z.string(), 'Why, in words.') });

/** What an import does (or, on a dry run, would do). */
export const importPlanSchema = z.object({
  create: d(z.array(planItemSchema), 'What is made.'),
  update: d(
    z.array(
      z.extend(planItemSchema, {
        fields: d(
          z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
          'Each changed field as [before, after]; secrets masked.',
        ),
      }),
    ),
    'What is changed.',
  ),
  remove: d(z.array(planItemSchema), 'What is removed (only in sections the bundle prunes).'),
  unchanged: d(z.int(), 'How many things the bundle names are already as it says.'),
  needs_secret: d(
    z.array(
      z.object({
        ref: d(z.string(), 'The credential’s ref.'),
        source: d(documentSourceSchema, 'Its source.'),
        keys: d(z.array(z.string()), 'The values its source requires, to supply.'),
        optional: d(
          z.array(z.string()),
          'Its keys the source does not require, left null: the credential is made without them.',
        ),
      }),
    ),
    'Credentials not here whose values the bundle does not give: not made, their pairs skipped.',
  ),
  skipped: d(z.array(reasonedItemSchema), 'What is left out, and why.'),
  conflicts: d(
    z.array(reasonedItemSchema),
    'What stops the import: while there is one, nothing is applied (409).',
  ),
  applied: d(
    z.boolean(),
    'Whether the changes were made (`false` on a dry run or with nothing to do).',
  ),
});
export type ImportPlan = z.infer<typeof importPlanSchema>;

/** How a plan's items are counted in its activity record and by the command. */
export const planCounts = (plan: ImportPlan) => ({
  create: plan.create.length,
  update: plan.update.length,
  remove: plan.remove.length,
  unchanged: plan.unchanged,
  needs_secret: plan.needs_secret.length,
  skipped: plan.skipped.length,
  conflicts: plan.conflicts.length,
});

/** Nothing to do: the server already holds what the bundle says. */
export const planIsEmpty = (plan: ImportPlan) =>
  plan.create.length + plan.update.length + plan.remove.length === 0;
