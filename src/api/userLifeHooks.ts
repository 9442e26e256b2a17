// The life of a user from the panel (docs/api.md, "Users"): invitations, deactivation,
// reactivation, deletion and the CSV. Every change refreshes what the users page
// shows (the directory and the invitations live under the same key).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveFile } from '../lib/saveFile';
import { apiDownload, apiRequest } from './client';
import { userKeys } from './users';
import { routes } from './routes';

const {
  activateUser,
  deactivateUser,
  deleteUser,
  downloadUsers,
  inviteUsers,
  listInvitedUsers,
  removeInvitedUser,
} = routes;

export const invitedUsersQuery = () =>
  queryOptions({
    queryKey: [...userKeys.all, 'invited'] as const,
    queryFn: ({ signal }) => apiRequest(listInvitedUsers, { signal }),
  });

export const useInvitedUsers = () => useQuery(invitedUsersQuery());

/** A change of the users page: on success the directory and the invitations are read again. */
function useUserChange<V, R = unknown>(name: string, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...userKeys.all, name],
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** All or nothing: one bad address (400) invites none. */
export const useInviteUsers = () =>
  useUserChange('invite', (emails: string[]) => apiRequest(inviteUsers, { body: { emails } }));

export const useRemoveInvitation = () =>
  useUserChange('uninvite', (user_email: string) =>
    apiRequest(removeInvitedUser, { body: { user_email } }),
  );

/** What can happen to a user, and the endpoint that does it. */
export const USER_LIFE_ROUTES = {
  deactivate: deactivateUser,
  reactivate: activateUser,
  delete: deleteUser,
} as const;
export type UserLifeAction = keyof typeof USER_LIFE_ROUTES;

export const useUserLifeChange = () =>
  useUserChange('life', ({ action, email }: { action: UserLifeAction; email: string }) =>
    apiRequest(USER_LIFE_ROUTES[action], { body: { user_email: email } }),
  );

/** The CSV of users, fetched with the panel's credentials and saved as users.csv. */
export async function downloadUsersCsv() {
  saveFile(await apiDownload(downloadUsers), 'users.csv');
}
