// A document set as it is read (Onyx's DocumentSetSummary), apart from the
// sets' requests so that the group answer (groups.ts) can name it without a cycle.
import * as z from 'zod/mini';
import { PAIR_ACCESS_TYPES } from './pairAccess';

export const pairSummarySchema = z.object({
  id: z.int(),
  name: z.nullable(z.string()),
  source: z.string(),
  access_type: z.enum(PAIR_ACCESS_TYPES),
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
export type DocumentSetSummary = z.infer<typeof documentSetSummarySchema>;
export const documentSetListSchema = z.array(documentSetSummarySchema);
