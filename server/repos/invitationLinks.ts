// The sign-in links of invitations (server/auth/invitationLinks.ts holds their
// rules): each kept by its token's hash, with its address and how it ended.
import type { Db } from '../db/database';

export interface InvitationLinkRow {
  token_hash: string;
  email_lower: string;
  time_created: string;
  expires_at: string;
}

export async function insertInvitationLinks(db: Db, links: readonly InvitationLinkRow[]) {
  await db
    .insertInto('invitation_links')
    .values(links.map((link) => ({ ...link, ended: null })))
    .execute();
}

/** Ends every open link of the address (`ended`: why); how many it ended. */
export async function endOpenInvitationLinks(
  db: Db,
  emailLower: string,
  ended: 'revoked',
): Promise<number> {
  const result = await db
    .updateTable('invitation_links')
    .set({ ended })
    .where('email_lower', '=', emailLower)
    .where('ended', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Marks the link used when it is open and not past its end, in one statement
 * (of two uses at once, one finds it); its address then, else undefined.
 */
export async function markInvitationLinkUsed(db: Db, tokenHash: string, now: string) {
  const spent = await db
    .updateTable('invitation_links')
    .set({ ended: 'used' })
    .where('token_hash', '=', tokenHash)
    .where('ended', 'is', null)
    .where('expires_at', '>', now)
    .returning('email_lower')
    .executeTakeFirst();
  return spent?.email_lower;
}

/** How the link ended (`null`: open, or past its end unused); undefined when there is no such link. */
export async function findInvitationLinkEnd(db: Db, tokenHash: string) {
  return db
    .selectFrom('invitation_links')
    .select('ended')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}
