import type { UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../api/client';
import { emailAddressSchema, setUserRoleRequestSchema, USER_ROLES } from '../../api/contract';

/** The contract's request (D8) with the words a person needs for each field. */
export const roleFormSchema = z.object({
  ...setUserRoleRequestSchema.shape,
  user_email: z
    .string()
    .trim()
    .min(1, "Enter the e-mail address of the user whose role you're setting.")
    .pipe(emailAddressSchema),
  new_role: z.enum(USER_ROLES, { error: 'Choose the new role.' }),
  explicit_override: z.boolean(),
});
export type RoleFormInput = z.input<typeof roleFormSchema>;
/** What the form hands to useSetUserRole: the same schema types the mutation's input. */
export type RoleFormValues = z.output<typeof roleFormSchema>;

export const FIELDS = ['user_email', 'new_role', 'explicit_override'] as const;
const isField = (name: unknown): name is (typeof FIELDS)[number] =>
  (FIELDS as readonly unknown[]).includes(name);

const fieldOf = (loc: readonly (string | number)[]) => {
  const [where, field] = loc;
  return where === 'body' && isField(field) ? field : null;
};
const problemsOf = (error: unknown) =>
  error instanceof ApiError && error.status === 422 ? error.validationErrors : [];

/** D3: each 422 problem goes next to its field (`["body", "user_email"]` → user_email). */
export function placeServerErrors(error: unknown, setError: UseFormSetError<RoleFormInput>) {
  for (const { loc, msg } of problemsOf(error)) {
    const field = fieldOf(loc);
    if (field) setError(field, { type: 'server', message: msg });
  }
}

/** The 422 messages that belong to no field of the form, to show with the outcome. */
export const unplacedMessages = (error: unknown) =>
  problemsOf(error)
    .filter(({ loc }) => fieldOf(loc) === null)
    .map(({ loc, msg }) => `${loc.join(' › ')}: ${msg}`);
