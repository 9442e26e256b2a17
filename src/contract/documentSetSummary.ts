// A document set as it is read (Onyx's DocumentSetSummary), apart from the
// sets' requests so that the group answer (groups.ts) can name it without a cycle.
import * as z from 'zod/mini';
import { PAIR_ACCESS_TYPES } from './pairAccess';
import { describeAnswer } from './answerWords';

export const pairSummarySchema = z.object({
  id: z.int(),
  name: z.nullable(z.string()),
  source: z.string(),
  access_type: z.enum(PAIR_ACCESS_TYPES),
});
describeAnswer(pairSummarySchema, {
  id: "The pair's id.",
  name: "The pair's name, or its connector's when it has none.",
  source: 'Its source, such as `jira`.',
  access_type: '`public`, `private` (to its groups) or `sync`.',
});
export type PairSummary = z.infer<typeof pairSummarySchema>;

export const documentSetSummarySchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  cc_pair_summaries: z.array(pairSummarySchema),
  is_up_to_date: z.boolean(),
  is_public: z.boolean(),
  users: z.array(z.string()),
  groups: z.array(z.int()),
  /** Documents its pairs' workers reported (D14); null while none has. */
  document_count: z.nullable(z.int()),
  /** Whether the caller may change it (D13): the panel lists these first. */
  is_editable: z.boolean(),
});
describeAnswer(documentSetSummarySchema, {
  id: "The set's id.",
  name: "The set's name, unique among sets.",
  description: 'What the set holds, in words.',
  cc_pair_summaries:
    'The connector–credential pairs it holds (those the caller may see); empty when every pair was detached or deleted.',
  is_up_to_date: 'Always `true`: Sourcedesk keeps no index, so a set applies once saved.',
  is_public: '`true`: everyone sees it; `false`: the members of its groups (and admins).',
  users: 'Always empty: sharing with single users is not supported.',
  groups: 'The ids of the user groups it is shared with.',
  document_count:
    'The documents its pairs hold as workers reported them; `null` while none is reported.',
  is_editable: 'Whether the caller may change it.',
});
export type DocumentSetSummary = z.infer<typeof documentSetSummarySchema>;
export const documentSetListSchema = z.array(documentSetSummarySchema);
