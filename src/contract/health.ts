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
