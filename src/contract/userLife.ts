// The life of a user (docs/api.md, "Users"), in Onyx's routes and shapes: invite
// addresses, list and withdraw invitations, deactivate, reactivate and delete a
// user, export the directory as CSV. The server and the panel both use these.
import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH, isEmailAddress, isKeyAddress, KEY_ADDRESS_PROBLEM } from './rules';
import { boundedList } from './schemaParts';
import { invitationLinkSchema } from './invitationLinks';
import { describeAnswer } from './answerWords';

/** At most this many addresses in one invitation. */
export const INVITE_BATCH_MAX = 1000;

const emailList = boundedList(z.string()).check(z.maxLength(INVITE_BATCH_MAX));
// A checked list has no JSON Schema of its own: the OpenAPI document says what it holds.
z.globalRegistry.add(emailList, {
  type: 'array',
  items: { type: 'string' },
  maxItems: INVITE_BATCH_MAX,
  description: `The e-mail addresses to invite, at most ${INVITE_BATCH_MAX}: all of them valid, or none is invited.`,
} as z.core.GlobalMeta);

/** `PUT /manage/admin/users`: every address valid, or none is invited. */
export const inviteUsersRequestSchema = z.object({ emails: emailList });
export type InviteUsersRequest = z.infer<typeof inviteUsersRequestSchema>;

/** Onyx's EmailInviteStatus; this service sends no e-mail, so it answers DISABLED. */
export const EMAIL_INVITE_STATUSES = ['SENT', 'NOT_CONFIGURED', 'SEND_FAILED', 'DISABLED'] as const;

/**
 * Onyx's BulkInviteResponse: `invited_count` is how many invitations are open
 * after. Beyond Onyx: the addresses this request invited (not those invited or
 * users already), and, on a server without single sign-on, a sign-in link for each.
 */
export const bulkInviteResponseSchema = z.object({
  invited_count: z.int(),
  email_invite_status: z.enum(EMAIL_INVITE_STATUSES),
  invited_emails: z.array(z.string()),
  sign_in_links: z.optional(z.array(invitationLinkSchema)),
});
describeAnswer(bulkInviteResponseSchema, {
  invited_count: 'How many invitations are open after this one.',
  email_invite_status: 'Always `DISABLED`: this service sends no e-mail; tell people yourself.',
  invited_emails:
    'The addresses this request invited: not those invited or users already (beyond Onyx).',
  sign_in_links:
    'Only on a server without single sign-on: a one-time sign-in link for each address invited now. Shown this once; the server keeps only a hash.',
});
export type BulkInviteResponse = z.infer<typeof bulkInviteResponseSchema>;

/** Onyx's InvitedUserSnapshot. */
export const invitedUserSchema = z.object({ email: z.string() });
describeAnswer(invitedUserSchema, { email: 'The invited e-mail address.' });
export const invitedUserListSchema = z.array(invitedUserSchema);
export type InvitedUser = z.infer<typeof invitedUserSchema>;

/** Onyx's UserByEmail: the body of removal, deactivation, reactivation and deletion. */
export const userByEmailSchema = z.object({
  user_email: z.string().check(z.describe('The e-mail address of the user (letter case ignored).')),
});
export type UserByEmail = z.infer<typeof userByEmailSchema>;

/** Why an address cannot be invited, or null when it can. */
export function inviteAddressProblem(address: string): string | null {
  if (address.trim() === '') return 'it is empty';
  if (address.length > EMAIL_MAX_LENGTH) return `it is longer than ${EMAIL_MAX_LENGTH} characters`;
  if (!isEmailAddress(address)) return 'it needs a local part, an @ and a domain with a dot';
  if (isKeyAddress(address)) return KEY_ADDRESS_PROBLEM;
  return null;
}

/** The invitation's bad addresses, each with why, in the order given. */
export const badInviteAddresses = (emails: readonly string[]) =>
  emails.flatMap((email) => {
    const problem = inviteAddressProblem(email);
    return problem ? [{ email, problem }] : [];
  });

/** Onyx's words for a bad address (400), one sentence per address. */
export const invalidAddressesDetail = (bad: readonly { email: string; problem: string }[]) =>
  bad.map(({ email, problem }) => `Invalid email address: ${email} - ${problem}`).join('; ');

/** Several addresses in one text: split at commas, semicolons, spaces and line ends. */
export const splitAddresses = (text: string) => text.split(/[\s,;]+/).filter((part) => part !== '');

// The refusals (400), Onyx's words where Onyx has them.
export const USER_NOT_FOUND = 'User not found';
export const SELF_DEACTIVATION_REFUSAL = 'You cannot deactivate yourself';
export const SELF_DELETION_REFUSAL = 'You cannot delete yourself';
export const DELETE_ACTIVE_REFUSAL = 'User must be deactivated before deleting';
/** The last active admin can be neither deactivated nor deleted (the rule of D8's last admin). */
export const LAST_ACTIVE_ADMIN_REFUSAL =
  'This is the last active admin: they cannot be deactivated or deleted until another user is an active admin.';

/** `GET /manage/users/download`: Onyx's columns. */
export const USERS_CSV_COLUMNS = ['Email', 'Role', 'Status'] as const;
export const userStatusWord = (isActive: boolean) => (isActive ? 'Active' : 'Inactive');

/** The directory's filter on `is_active` (Onyx's query parameter). */
export const ACTIVE_FILTERS = ['true', 'false'] as const;
