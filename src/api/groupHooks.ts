// User groups in the panel (D13): the groups the signed-in user controls, and
// the changes to them. A change may change roles (a member made curator is a
// curator), so each refreshes the groups, the users' directory and who the
// signed-in user is (and the activity log, as every change does).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SetCuratorRequest, UserGroupCreate, UserGroupUpdate } from '../contract/groups';
import { routes } from './routes';
import { apiRequest } from './client';
import { userKeys } from './users';

const {
  addGroupMembers,
  createGroup,
  deleteGroup,
  listGroups,
  listGroupNames,
  setGroupCurator,
  updateGroup,
} = routes;

export const groupKeys = {
  all: ['user-groups'] as const,
  lists: () => [...groupKeys.all, 'list'] as const,
};

export const groupListQuery = () =>
  queryOptions({
    queryKey: groupKeys.lists(),
    queryFn: ({ signal }) => apiRequest(listGroups, { signal }),
  });

export const useGroups = () => useQuery(groupListQuery());

/** Group ids and names: every group for an admin, the caller's own for anyone else. */
export const groupNamesQuery = () =>
  queryOptions({
    queryKey: [...groupKeys.all, 'names'] as const,
    queryFn: ({ signal }) => apiRequest(listGroupNames, { signal }),
  });

function useGroupMutation<I, O>(request: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: groupKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]),
  });
}

export const useCreateGroup = () =>
  useGroupMutation((body: UserGroupCreate) => apiRequest(createGroup, { body }));

/** D13: members and pairs replaced as a whole. */
export const useUpdateGroup = () =>
  useGroupMutation(({ id, ...body }: UserGroupUpdate & { id: number }) =>
    apiRequest(updateGroup, { params: { user_group_id: id }, body }),
  );

export const useAddGroupMembers = () =>
  useGroupMutation(({ id, user_ids }: { id: number; user_ids: string[] }) =>
    apiRequest(addGroupMembers, { params: { user_group_id: id }, body: { user_ids } }),
  );

export const useSetCurator = () =>
  useGroupMutation(({ id, ...body }: SetCuratorRequest & { id: number }) =>
    apiRequest(setGroupCurator, { params: { user_group_id: id }, body }),
  );

export const useDeleteGroup = () =>
  useGroupMutation((id: number) => apiRequest(deleteGroup, { params: { user_group_id: id } }));
