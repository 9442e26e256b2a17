// User groups (D13), in Onyx's routes, bodies and words: a group has members,
// among them its curators, and the connector–credential pairs it may see. A
// curator administers the groups they curate; a global curator the groups they
// are a member of; an admin every group.
import * as z from 'zod/mini';
import { issueType } from './answers';
import { connectorNameSchema } from './contract';
import { documentSetSummarySchema } from './documentSetSummary';
import { PAIR_ACCESS_TYPES } from './pairAccess';
import { boundedList } from './schemaParts';

/** The most ids one body may name: more is refused before anything is looked up. */
export const GROUP_IDS_MAX = 10_000;

/** A user id: the UUID text the directory shows (D6). */
const userIdSchema = z.string().check(
  z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
    message: 'Input should be a valid UUID',
    ...issueType('value_error'),
  }),
);

/** Ids named once each, at most GROUP_IDS_MAX: a repeat is a mistake worth saying. */
const idList = <T extends z.ZodMiniType<string | number>>(item: T) =>
  boundedList(item).check(
    z.maxLength(GROUP_IDS_MAX),
    z.superRefine((list, ctx) => {
      const seen = new Set<unknown>();
      list.forEach((id, index) => {
        if (seen.has(id)) {
          ctx.addIssue({
            code: 'custom',
            message: `Input should name each id once: ${String(id)} is repeated`,
            path: [index],
            ...issueType('value_error'),
          });
        }
        seen.add(id);
      });
    }),
  );

const USER_IDS =
  'The ids of the users who are its members (user ids, as the directory lists them).';
const PAIR_IDS = 'The ids of the connector–credential pairs it may see and administer.';

export const userGroupCreateSchema = z.object({
  name: connectorNameSchema.check(z.describe('The group’s name, unique among groups.')),
  user_ids: idList(userIdSchema).check(z.describe(USER_IDS)),
  cc_pair_ids: idList(z.int()).check(z.describe(PAIR_IDS)),
});
export type UserGroupCreate = z.output<typeof userGroupCreateSchema>;

/** D13: a full replacement of members and pairs. */
export const userGroupUpdateSchema = z.object({
  user_ids: idList(userIdSchema).check(z.describe(`${USER_IDS} Replaces them all.`)),
  cc_pair_ids: idList(z.int()).check(z.describe(`${PAIR_IDS} Replaces them all.`)),
});
export type UserGroupUpdate = z.output<typeof userGroupUpdateSchema>;

export const addUsersToGroupSchema = z.object({
  user_ids: idList(userIdSchema).check(z.describe('The ids of the users to add as members.')),
});

export const setCuratorSchema = z.object({
  user_id: userIdSchema.check(z.describe('The member to make (or stop being) a curator.')),
  is_curator: z.boolean().check(z.describe('`true` to make them a curator, `false` to stop.')),
});
export type SetCuratorRequest = z.output<typeof setCuratorSchema>;

export { PAIR_ACCESS_TYPES, type PairAccessType } from './pairAccess';
import { describeAnswer, USER_ID } from './answerWords';

export const groupMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  role: z.string(),
});
describeAnswer(groupMemberSchema, {
  id: USER_ID,
  email: 'Their e-mail address.',
  is_active: '`false` for a deactivated user.',
  role: 'Their role; a curator of any group is `curator`.',
});

export const groupPairPartSchema = z.object({
  id: z.int(),
  name: z.nullable(z.string()),
  source: z.string(),
});
describeAnswer(groupPairPartSchema, {
  id: 'Its id.',
  name: 'Its name; `null` when it has none.',
  source: 'Its source, such as `jira`.',
});

export const groupPairSchema = z.object({
  id: z.int(),
  name: z.nullable(z.string()),
  connector: groupPairPartSchema,
  credential: groupPairPartSchema,
  access_type: z.enum(PAIR_ACCESS_TYPES),
});
describeAnswer(groupPairSchema, {
  id: "The pair's id.",
  name: "The pair's own name; `null` when it has none.",
  connector: 'Its connector.',
  credential: 'Its credential (no values).',
  access_type: '`public` (every admin and curator sees it), `private` (its groups only) or `sync`.',
});

export const userGroupSchema = z.object({
  id: z.int(),
  name: z.string(),
  users: z.array(groupMemberSchema),
  curator_ids: z.array(z.string()),
  cc_pairs: z.array(groupPairSchema),
  document_sets: z.array(documentSetSummarySchema),
  personas: z.array(z.unknown()),
  is_up_to_date: z.boolean(),
  is_up_for_deletion: z.boolean(),
});
describeAnswer(userGroupSchema, {
  id: "The group's id.",
  name: "The group's name, unique among groups.",
  users: 'Its members, by e-mail address.',
  curator_ids: 'The ids of the members who curate it.',
  cc_pairs: 'The connector–credential pairs it may see.',
  document_sets: 'The document sets shared with it, as `GET /manage/document-set` tells them.',
  personas: 'Always empty: Sourcedesk has no assistants.',
  is_up_to_date: 'Always `true`: there is no index to bring up to date.',
  is_up_for_deletion: 'Always `false`: a deleted group is gone at once.',
});
export type UserGroup = z.infer<typeof userGroupSchema>;
export const userGroupListSchema = z.array(userGroupSchema);

/** The most groups one page of the groups' list holds. */
export const GROUP_PAGE_SIZE_MAX = 100;

/** One page of the groups the caller controls, and how many match in all. */
export const userGroupPageSchema = z.object({
  items: z.array(userGroupSchema).check(z.describe('This page’s groups, by name.')),
  total_items: z.int().check(z.describe('How many groups match, on every page.')),
});
export type UserGroupPage = z.infer<typeof userGroupPageSchema>;

export const minimalUserGroupSchema = z.object({ id: z.int(), name: z.string() });
describeAnswer(minimalUserGroupSchema, { id: "The group's id.", name: "The group's name." });
export const minimalUserGroupListSchema = z.array(minimalUserGroupSchema);

/** A group name as people compare it: letter case aside ("Engineering" is "engineering"). */
export const groupNameKey = (name: string) => name.toLocaleLowerCase('en');

/** Onyx's words for a group name already taken. */
export const duplicateGroupRefusal = (name: string) =>
  `User group with name '${name}' already exists. Please choose a different name.`;

/** D13's words (Onyx's) for groups a caller may not choose for what they make or change. */
export const GROUP_CHOICE_REFUSALS = {
  noGroup: 'Curators must specify 1+ groups',
  notControlled: "Curators cannot control groups they don't curate",
  publicByBasic: 'User does not have permission to create public objects',
} as const;

/** D7, D13: the optional body of an attach, Onyx's pair metadata; other fields are ignored. */
export const attachRequestSchema = z.object({
  name: z.optional(z.nullable(z.string())).check(z.describe('A name for the pair.')),
  access_type: z
    .optional(z.enum(PAIR_ACCESS_TYPES))
    .check(
      z.describe(
        '`public` (the default: everyone with admin rights sees it), `private` (only its groups) or `sync`.',
      ),
    ),
  groups: z
    .optional(z.array(z.int()))
    .check(z.describe('Ids of the user groups a private pair belongs to.')),
});
export type AttachRequest = z.output<typeof attachRequestSchema>;

/** Onyx's words for set-curator's refusals (D13, "Becoming a curator"). */
export const CURATOR_REFUSALS = {
  admin: (email: string) =>
    `User '${email}' is an admin and therefore has all permissions of a curator. If you'd like this user to only have curator permissions, you must update their role to BASIC then assign them to be CURATOR in the appropriate groups.`,
  globalCurator: (email: string) =>
    `User '${email}' is a global_curator and therefore has all permissions of a curator for all groups. If you'd like this user to only have curator permissions for a specific group, you must update their role to BASIC then assign them to be CURATOR in the appropriate groups.`,
  otherRole: (email: string, role: string) =>
    `This endpoint can only be used to update the curator relationship for users with the CURATOR or BASIC role. Target user: ${email}. Target user role: ${role}.`,
  notMember: (email: string, groupId: number) =>
    `target user ${email} is not in group '${groupId}'`,
} as const;

/** D13: why a user of `role` cannot be made a curator (null: they can). */
export function curatorRefusal(email: string, role: string): string | null {
  if (role === 'admin') return CURATOR_REFUSALS.admin(email);
  if (role === 'global_curator') return CURATOR_REFUSALS.globalCurator(email);
  if (role !== 'basic' && role !== 'curator') return CURATOR_REFUSALS.otherRole(email, role);
  return null;
}
