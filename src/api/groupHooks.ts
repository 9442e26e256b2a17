// User groups in the panel (D13): the groups the signed-in user controls, and
// the changes to them. A change may change roles (a member made curator is a
// curator), so each refreshes the groups, the users' directory and who the
// signed-in user is (and the activity log, as every change does).
import {
  hashKey,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { SetCuratorRequest, UserGroupCreate, UserGroupUpdate } from '../contract/groups';
import { routes } from './routes';
import { apiRequest } from './client';
import { userKeys } from './users';

const {
  addGroupMembers,
  createGroup,
  deleteGroup,
  getGroup,
  listGroupPage,
  listGroups,
  listGroupNames,
  listControlledGroupNames,
  setGroupCurator,
  updateGroup,
} = routes;

export const groupKeys = {
  all: ['user-groups'] as const,
  lists: () => [...groupKeys.all, 'list'] as const,
  page: (filters: GroupPageFilters) => [...groupKeys.all, 'page', filters] as const,
  one: (id: number) => [...groupKeys.all, 'one', id] as const,
};

export interface GroupPageFilters {
  /** Part of a group's name; empty: every group. */
  q: string;
  /** From 0. */
  page: number;
  pageSize: number;
}

/** One page of the groups the caller controls, found by name (the server searches and pages). */
export const groupPageQuery = (filters: GroupPageFilters) =>
  queryOptions({
    queryKey: groupKeys.page(filters),
    queryFn: ({ signal }) =>
      apiRequest(listGroupPage, {
        query: { q: filters.q || undefined, page_num: filters.page, page_size: filters.pageSize },
        signal,
      }),
  });

/** The page on screen stays while the next one (another page, another search) is asked. */
export const useGroupPage = (filters: GroupPageFilters, enabled = true) =>
  useQuery({ ...groupPageQuery(filters), placeholderData: keepPreviousData, enabled });

/** One group the caller controls. */
export const useGroup = (id: number, enabled = true) =>
  useQuery({
    queryKey: groupKeys.one(id),
    queryFn: ({ signal }) => apiRequest(getGroup, { params: { user_group_id: id }, signal }),
    enabled,
  });

export const groupListQuery = () =>
  queryOptions({
    queryKey: groupKeys.lists(),
    queryFn: ({ signal }) => apiRequest(listGroups, { signal }),
  });

export const useGroups = () => useQuery(groupListQuery());

/** The ids and names of the groups the caller controls: what a choice of groups offers. */
export const controlledGroupNamesQuery = () =>
  queryOptions({
    queryKey: [...groupKeys.all, 'controlled-names'] as const,
    queryFn: ({ signal }) => apiRequest(listControlledGroupNames, { signal }),
  });

export const useControlledGroupNames = () => useQuery(controlledGroupNamesQuery());

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

/**
 * The deleted group's own read is marked stale but not asked again while its
 * page is open: it would answer 404, and the page would turn into "No such
 * group" before the delete's caller says it and moves on.
 */
export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(deleteGroup, { params: { user_group_id: id } }),
    onSuccess: (_done, id) => {
      const gone = groupKeys.one(id);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: gone, refetchType: 'none' }),
        queryClient.invalidateQueries({
          queryKey: groupKeys.all,
          predicate: (query) => query.queryHash !== hashKey(gone),
        }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]);
    },
  });
}
