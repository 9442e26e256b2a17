// User groups in the panel (D13): the groups the signed-in user controls, and
// the changes to them. A change may change roles (a member made curator is a
// curator), so each refreshes the groups, the users' directory and who the
// signed-in user is (and the activity log, as every change does).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  userGroupListSchema,
  userGroupSchema,
  type SetCuratorRequest,
  type UserGroupCreate,
  type UserGroupUpdate,
} from '../contract/groups';
import { apiRequest } from './client';
import { userKeys } from './users';

const BASE = '/manage/admin/user-group';

export const groupKeys = {
  all: ['user-groups'] as const,
  lists: () => [...groupKeys.all, 'list'] as const,
};

export const groupListQuery = () =>
  queryOptions({
    queryKey: groupKeys.lists(),
    queryFn: ({ signal }) => apiRequest({ path: BASE, schema: userGroupListSchema, signal }),
  });

export const useGroups = () => useQuery(groupListQuery());

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
  useGroupMutation((body: UserGroupCreate) =>
    apiRequest({ method: 'POST', path: BASE, body, schema: userGroupSchema }),
  );

/** D13: members and pairs replaced as a whole. */
export const useUpdateGroup = () =>
  useGroupMutation(({ id, ...body }: UserGroupUpdate & { id: number }) =>
    apiRequest({ method: 'PATCH', path: `${BASE}/${id}`, body, schema: userGroupSchema }),
  );

export const useAddGroupMembers = () =>
  useGroupMutation(({ id, user_ids }: { id: number; user_ids: string[] }) =>
    apiRequest({
      method: 'POST',
      path: `${BASE}/${id}/add-users`,
      body: { user_ids },
      schema: userGroupSchema,
    }),
  );

export const useSetCurator = () =>
  useGroupMutation(({ id, ...body }: SetCuratorRequest & { id: number }) =>
    apiRequest({ method: 'POST', path: `${BASE}/${id}/set-curator`, body, schema: z.null() }),
  );

export const useDeleteGroup = () =>
  useGroupMutation((id: number) =>
    apiRequest({ method: 'DELETE', path: `${BASE}/${id}`, schema: z.null() }),
  );
