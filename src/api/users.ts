import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest } from './client';
import type { SetUserRoleRequest } from './contract';

export const userKeys = {
  all: ['users'] as const,
};

/** D8: the answer is `null` on success; every refusal is an ApiError with its words. */
export function useSetUserRole() {
  return useMutation({
    mutationKey: [...userKeys.all, 'set-role'],
    mutationFn: (body: SetUserRoleRequest) =>
      apiRequest({ method: 'PATCH', path: '/manage/set-user-role', body, schema: z.null() }),
  });
}
