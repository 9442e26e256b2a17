// User groups (D13), at Onyx's routes: admins make and delete groups; whoever
// controls a group edits its members, curators and pairs.
import * as z from 'zod/mini';
import {
  addUsersToGroupSchema,
  minimalUserGroupListSchema,
  GROUP_PAGE_SIZE_MAX,
  setCuratorSchema,
  userGroupCreateSchema,
  userGroupListSchema,
  userGroupPageSchema,
  userGroupSchema,
  userGroupUpdateSchema,
} from '../groups';
import { endpoint, integerText, queryText, type IntegerBounds } from '../endpoint';

const GROUPS = '/manage/admin/user-group';
const ONE = `${GROUPS}/{user_group_id}`;

// Any id parses (D3); one that names nothing (or a group the caller does not control) is a 404.
const oneGroup = z.object({ user_group_id: integerText('The user group id.') });

export const listGroups = endpoint({
  method: 'GET',
  path: GROUPS,
  summary: 'The user groups the caller controls (an admin: every group), by name.',
  access: 'curatorOrAdmin',
  answer: userGroupListSchema,
  errors: [],
});

/** The groups' pages: from 0, 20 groups a page unless asked, at most GROUP_PAGE_SIZE_MAX. */
export const GROUP_PAGE_NUM = {
  minimum: 0,
  maximum: Number.MAX_SAFE_INTEGER,
  default: 0,
} as const satisfies IntegerBounds;
export const GROUP_PAGE_SIZE = {
  minimum: 1,
  maximum: GROUP_PAGE_SIZE_MAX,
  default: 20,
} as const satisfies IntegerBounds;

// The order of the fields is the order of their problems (D3).
export const groupPageQuerySchema = z.object({
  q: z.optional(queryText('Part of the group’s name, letter case ignored.')),
  page_num: z.optional(integerText('The page, from 0.', GROUP_PAGE_NUM)),
  page_size: z.optional(
    integerText(`Groups a page, at most ${GROUP_PAGE_SIZE_MAX}.`, GROUP_PAGE_SIZE),
  ),
});

export const listGroupPage = endpoint({
  method: 'GET',
  path: `${GROUPS}/page`,
  summary:
    'One page of the user groups the caller controls (an admin: every group), by name; `q` keeps those whose name holds it.',
  access: 'curatorOrAdmin',
  query: groupPageQuerySchema,
  answer: userGroupPageSchema,
  errors: [422],
});

export const getGroup = endpoint({
  method: 'GET',
  path: ONE,
  summary: 'One user group the caller controls: its members, curators and pairs.',
  access: 'curatorOrAdmin',
  params: oneGroup,
  answer: userGroupSchema,
  errors: [404, 422],
});

export const createGroup = endpoint({
  method: 'POST',
  path: GROUPS,
  summary: 'Create a user group with its members and pairs (admins only).',
  access: 'admin',
  body: userGroupCreateSchema,
  answer: userGroupSchema,
  action: 'user_group.create',
  errors: [400, 404, 415, 422],
});

export const updateGroup = endpoint({
  method: 'PATCH',
  path: ONE,
  summary: 'Replace a group’s members and pairs; roles follow curatorships.',
  access: 'curatorOrAdmin',
  params: oneGroup,
  body: userGroupUpdateSchema,
  answer: userGroupSchema,
  action: 'user_group.update',
  errors: [404, 415, 422],
});

export const addGroupMembers = endpoint({
  method: 'POST',
  path: `${ONE}/add-users`,
  summary: 'Add members to a group (those already in it stay as they are).',
  access: 'curatorOrAdmin',
  params: oneGroup,
  body: addUsersToGroupSchema,
  answer: userGroupSchema,
  action: 'user_group.update',
  errors: [404, 415, 422],
});

export const setGroupCurator = endpoint({
  method: 'POST',
  path: `${ONE}/set-curator`,
  summary:
    'Make a member a curator of the group, or stop; a basic member who curates becomes `curator`, a curator who curates nothing `basic`.',
  access: 'curatorOrAdmin',
  params: oneGroup,
  body: setCuratorSchema,
  answer: z.null(),
  action: 'user_group.set_curator',
  errors: [400, 404, 415, 422],
});

export const deleteGroup = endpoint({
  method: 'DELETE',
  path: ONE,
  summary:
    'Delete a group (admins only). Its pairs keep their other groups; a private pair left with none is seen by admins only.',
  access: 'admin',
  params: oneGroup,
  answer: z.null(),
  action: 'user_group.delete',
  errors: [404, 422],
});

/**
 * What a choice of groups needs and no more: the ids and names of the groups
 * the caller controls, for the access choice, a credential's sharing and the
 * connectors list's Group filter (a thousand groups with their members and
 * pairs are not what a few boxes need).
 */
export const listControlledGroupNames = endpoint({
  method: 'GET',
  path: `${GROUPS}/names`,
  summary:
    'The ids and names of the user groups the caller controls (an admin: every group), by name.',
  access: 'curatorOrAdmin',
  answer: minimalUserGroupListSchema,
  errors: [],
});

export const listGroupNames = endpoint({
  method: 'GET',
  path: '/manage/user-groups/minimal',
  summary:
    'Group ids and names: every group for an admin, the caller’s own groups for anyone else.',
  access: 'anyRole',
  answer: minimalUserGroupListSchema,
  errors: [],
});
