// The life of a user (docs/api.md, "Users"): invited, deactivated, reactivated,
// deleted, and the whole list as CSV.
import * as z from 'zod/mini';
import {
  bulkInviteResponseSchema,
  invitedUserListSchema,
  inviteUsersRequestSchema,
  userByEmailSchema,
} from '../userLife';
import { endpoint } from '../endpoint';

export const inviteUsers = endpoint({
  method: 'PUT',
  path: '/manage/admin/users',
  summary:
    'Invite e-mail addresses (Onyx): all or nothing — one bad address (400, naming each bad one) invites none. Addresses already invited or already users are left as they are.',
  access: 'admin',
  body: inviteUsersRequestSchema,
  answer: bulkInviteResponseSchema,
  action: 'user.create',
  errors: [400, 415, 422],
});

export const listInvitedUsers = endpoint({
  method: 'GET',
  path: '/manage/users/invited',
  summary: 'Open invitations: addresses invited that are not users yet, by address.',
  access: 'admin',
  answer: invitedUserListSchema,
  errors: [],
});

export const removeInvitedUser = endpoint({
  method: 'PATCH',
  path: '/manage/admin/remove-invited-user',
  summary:
    'Withdraw the invitation of `user_email` (letter case ignored); answers how many invitations are left open.',
  access: 'admin',
  body: userByEmailSchema,
  answer: z.int(),
  action: 'user.delete',
  errors: [415, 422],
});

export const deactivateUser = endpoint({
  method: 'PATCH',
  path: '/manage/admin/deactivate-user',
  summary:
    'Deactivate a user: their keys are refused (401 saying so) and their sessions end at once. Not yourself, not the last active admin (400); 404 for an unknown address.',
  access: 'admin',
  body: userByEmailSchema,
  answer: z.null(),
  action: 'user.deactivate',
  errors: [400, 404, 415, 422],
});

export const activateUser = endpoint({
  method: 'PATCH',
  path: '/manage/admin/activate-user',
  summary: 'Reactivate a user: their keys work again. 404 for an unknown address.',
  access: 'admin',
  body: userByEmailSchema,
  answer: z.null(),
  action: 'user.reactivate',
  errors: [404, 415, 422],
});

export const deleteUser = endpoint({
  method: 'DELETE',
  path: '/manage/admin/delete-user',
  summary:
    'Delete a deactivated user (400 for an active one, or yourself) with their keys and sessions; what they made stays.',
  access: 'admin',
  body: userByEmailSchema,
  answer: z.null(),
  action: 'user.delete',
  errors: [400, 404, 415, 422],
});

export const downloadUsers = endpoint({
  method: 'GET',
  path: '/manage/users/download',
  summary: 'Every user as CSV (Onyx): Email, Role, Status (Active or Inactive).',
  access: 'admin',
  answer: z.string(),
  csv: true,
  errors: [],
});
