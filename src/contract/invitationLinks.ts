// Sign-in links for invitations when there is no single sign-on
// (docs/security.md, "Sign-in links of invitations"): one per invited address,
// shown once to the admin who invites, good for one sign-in within its days,
// withdrawn with its invitation. The server keeps only its token's hash.
import * as z from 'zod/mini';

/** A link lasts this long unless the server is told otherwise. */
export const INVITATION_LINK_DAYS = 7;

export { INVITATION_FRAGMENT } from './browserNames';
import { describeAnswer } from './answerWords';

/** A link as the admin who invites is given it (once). */
export const invitationLinkSchema = z.object({
  email: z.string(),
  link: z.string(),
  expires_at: z.string(),
});
describeAnswer(invitationLinkSchema, {
  email: 'The invited address the link signs in.',
  link: 'The panel’s address with the token after `#invitation=`: opened once, it signs this person in.',
  expires_at: 'When the link stops working (ISO-8601, UTC), unless used or withdrawn before.',
});
export type InvitationLink = z.infer<typeof invitationLinkSchema>;

/** `POST /auth/invitation`: the token of a link, for a session. */
export const useInvitationRequestSchema = z.object({
  token: z.string().check(z.minLength(1), z.describe('The token of the sign-in link.')),
});

// Why a link opens nothing (410), in words the invited person can act on.
const ASK_AGAIN = 'Ask an administrator to invite you again.';
export const INVITATION_LINK_REFUSALS = {
  unknown: `This sign-in link is not known here. ${ASK_AGAIN}`,
  used: `This sign-in link has been used already: each one signs in once. ${ASK_AGAIN}`,
  revoked: `This sign-in link was withdrawn with its invitation. ${ASK_AGAIN}`,
  expired: `This sign-in link has expired. ${ASK_AGAIN}`,
  deactivated:
    'The account of this sign-in link is deactivated. An administrator can reactivate it.',
} as const;
export type InvitationLinkRefusal = keyof typeof INVITATION_LINK_REFUSALS;
