// What an invitation did, in words: who was invited now (and how they get in),
// who was invited already, who is a user already.
import type { BulkInviteResponse, InvitedUser } from '../../contract/userLife';

const joined = (emails: readonly string[]) => emails.join(', ');
const leftAsIs = (count: number) => `left as ${count === 1 ? 'it was' : 'they were'}`;

export function inviteOutcome(
  emails: readonly string[],
  answer: BulkInviteResponse,
  /** The open invitations after it; null when they could not be read. */
  open: readonly InvitedUser[] | null,
  /** The single sign-on's name; undefined: none on this server. */
  provider: string | undefined,
): string {
  const lower = (email: string) => email.toLowerCase();
  const now = new Set(answer.invited_emails.map(lower));
  const stillOpen = new Set(
    (open ?? emails.map((email) => ({ email }))).map(({ email }) => lower(email)),
  );
  const invited = emails.filter((email) => now.has(lower(email)));
  const rest = emails.filter((email) => !now.has(lower(email)));
  const already = rest.filter((email) => stillOpen.has(lower(email)));
  const users = rest.filter((email) => !stillOpen.has(lower(email)));
  return [
    invited.length > 0 &&
      `Invited ${joined(invited)}. ${
        provider
          ? `They can sign in with ${provider}.`
          : `Send ${invited.length === 1 ? 'them their' : 'each their'} sign-in link below.`
      }`,
    already.length > 0 &&
      `${joined(already)} ${already.length === 1 ? 'is' : 'are'} already invited: ${leftAsIs(already.length)}.`,
    users.length > 0 &&
      `${joined(users)} ${users.length === 1 ? 'is a user' : 'are users'} already: ${leftAsIs(users.length)}.`,
  ]
    .filter(Boolean)
    .join(' ');
}
