import type { UseFormSetError } from 'react-hook-form';
import * as z from 'zod/mini';
import { USER_ROLES, type SetUserRoleRequest } from '../../contract/contract';
import { emailAddressSchema } from '../../contract/schemaParts';
import {
  placeServerErrors as placeOnFields,
  problemWords,
  validationProblemsOf,
} from '../../lib/fieldErrors';

/**
 * The contract's request (D8), field for field (`satisfies` keeps the keys the
 * same), with the words a person needs for each.
 */
export const roleFormSchema = z.object({
  user_email: z.pipe(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, "Enter the e-mail address of the user whose role you're setting."),
      ),
    emailAddressSchema,
  ),
  new_role: z.enum(USER_ROLES, { error: 'Choose the new role.' }),
  explicit_override: z.boolean(),
} satisfies Record<keyof SetUserRoleRequest, z.ZodMiniType>);
type RoleFormInput = z.input<typeof roleFormSchema>;
/** What the form hands to useSetUserRole: the same schema types the mutation's input. */
export type RoleFormValues = z.output<typeof roleFormSchema>;

const FIELDS = ['user_email', 'new_role', 'explicit_override'] as const;
const isField = (name: unknown): name is (typeof FIELDS)[number] =>
  (FIELDS as readonly unknown[]).includes(name);

/** `["body", "user_email"]` → user_email; any other loc belongs to no field. */
const fieldOf = (loc: readonly (string | number)[]) => {
  const [where, field] = loc;
  return where === 'body' && isField(field) ? field : null;
};

/** D3: each 422 problem goes next to its field. */
export const placeServerErrors = (error: unknown, setError: UseFormSetError<RoleFormInput>) =>
  placeOnFields(error, setError, fieldOf);

/** The 422 messages that belong to no field of the form, to show with the outcome. */
export const unplacedMessages = (error: unknown) =>
  validationProblemsOf(error)
    .filter(({ loc }) => fieldOf(loc) === null)
    .map(problemWords);
