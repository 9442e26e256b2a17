// The users (D8): who am I, the directory and a user's role.
import * as z from 'zod/mini';
import {
  acceptedUsersPageSchema,
  currentUserSchema,
  setUserRoleRequestSchema,
  USERS_PAGE_SIZE_MAX,
} from '../contract';
import { ACTIVE_FILTERS } from '../userLife';
import { described, endpoint, integerText, queryText, type IntegerBounds } from '../endpoint';
import { issueType } from '../schemaParts';

/** The users directory's pages: from 0, 10 users a page unless asked, at most USERS_PAGE_SIZE_MAX. */
export const PAGE_NUM = { minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0 } as const;
export const PAGE_SIZE = { minimum: 1, maximum: USERS_PAGE_SIZE_MAX, default: 10 } as const;
PAGE_NUM satisfies IntegerBounds;

/** D3: Onyx's `is_active` filter, `true` or `false`; absent: everyone. */
const activeFilter = described(
  z.pipe(
    z.string().check(
      z.refine((text) => (ACTIVE_FILTERS as readonly string[]).includes(text), {
        message: 'Input should be a valid boolean, unable to interpret input',
        ...issueType('bool_parsing'),
      }),
    ),
    z.transform((text: string) => text === 'true'),
  ),
  'true: active users only; false: deactivated users only; absent: everyone.',
);

// The order of the fields is the order of their problems (D3).
export const acceptedUsersQuerySchema = z.object({
  q: z.optional(queryText('Part of an e-mail address, letter case ignored.')),
  page_num: z.optional(integerText('The page, from 0.', PAGE_NUM)),
  page_size: z.optional(integerText('Users a page, at most 100.', PAGE_SIZE)),
  is_active: z.optional(activeFilter),
});

// Who the caller is: any role may ask, so the panel shows each role what it may do.
export const getMe = endpoint({
  method: 'GET',
  path: '/me',
  summary: 'Who the key acts as: id, e-mail address and current role.',
  access: 'anyRole',
  answer: currentUserSchema,
  errors: [],
});

export const listAcceptedUsers = endpoint({
  method: 'GET',
  path: '/manage/users/accepted',
  summary: 'The users directory, by e-mail address, a page at a time.',
  access: 'admin',
  query: acceptedUsersQuerySchema,
  answer: acceptedUsersPageSchema,
  errors: [422],
});

export const setUserRole = endpoint({
  method: 'PATCH',
  path: '/manage/set-user-role',
  summary: "Change a user's role. Answers `null` when done.",
  access: 'admin',
  body: setUserRoleRequestSchema,
  answer: z.null(), // D8: the body is `null`
  action: 'user.role_change',
  errors: [400, 404, 415, 422],
});
