// Document sets (docs/api.md, "Document sets"), at Onyx's routes with its
// bodies and words: a named bundle of connector–credential pairs that searches
// and assistants are limited to, public or private to user groups (D13).
import * as z from 'zod/mini';
import { issueType } from './answers';
import { connectorNameSchema } from './contract';
import { GROUP_IDS_MAX } from './groups';
import { boundedList, storableText } from './schemaParts';

export {
  documentSetListSchema,
  documentSetSummarySchema,
  pairSummarySchema,
  type DocumentSetSummary,
  type PairSummary,
} from './documentSetSummary';

/** A set's description: Onyx's field is required; a paragraph at most. */
export const DOCUMENT_SET_DESCRIPTION_MAX = 2000;

/** How many sets a page of the panel's list shows. */
export const DOCUMENT_SETS_PAGE_SIZE = 50;

/** Ids named once each, at most GROUP_IDS_MAX. */
const idList = (words: string) =>
  boundedList(z.int()).check(
    z.maxLength(GROUP_IDS_MAX),
    z.superRefine((list, ctx) => {
      const seen = new Set<number>();
      list.forEach((id, index) => {
        if (seen.has(id)) {
          ctx.addIssue({
            code: 'custom',
            message: `Input should name each id once: ${id} is repeated`,
            path: [index],
            ...issueType('value_error'),
          });
        }
        seen.add(id);
      });
    }),
    z.describe(words),
  );

/**
 * Onyx stores `users` and never reads it: here a set is shared with groups, so
 * a non-empty list is refused rather than kept and ignored.
 */
export const USERS_REFUSAL =
  'Sharing a document set with single users is not supported: share it with user groups (`groups`) instead.';

const usersField = z
  .optional(
    z.nullable(
      boundedList(z.unknown()).check(
        z.refine((list) => list.length === 0, {
          message: USERS_REFUSAL,
          ...issueType('value_error'),
        }),
      ),
    ),
  )
  .check(z.describe('Onyx’s per-user sharing; not supported here: leave it out or send `[]`.'));

const NAME = 'The set’s name, unique among sets.';
const DESCRIPTION = 'What the set holds, in a sentence (may be empty).';
const PAIRS = 'The ids of the connector–credential pairs it holds (at least one).';
const PUBLIC = '`true`: everyone sees it; `false`: only the members of its groups (and admins).';
const GROUPS =
  'The ids of the user groups a private set is shared with; a private set with none is its maker’s.';

const descriptionSchema = storableText.check(z.maxLength(DOCUMENT_SET_DESCRIPTION_MAX));

export const documentSetCreateSchema = z.object({
  name: connectorNameSchema.check(z.describe(NAME)),
  description: descriptionSchema.check(z.describe(DESCRIPTION)),
  cc_pair_ids: idList(PAIRS),
  is_public: z.boolean().check(z.describe(PUBLIC)),
  users: usersField,
  groups: z.optional(idList(GROUPS)),
});
export type DocumentSetCreate = z.output<typeof documentSetCreateSchema>;

/** A full replacement (Onyx's); `name` left out keeps the name. */
export const documentSetUpdateSchema = z.object({
  id: z.int().check(z.describe('The set to change.')),
  name: z.optional(connectorNameSchema.check(z.describe(`${NAME} Left out: unchanged.`))),
  description: descriptionSchema.check(z.describe(DESCRIPTION)),
  cc_pair_ids: idList(`${PAIRS} Replaces them all.`),
  is_public: z.boolean().check(z.describe(PUBLIC)),
  users: usersField,
  groups: z.optional(idList(`${GROUPS} Replaces them all.`)),
});
export type DocumentSetUpdate = z.output<typeof documentSetUpdateSchema>;

/** Onyx's PATCH /admin/user-group/{id}/document-sets: sets given the group, or taken from it. */
export const groupDocumentSetsSchema = z.object({
  added_document_set_ids: idList('The sets to share with the group.'),
  removed_document_set_ids: idList('The sets to stop sharing with the group.'),
});
export type GroupDocumentSets = z.output<typeof groupDocumentSetsSchema>;

export const documentSetListQuerySchema = z.object({
  get_editable: z.optional(
    z
      .enum(['true', 'false'])
      .check(
        z.describe('`true`: only the sets the caller may change; every set they see otherwise.'),
      ),
  ),
});

/** Onyx's words (and this service's where Onyx answers with a database error). */
export const DOCUMENT_SET_REFUSALS = {
  noPairs: 'Cannot create a document set with no connectors',
  notOwnedByGroups: (pairId: number) =>
    `Connector Credential Pair with ID: '${pairId}' is not owned by the specified groups`,
  pairNotAccessible: 'Document set references a connector you do not have access to.',
  sharedDelete: 'Deleting a shared document set is restricted to administrators.',
  duplicate: (name: string) => `Document set with name '${name}' already exists`,
  notFound: (id: number) => `Document set ${id} does not exist`,
} as const;
