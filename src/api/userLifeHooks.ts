// The life of a user from the panel (docs/api.md, "Users"): invitations, deactivation,
// reactivation, deletion and the CSV. Every change refreshes what the users page
// shows (the directory and the invitations live under the same key).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { saveFile } from '../lib/saveFile';
import { apiDownload, apiRequest } from './client';
import { userKeys } from './users';
import { bulkInviteResponseSchema, invitedUserListSchema } from '../contract/userLife';

export const invitedUsersQuery = () =>
  queryOptions({
    queryKey: [...userKeys.all, 'invited'] as const,
    queryFn: ({ signal }) =>
      apiRequest({ path: '/manage/users/invited', schema: invitedUserListSchema, signal }),
  });

export const useInvitedUsers = () => useQuery(invitedUsersQuery());

/** A change of the users page: on success the directory and the invitations are read again. */
function useUserChange<V>(name: string, mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...userKeys.all, name],
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** All or nothing: one bad address (400) invites none. */
export const useInviteUsers = () =>
  useUserChange('invite', (emails: string[]) =>
    apiRequest({
      method: 'PUT',
      path: '/manage/admin/users',
      body: { emails },
      schema: bulkInviteResponseSchema,
    }),
  );

export const useRemoveInvitation = () =>
  useUserChange('uninvite', (user_email: string) =>
    apiRequest({
      method: 'PATCH',
      path: '/manage/admin/remove-invited-user',
      body: { user_email },
      schema: z.int(),
    }),
  );

/** What can happen to a user, and the route that does it. */
export const USER_LIFE_ROUTES = {
  deactivate: { method: 'PATCH', path: '/manage/admin/deactivate-user' },
  reactivate: { method: 'PATCH', path: '/manage/admin/activate-user' },
  delete: { method: 'DELETE', path: '/manage/admin/delete-user' },
} as const;
export type UserLifeAction = keyof typeof USER_LIFE_ROUTES;

export const useUserLifeChange = () =>
  useUserChange('life', ({ action, email }: { action: UserLifeAction; email: string }) =>
    apiRequest({ ...USER_LIFE_ROUTES[action], body: { user_email: email }, schema: z.null() }),
  );

/** The CSV of users, fetched with the panel's credentials and saved as users.csv. */
export async function downloadUsersCsv() {
  saveFile(await apiDownload('/manage/users/download'), 'users.csv');
}
