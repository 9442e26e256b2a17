// Connector health: each connector–credential pair's status in
// Onyx's words, why it needs attention, and the swap of its credential. The
// rules that decide them live on the server (server/health/attention.ts);
// these are the shapes both sides read.
import * as z from 'zod/mini';
import { connectorSnapshotSchema, credentialSchema } from './answers';
import { pairTestSchema, connectionCheckSchema } from './connectionChecks';
import { PAIR_ACCESS_TYPES } from './groups';
import { issueType } from './answers';
import { jobStatusSchema } from './sync';
import { describeAnswer } from './answerWords';

/** Onyx's ConnectorCredentialPairStatus, the three Sourcedesk can know. */
export const CC_PAIR_STATUSES = ['ACTIVE', 'PAUSED', 'INVALID'] as const;
export const ccPairStatusSchema = z.enum(CC_PAIR_STATUSES);
export type CcPairStatus = z.infer<typeof ccPairStatusSchema>;

/** Why a pair needs someone to look at it. */
export const ATTENTION_REASONS = [
  'last_test_failed',
  'not_tested',
  'paused_long',
  // Sync jobs (D14): the last run failed, a run stopped reporting, runs wait with no worker online.
  'sync_failed',
  'sync_stalled',
  'waiting_for_worker',
] as const;
export const attentionReasonSchema = z.enum(ATTENTION_REASONS);
export type AttentionReason = z.infer<typeof attentionReasonSchema>;

export const attentionSchema = z.object({
  reason: attentionReasonSchema,
  since: z.string(),
  message: z.string(),
});
describeAnswer(attentionSchema, {
  reason:
    '`last_test_failed`, `not_tested` (for more than twice `SOURCEDESK_RETEST_HOURS`) or `paused_long` (paused for more than 30 days).',
  since: 'Since when: an ISO-8601 date-time in UTC.',
  message: 'What needs attention, in words (a failed test names its check).',
});
export type Attention = z.infer<typeof attentionSchema>;

/** One row of GET /manage/admin/connector-status: Onyx's fields, then Sourcedesk's health. */
export const connectorStatusRowSchema = z.object({
  cc_pair_id: z.int(),
  name: z.nullable(z.string()),
  connector: connectorSnapshotSchema,
  credential: credentialSchema,
  access_type: z.enum(PAIR_ACCESS_TYPES),
  groups: z.array(z.int()),
  cc_pair_status: ccPairStatusSchema,
  needs_attention: z.array(attentionSchema),
  last_test: z.nullable(pairTestSchema),
  // D14: what workers reported; each null until a worker started a run of the pair.
  in_progress: z.nullable(z.boolean()),
  last_success: z.nullable(z.string()),
  last_finished_status: z.nullable(jobStatusSchema),
  in_repeated_error_state: z.nullable(z.boolean()),
  docs_indexed: z.nullable(z.int()),
});
describeAnswer(connectorStatusRowSchema, {
  cc_pair_id: 'The connector–credential pair’s id (the same after a credential swap).',
  name: 'The pair’s own name, when it was given one at attach; `null` otherwise.',
  connector: 'The connector, as the connector list shows it.',
  credential: 'The credential, masked as the credential list shows it.',
  access_type: 'Who may find its documents: `public`, `private` (its groups) or `sync`.',
  groups: 'Ids of the user groups of a private pair, ascending.',
  cc_pair_status:
    '`ACTIVE`; `PAUSED` while its connector is paused; `INVALID` when its last connection test failed, or its last 5 runs ended in validation errors.',
  needs_attention: 'Why someone should look at it; empty when nothing needs attention.',
  last_test: 'The pair’s last connection test; `null` when it was never tested.',
  in_progress: 'Whether a worker runs it now; `null` until a worker started a run of it.',
  last_success:
    'When its last successful index run ended; `null` when none did (or no worker reported).',
  last_finished_status: 'How its last finished index run ended; `null` before one.',
  in_repeated_error_state:
    'Whether its last 5 index runs failed (the last 1 when it runs on demand only); `null` until a worker reported.',
  docs_indexed:
    'Documents in its inventory, as its workers reported them; `null` until a worker reported.',
});
export type ConnectorStatusRow = z.infer<typeof connectorStatusRowSchema>;
export const connectorStatusListSchema = z.array(connectorStatusRowSchema);

/** `?needs_attention=true`: only the pairs that need it (`false` or absent: every pair). */
export const connectorStatusQuerySchema = z.object({
  needs_attention: z.optional(
    z.enum(['true', 'false']).check(z.describe('`true` lists only the pairs that need attention.')),
  ),
});

/** Onyx's AccessType in a swap body, any letter case (its clients send lower case). */
const swapAccessTypeSchema = z.pipe(
  z.string().check(
    z.refine((value) => (PAIR_ACCESS_TYPES as readonly string[]).includes(value.toLowerCase()), {
      message: "Input should be 'public', 'private' or 'sync'",
      ...issueType('enum'),
    }),
  ),
  z.transform((value: string) => value.toLowerCase()),
);

const FORCE_WORDS =
  '`true` swaps without testing the new credential first (the activity record says so).';

/** Onyx's PUT /manage/admin/credential/swap body, with Sourcedesk's `old_credential_id` and `force`. */
export const credentialSwapRequestSchema = z.object({
  new_credential_id: z.int().check(z.describe('The credential the pair uses from now on.')),
  connector_id: z.int().check(z.describe('The connector whose pair is changed.')),
  access_type: swapAccessTypeSchema.check(
    z.describe(
      "The pair's access as Onyx's clients send it (`public`, `private`, `sync`); the pair keeps its own access and groups.",
    ),
  ),
  old_credential_id: z
    .optional(z.nullable(z.int()))
    .check(
      z.describe(
        'The credential being replaced: needed when the connector has more than one pair.',
      ),
    ),
  force: z.optional(z.boolean().check(z.describe(FORCE_WORDS))),
});
export type CredentialSwapRequest = z.input<typeof credentialSwapRequestSchema>;
export type CredentialSwap = z.output<typeof credentialSwapRequestSchema>;

/** Replacing one credential on every connector that uses it: all or none. */
export const replaceEverywhereRequestSchema = z.object({
  new_credential_id: z.int().check(z.describe('The credential every pair uses from now on.')),
  force: z.optional(z.boolean().check(z.describe(FORCE_WORDS))),
});
export type ReplaceEverywhereRequest = z.input<typeof replaceEverywhereRequestSchema>;

export const replaceEverywhereResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.array(z.int()),
});
describeAnswer(replaceEverywhereResponseSchema, {
  success: 'Always `true`: a refusal is an error answer and replaces nothing.',
  message: 'What was replaced, in words.',
  data: 'The ids of the pairs whose credential was replaced (each the same as before).',
});

/** A refused swap (400): the words, and each check of the new credential's test when it failed. */
export const swapRefusalSchema = z.object({
  detail: z.string(),
  checks: z.optional(z.array(connectionCheckSchema)),
});

/** Onyx's words. */
export const SWAP_SUCCESS = 'Credential swapped successfully';

/** How a swap refused for its failed test begins (one pair or every connector). */
export const SWAP_TEST_FAILED = 'The new credential failed its connection test';
/** The API's advice after a failed test; the panel offers its own choice instead. */
export const SWAP_FORCE_ADVICE = 'Send "force": true to swap without the test.';
export const sourceMismatch = (credentialSource: string, connectorSource: string) =>
  `New credential source ${credentialSource} does not match connector source ${connectorSource}`;
