import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useSession } from '../lib/useSession';
import { apiRequest } from './client';
import type { SetUserRoleRequest } from '../contract/contract';
import { routes } from './routes';

const { getMe, listAcceptedUsers, setUserRole } = routes;

export interface UserFilters {
  q: string;
  page: number;
  pageSize: number;
  /** Only active (true) or deactivated (false) users; everyone when absent. */
  active?: boolean;
}

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (filters: UserFilters) => [...userKeys.lists(), filters] as const,
  /** Under `all`: a role change made here refreshes who the signed-in user is too. */
  me: () => [...userKeys.all, 'me'] as const,
};

/** Who the signed-in key acts as; the shell shows each role only what it may do. */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: userKeys.me(),
    queryFn: ({ signal }) => apiRequest(getMe, { signal }),
    staleTime: 60_000,
    retry: false,
  });

/** Asked only when signed in: before sign-in there is nobody to ask about. */
export const useCurrentUser = () => {
  const { signedIn } = useSession();
  return useQuery({ ...currentUserQuery(), enabled: signedIn });
};

export const userListQuery = (filters: UserFilters) =>
  queryOptions({
    queryKey: userKeys.list(filters),
    queryFn: ({ signal }) =>
      apiRequest(listAcceptedUsers, {
        query: {
          q: filters.q || undefined,
          page_num: filters.page,
          page_size: filters.pageSize,
          is_active: filters.active === undefined ? undefined : String(filters.active),
        },
        signal,
      }),
  });

/** The directory keeps the previous page on screen while the next one loads. */
export const useUserDirectory = (filters: UserFilters) =>
  useQuery({ ...userListQuery(filters), placeholderData: keepPreviousData });

/** D8: the answer is `null` on success; every refusal is an ApiError with its words. */
export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...userKeys.all, 'set-role'],
    mutationFn: (body: SetUserRoleRequest) => apiRequest(setUserRole, { body }),
    // The directory shows roles: it is fetched again after a change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
